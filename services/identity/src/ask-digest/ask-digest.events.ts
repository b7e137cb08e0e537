import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventData } from '@app/contracts';
import { EventContext } from '@app/service-kit';
import { EmailNotifications } from '../email-notifications/email-notifications.service';
import { MailOutbox } from '../mail/mail-outbox';

/**
 * Ask a SWE's weekly digest: community says what a member left unread this week; identity mails it
 * to a confirmed address when "A weekly digest of unread Ask a SWE updates" is on, queued in the
 * handler's transaction under the event's id (a redelivery mails nobody twice).
 */
@Controller()
export class AskDigestEvents {
  constructor(
    private readonly notifications: EmailNotifications,
    private readonly outbox: MailOutbox,
  ) {}

  @EventPattern('community.ask_digest.due', { durable: 'identity.ask-digest-due' })
  async onDigestDue(@Payload() digest: EventData<'community.ask_digest.due'>, @Ctx() { tx, envelope }: EventContext) {
    const [to] = await this.notifications.recipients(tx, 'ask_digest', [digest.user_id]);
    if (!to) return;
    const more = digest.total - digest.items.length;
    const mail = await this.notifications.mail(
      'ask_digest',
      envelope.id,
      to,
      `Your week on Ask a SWE: ${digest.total} unread update${digest.total === 1 ? '' : 's'}`,
      [
        `${digest.total === 1 ? 'This update' : `These ${digest.total} updates`} in what you follow on Ask a SWE ${digest.total === 1 ? 'is' : 'are'} still unread this week:`,
        '',
        ...digest.items.map((item) => `- ${item.title}\n  ${this.notifications.link(item.link)}`),
        ...(more > 0 ? [`- and ${more} more: ${this.notifications.link('/ask-a-swe')}`] : []),
      ],
    );
    await this.outbox.queue(tx, [mail]);
  }
}
