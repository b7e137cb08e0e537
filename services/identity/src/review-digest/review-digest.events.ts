import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventData } from '@app/contracts';
import { EventContext, SERVICE_CONFIG } from '@app/service-kit';
import { AccountsRepository } from '../accounts/accounts.repository';
import type { IdentityConfig } from '../config';
import { MailOutbox } from '../mail/mail-outbox';

/**
 * Practice's daily job says reviews are due for a user; identity holds the address, and sends only
 * to a confirmed one (an unconfirmed address may not be theirs). The mail is queued with this
 * handler's transaction (the mail outbox) under the event's id: a redelivery queues nothing twice.
 */
/** The outbox's kind of this mail, and of the switch kept for it among the e-mail choices. */
const reviewDigestKind = 'review_digest';

@Controller()
export class ReviewDigestEvents {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly outbox: MailOutbox,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * Practice's switch, kept beside the other e-mail choices: the sender skips a digest queued before
   * it was turned off (the send-time check). The newest change wins whatever order events arrive in.
   */
  @EventPattern('practice.review_email.changed', { durable: 'identity.review-email-changed' })
  async onReviewEmailChanged(@Payload() change: EventData<'practice.review_email.changed'>, @Ctx() { tx }: EventContext) {
    await tx.query(
      `INSERT INTO email_notification_choices (user_id, kind, enabled, chosen_at) SELECT id, $2, $3, $4 FROM users WHERE id = $1
       ON CONFLICT (user_id, kind) DO UPDATE SET enabled = EXCLUDED.enabled, chosen_at = EXCLUDED.chosen_at
       WHERE email_notification_choices.chosen_at <= EXCLUDED.chosen_at`,
      [change.user_id, reviewDigestKind, change.enabled, change.changed_at],
    );
  }

  @EventPattern('practice.review_digest.due', { durable: 'identity.review-digest-due' })
  async onDigestDue(@Payload() digest: EventData<'practice.review_digest.due'>, @Ctx() { tx, envelope }: EventContext) {
    const user = await this.accounts.findUser(digest.user_id, tx);
    if (!user?.email_confirmed_at) return;
    const site = this.config.SITE_URL ?? `${new URL(this.config.PUBLIC_URL ?? this.config.AUTH_ISSUER).origin}/`;
    const review = new URL('leetcode/session', site).toString();
    // The link opens a page that asks before it turns the e-mail off: mail scanners fetch links, and a GET must not unsubscribe.
    const unsubscribe = new URL(`review-email/unsubscribe?token=${digest.unsubscribe_token}`, site).toString();
    // A mail client's one-click unsubscribe (RFC 8058) posts to practice, which keeps the choice.
    const api = this.config.PUBLIC_URL ? `${this.config.PUBLIC_URL.replace(/\/$/, '')}/` : site;
    const oneClick = new URL(`api/leetcode-questions/review-email/unsubscribe?token=${digest.unsubscribe_token}`, api).toString();
    const n = digest.due_count;
    const total = digest.due_total ?? n;
    const more = n - digest.titles.length;
    const limits = new URL('leetcode#daily-limits', site).toString();
    await this.outbox.queue(tx, [
      {
        key: `${envelope.id}:${user.id}:review_digest`,
        userId: user.id,
        kind: reviewDigestKind,
        to: user.email,
        subject: total > n ? `${n} of ${total} problems to review today` : `${n} problem${n === 1 ? '' : 's'} to review today`,
        text: [
          total > n
            ? `You have ${total} problems due; your daily limits take ${n} today (${digest.date}), limit in Daily limits (${limits}):`
            : `You have ${n} problem${n === 1 ? '' : 's'} to review today (${digest.date}):`,
          '',
          ...digest.titles.map((title) => `- ${title}`),
          ...(more > 0 ? [`- and ${more} more`] : []),
          '',
          `Start reviewing: ${review}`,
          '',
          `You get this e-mail because you turned "Daily review e-mail" on in your e-mail settings (${new URL('settings#email', site).toString()}), once a day when reviews are due.`,
          `To stop it, open ${unsubscribe}`,
        ].join('\n'),
        headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      },
    ]);
  }
}
