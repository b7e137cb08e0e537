import { Inject, Injectable } from '@nestjs/common';
import { AuthUser, communityMessages, ContactForm, ContactSubmission } from '@app/contracts';
import { fullNameOf, holdWriteCap, isErased, limitStore, rateLimited, SERVICE_CONFIG, SharedLimit, sweepExpiredLimits, unauthorized } from '@app/service-kit';
import { FeatureRequestsRepository } from '../feature-requests/feature-requests.repository';
import { requireModerator } from '../members';
import type { CommunityConfig } from '../config';
import { ContactRepository } from './contact.repository';

const sweepEveryMs = 5 * 60_000;

@Injectable()
export class ContactService {
  private readonly perAddress: SharedLimit;
  private readonly perAccount: SharedLimit;
  private sweptAt = 0;

  constructor(
    private readonly submissions: ContactRepository,
    private readonly features: FeatureRequestsRepository,
    @Inject(SERVICE_CONFIG) config: CommunityConfig,
  ) {
    // In Postgres (migration 0003), so the figures hold whatever the number of replicas and across restarts.
    const store = limitStore(submissions.db, 'community rate limit keys', config.GATEWAY_SECRET);
    this.perAddress = new SharedLimit(store, 'contact-address', config.CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR, 3600);
    this.perAccount = new SharedLimit(store, 'contact-account', config.CONTACT_MESSAGES_PER_ACCOUNT_PER_HOUR, 3600);
  }

  /**
   * Anyone may write (a page outside the app too): signed out, the client address is limited;
   * signed in, the account is (its id is kept), so messages sent signed out from the same address
   * (an office, a shared network) never use up a signed-in sender's share. 'Feature Request' also
   * files a pending request (the form's title, the message its description), in the same transaction.
   */
  async submit(user: AuthUser | undefined, address: string, form: ContactForm): Promise<string> {
    const wait = user ? await this.perAccount.take(user.id) : await this.perAddress.take(address);
    if (wait > 0) throw rateLimited(wait);
    this.sweepNowAndThen();
    if (user && (await isErased(this.submissions.db, user.id))) throw unauthorized(communityMessages.accountDeleted);
    const userId = user?.id ?? null;
    return this.submissions.db.transaction(async (tx) => {
      // A signed-in sender may write from many addresses: their own day's messages are capped too.
      if (userId) {
        await holdWriteCap(tx, 'contact', { userId, rows: 'contact_form_submissions WHERE user_id = $1' });
      }
      const featureId = form.subject === 'Feature Request' ? await this.features.insertPending(tx, userId, form.title!, form.message) : null;
      // A signed-in sender left blank is named by their account, so moderators can tell who wrote and answer.
      const sender = user ? { ...form, name: form.name ?? fullNameOf(user), email: form.email ?? user.email } : form;
      return this.submissions.insert(tx, userId, sender, featureId);
    });
  }

  /** Ended windows are deleted every few minutes, off the sender's path: the table holds the last hour's senders. */
  private sweepNowAndThen(): void {
    if (Date.now() - this.sweptAt < sweepEveryMs) return;
    this.sweptAt = Date.now();
    sweepExpiredLimits(this.submissions.db).catch(() => undefined);
  }

  list(user: AuthUser): Promise<ContactSubmission[]> {
    requireModerator(user);
    return this.submissions.latest();
  }
}
