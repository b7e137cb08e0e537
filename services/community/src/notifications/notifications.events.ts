import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { clipNotificationText, EventData, featureRequestStatusInText, notificationBodyMax, notificationKinds, notificationTitleMax } from '@app/contracts';
import { EventContext } from '@app/service-kit';
import { NotificationChoices } from './notification-choices';
import { NotificationsService } from './notifications.service';

const submissionWords = { opportunity: 'opportunity', resource: 'resource', feature_request: 'feature request' } as const;

/** Where the submitter finds the item: a request has its own page, the others their list. */
const submissionLink = (kind: keyof typeof submissionWords, id: string) =>
  kind === 'feature_request' ? `/feature-requests/${id}` : kind === 'opportunity' ? '/pathfinder' : '/external-resources';

/**
 * The bell's sources. Each handler runs in the transaction that marks its event processed, and
 * the rows are keyed by the event's id too: a redelivered event notifies nobody twice. A member
 * who turned a kind off (NotificationChoices) is not told of it.
 */
@Controller()
export class NotificationsEvents {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly choices: NotificationChoices,
  ) {}

  @EventPattern('community.feature_request.status_changed', { durable: 'community.notify-status-changed' })
  async onStatusChanged(@Payload() change: EventData<'community.feature_request.status_changed'>, @Ctx() { tx, envelope }: EventContext): Promise<void> {
    const status = featureRequestStatusInText(change.status);
    // Followers under "requests I follow", the other voters under "requests I voted on".
    const followers = new Set(change.follower_ids);
    const recipients = [
      ...(await this.choices.wanting(tx, 'followed_status', [...followers])),
      ...(await this.choices.wanting(
        tx,
        'voted_status',
        change.subscriber_ids.filter((id) => !followers.has(id)),
      )),
    ];
    if (recipients.length === 0) return;
    await this.notifications.notify(tx, envelope.id, recipients, {
      kind: notificationKinds.featureStatus,
      title: clipNotificationText(`"${change.title}" is now ${status}`, notificationTitleMax),
      body: 'A feature request you upvoted or follow changed status.',
      link: `/feature-requests/${change.feature_request_id}`,
      // Only moderators change a request's status.
      by_moderator: true,
    });
  }

  @EventPattern('community.submission.rejected', { durable: 'community.notify-submission-rejected' })
  async onRejected(@Payload() rejection: EventData<'community.submission.rejected'>, @Ctx() { tx, envelope }: EventContext): Promise<void> {
    const what = submissionWords[rejection.kind];
    const verb = rejection.action === 'taken_down' ? 'was taken down' : 'was not approved';
    const [submitter] = await this.choices.wanting(tx, 'submission_rejected', [rejection.user_id]);
    if (!submitter) return;
    await this.notifications.notify(tx, envelope.id, [submitter], {
      kind: notificationKinds.submissionRejected,
      title: clipNotificationText(`Your ${what} "${rejection.title}" ${verb}`, notificationTitleMax),
      body: rejection.reason.trim() ? clipNotificationText(`Reason: ${rejection.reason}`, notificationBodyMax) : 'No reason was given.',
      link: submissionLink(rejection.kind, rejection.item_id),
      by_moderator: true,
    });
  }

  /** What a service asks for (docs/notifications.md); community's feature board asks this way for its comments. */
  @EventPattern('community.notification.requested', { durable: 'community.notify-requested' })
  async onRequested(@Payload() request: EventData<'community.notification.requested'>, @Ctx() { tx, envelope }: EventContext): Promise<void> {
    const { user_ids, ...content } = request;
    // The board's comments are "new comments on requests I wrote or commented on"; other kinds cannot be turned off.
    const recipients = content.kind === notificationKinds.comment ? await this.choices.wanting(tx, 'comment_replies', user_ids) : user_ids;
    if (recipients.length === 0) return;
    await this.notifications.notify(tx, envelope.id, recipients, content);
  }
}
