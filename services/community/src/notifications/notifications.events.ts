import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { clipNotificationText, EventData, featureRequestStatusInText, notificationBodyMax, notificationKinds, notificationTitleMax } from '@app/contracts';
import { EventContext } from '@app/service-kit';
import { NotificationsService } from './notifications.service';

const submissionWords = { opportunity: 'opportunity', resource: 'resource', feature_request: 'feature request' } as const;

/** Where the submitter finds the item: a request has its own page, the others their list. */
const submissionLink = (kind: keyof typeof submissionWords, id: string) =>
  kind === 'feature_request' ? `/feature-requests/${id}` : kind === 'opportunity' ? '/pathfinder' : '/external-resources';

/**
 * The bell's sources. Each handler runs in the transaction that marks its event processed, and
 * the rows are keyed by the event's id too: a redelivered event notifies nobody twice.
 */
@Controller()
export class NotificationsEvents {
  constructor(private readonly notifications: NotificationsService) {}

  @EventPattern('community.feature_request.status_changed', { durable: 'community.notify-status-changed' })
  async onStatusChanged(@Payload() change: EventData<'community.feature_request.status_changed'>, @Ctx() { tx, envelope }: EventContext): Promise<void> {
    const status = featureRequestStatusInText(change.status);
    await this.notifications.notify(tx, envelope.id, change.subscriber_ids, {
      kind: notificationKinds.featureStatus,
      title: clipNotificationText(`"${change.title}" is now ${status}`, notificationTitleMax),
      body: 'A feature request you upvoted or follow changed status.',
      link: `/feature-requests/${change.feature_request_id}`,
    });
  }

  @EventPattern('community.submission.rejected', { durable: 'community.notify-submission-rejected' })
  async onRejected(@Payload() rejection: EventData<'community.submission.rejected'>, @Ctx() { tx, envelope }: EventContext): Promise<void> {
    const what = submissionWords[rejection.kind];
    const verb = rejection.action === 'taken_down' ? 'was taken down' : 'was not approved';
    await this.notifications.notify(tx, envelope.id, [rejection.user_id], {
      kind: notificationKinds.submissionRejected,
      title: clipNotificationText(`Your ${what} "${rejection.title}" ${verb}`, notificationTitleMax),
      body: rejection.reason.trim() ? clipNotificationText(`Reason: ${rejection.reason}`, notificationBodyMax) : 'No reason was given.',
      link: submissionLink(rejection.kind, rejection.item_id),
    });
  }

  /** What a service asks for (docs/notifications.md); community's feature board asks this way for its comments. */
  @EventPattern('community.notification.requested', { durable: 'community.notify-requested' })
  async onRequested(@Payload() request: EventData<'community.notification.requested'>, @Ctx() { tx, envelope }: EventContext): Promise<void> {
    const { user_ids, ...content } = request;
    await this.notifications.notify(tx, envelope.id, user_ids, content);
  }
}
