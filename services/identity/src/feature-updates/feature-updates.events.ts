import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { EventData, featureRequestStatusInText, notificationKinds } from '@app/contracts';
import { EventContext } from '@app/service-kit';
import { EmailNotifications } from '../email-notifications/email-notifications.service';
import { MailOutbox } from '../mail/mail-outbox';

const submissionWords = { opportunity: 'opportunity', resource: 'resource', feature_request: 'feature request' } as const;

/**
 * Community's board and moderation say what happened; identity holds the addresses and the e-mail
 * choices, so it queues a mail to each member who wants that kind and has a confirmed address, in
 * the handler's transaction (the mail outbox) under the event's id: a redelivery mails nobody twice.
 */
@Controller()
export class FeatureUpdatesEvents {
  constructor(
    private readonly notifications: EmailNotifications,
    private readonly outbox: MailOutbox,
  ) {}

  /** Followers under "requests I follow", the other voters under "requests I voted on". */
  @EventPattern('community.feature_request.status_changed', { durable: 'identity.feature-request-status-changed' })
  async onStatusChanged(@Payload() change: EventData<'community.feature_request.status_changed'>, @Ctx() { tx, envelope }: EventContext) {
    const followers = new Set(change.follower_ids);
    const status = featureRequestStatusInText(change.status);
    const subject = `Feature request "${change.title}" is now ${status}`;
    const lines = [
      `The feature request "${change.title}" is now ${status}.`,
      '',
      `See it on the feature board: ${this.notifications.link(`/feature-requests/${change.feature_request_id}`)}`,
    ];
    const mails = await Promise.all([
      ...(await this.notifications.recipients(tx, 'followed_status', [...followers])).map((to) =>
        this.notifications.mail('followed_status', envelope.id, to, subject, lines),
      ),
      ...(
        await this.notifications.recipients(
          tx,
          'voted_status',
          change.subscriber_ids.filter((id) => !followers.has(id)),
        )
      ).map((to) => this.notifications.mail('voted_status', envelope.id, to, subject, lines)),
    ]);
    await this.outbox.queue(tx, mails);
  }

  @EventPattern('community.submission.rejected', { durable: 'identity.submission-rejected' })
  async onRejected(@Payload() rejection: EventData<'community.submission.rejected'>, @Ctx() { tx, envelope }: EventContext) {
    const [to] = await this.notifications.recipients(tx, 'submission_rejected', [rejection.user_id]);
    if (!to) return;
    const what = submissionWords[rejection.kind];
    const verb = rejection.action === 'taken_down' ? 'was taken down' : 'was not approved';
    const reason = rejection.reason.trim() ? `The moderator's reason: ${rejection.reason}` : 'No reason was given.';
    const mail = await this.notifications.mail('submission_rejected', envelope.id, to, `Your ${what} "${rejection.title}" ${verb}`, [
      `Your ${what} "${rejection.title}" ${verb}.`,
      '',
      reason,
    ]);
    await this.outbox.queue(tx, [mail]);
  }

  /** The board's comments (community asks its bell to tell the request's author and earlier commenters): mailed to those who turned that on. */
  @EventPattern('community.notification.requested', { durable: 'identity.notification-requested' })
  async onNotificationRequested(@Payload() request: EventData<'community.notification.requested'>, @Ctx() { tx, envelope }: EventContext) {
    if (request.kind !== notificationKinds.comment) return;
    const lines = [request.title, '', request.body, '', `Read it: ${this.notifications.link(request.link)}`];
    const recipients = await this.notifications.recipients(tx, 'comment_replies', request.user_ids);
    await this.outbox.queue(tx, await Promise.all(recipients.map((to) => this.notifications.mail('comment_replies', envelope.id, to, request.title, lines))));
  }
}
