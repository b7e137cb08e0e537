import { Inject, Injectable } from '@nestjs/common';
import {
  AuthUser,
  clipNotificationText,
  communityMessages,
  FeatureComment,
  featureBoardMessages,
  isModerator,
  notificationBodyMax,
  notificationKinds,
  notificationTitleMax,
} from '@app/contracts';
import { conflict, displayNameOf, EventBus, forbidden, isErased, notFound, recordModeration, Tx, unauthorized } from '@app/service-kit';
import { recipientGroups } from '../recipients';
import { FeatureCommentsRepository, Viewer } from './feature-comments.repository';
import { FeatureRequestsRepository } from './feature-requests.repository';

const viewerOf = (user: AuthUser): Viewer => ({ id: user.id, moderator: isModerator(user) });

/** Comments on a request: anyone who can see it reads and writes them; their author or a moderator changes them. */
@Injectable()
export class FeatureCommentsService {
  constructor(
    private readonly features: FeatureRequestsRepository,
    private readonly comments: FeatureCommentsRepository,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async list(user: AuthUser, featureId: string): Promise<FeatureComment[]> {
    await this.mustSee(user, featureId);
    return this.comments.list(viewerOf(user), featureId);
  }

  async add(user: AuthUser, featureId: string, body: string): Promise<FeatureComment> {
    await this.mustSee(user, featureId);
    // The discussion goes on where the votes went.
    if ((await this.features.detail(featureId))?.merged_into) throw conflict(featureBoardMessages.mergedAlready);
    if (await isErased(this.features.db, user.id)) throw unauthorized(communityMessages.accountDeleted);
    const authorName = displayNameOf(user);
    return this.features.db.transaction(async (tx) => {
      const audience = await this.comments.audienceOf(tx, featureId, user.id);
      const comment = await this.comments.add(tx, viewerOf(user), featureId, authorName, body);
      // Recorded with the comment (outbox): the request's author and earlier commenters hear of it in the bell.
      if (audience) {
        await this.events.recordAll(
          tx,
          'community.notification.requested',
          recipientGroups(audience.userIds).map((group) => ({
            user_ids: group,
            kind: notificationKinds.comment,
            title: clipNotificationText(`${authorName} commented on "${audience.title}"`, notificationTitleMax),
            body: clipNotificationText(body, notificationBodyMax),
            link: `/feature-requests/${featureId}`,
            // Unread ones collapse: "12 new comments on …" rather than a row each.
            subject: clipNotificationText(audience.title, notificationTitleMax / 2),
            by_moderator: isModerator(user),
          })),
        );
      }
      return comment;
    });
  }

  async edit(user: AuthUser, featureId: string, commentId: string, body: string): Promise<FeatureComment> {
    await this.mustSee(user, featureId);
    return this.features.db.transaction(async (tx) => {
      const before = await this.mustChange(tx, user, featureId, commentId);
      const byModerator = before.user_id !== user.id;
      const edited = await this.comments.edit(tx, viewerOf(user), commentId, body, byModerator);
      if (byModerator) await this.audit(tx, user, 'edited', featureId, commentId, before, body);
      return edited;
    });
  }

  async remove(user: AuthUser, featureId: string, commentId: string): Promise<void> {
    await this.mustSee(user, featureId);
    await this.features.db.transaction(async (tx) => {
      const before = await this.mustChange(tx, user, featureId, commentId);
      await this.comments.remove(tx, commentId);
      if (before.user_id !== user.id) await this.audit(tx, user, 'deleted', featureId, commentId, before, null);
    });
  }

  /** A moderator's change to someone else's comment, in the audit log with its words before and after. */
  private async audit(
    tx: Tx,
    user: AuthUser,
    action: 'edited' | 'deleted',
    featureId: string,
    commentId: string,
    before: { user_id: string; body: string },
    after: string | null,
  ): Promise<void> {
    const request = await this.features.find(featureId);
    await recordModeration(tx, user, {
      action,
      kind: 'feature_comment',
      itemId: commentId,
      itemTitle: request?.title ?? '',
      before: before.body,
      after,
      authorId: before.user_id,
    });
  }

  private async mustSee(user: AuthUser, featureId: string): Promise<void> {
    if (!(await this.features.isVisible(user.id, isModerator(user), featureId))) throw notFound(communityMessages.featureNotFound);
  }

  /** The comment, locked, when the caller may change it: they wrote it, or they are a moderator. */
  private async mustChange(tx: Tx, user: AuthUser, featureId: string, commentId: string): Promise<{ user_id: string; body: string }> {
    const comment = await this.comments.lock(tx, featureId, commentId);
    if (!comment) throw notFound(featureBoardMessages.commentNotFound);
    if (comment.user_id !== user.id && !isModerator(user)) throw forbidden(featureBoardMessages.notYourComment);
    return comment;
  }
}
