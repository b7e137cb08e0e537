import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventData } from '@app/contracts';
import { EventContext, SERVICE_CONFIG } from '@app/service-kit';
import { AccountsRepository } from '../accounts/accounts.repository';
import type { IdentityConfig } from '../config';
import { Mailer } from '../mail/mailer';

/**
 * Practice's daily job says reviews are due for a user; identity holds the address, and sends only
 * to a confirmed one (an unconfirmed address may not be theirs). A redelivered event is not mailed
 * twice: the kit records it as processed with this handler's transaction.
 */
@Controller()
export class ReviewDigestEvents {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly mailer: Mailer,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @EventPattern('practice.review_digest.due', { durable: 'identity.review-digest-due' })
  async onDigestDue(@Payload() digest: EventData<'practice.review_digest.due'>, @Ctx() { tx }: EventContext) {
    const user = await this.accounts.findUser(digest.user_id, tx);
    if (!user?.email_confirmed_at) return;
    const site = this.config.SITE_URL ?? `${new URL(this.config.PUBLIC_URL ?? this.config.AUTH_ISSUER).origin}/`;
    const review = new URL('leetcode/session', site).toString();
    // The link opens a page that asks before it turns the e-mail off: mail scanners fetch links, and a GET must not unsubscribe.
    const unsubscribe = new URL(`review-email/unsubscribe?token=${digest.unsubscribe_token}`, site).toString();
    const n = digest.due_count;
    const more = n - digest.titles.length;
    await this.mailer.send({
      to: user.email,
      subject: `${n} problem${n === 1 ? '' : 's'} to review today`,
      text: [
        `You have ${n} problem${n === 1 ? '' : 's'} to review today (${digest.date}):`,
        '',
        ...digest.titles.map((title) => `- ${title}`),
        ...(more > 0 ? [`- and ${more} more`] : []),
        '',
        `Start reviewing: ${review}`,
        '',
        `You get this e-mail once a day when reviews are due. To stop it, open ${unsubscribe} or turn "Daily review e-mail" off in Settings.`,
      ].join('\n'),
      headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
    });
  }
}
