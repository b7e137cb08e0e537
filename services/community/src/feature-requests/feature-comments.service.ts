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
import { conflict, EventBus, forbidden, isErased, notFound, unauthorized } from '@app/service-kit';
import { displayNameOf } from '../members';
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
          })),
        );
      }
      return comment;
    });
  }

  async edit(user: AuthUser, featureId: string, commentId: string, body: string): Promise<FeatureComment> {
    await this.mustChange(user, featureId, commentId);
    const edited = await this.comments.edit(viewerOf(user), featureId, commentId, body);
    if (!edited) throw notFound(featureBoardMessages.commentNotFound);
    return edited;
  }

  async remove(user: AuthUser, featureId: string, commentId: string): Promise<void> {
    await this.mustChange(user, featureId, commentId);
    await this.comments.remove(featureId, commentId);
  }

  private async mustSee(user: AuthUser, featureId: string): Promise<void> {
    if (!(await this.features.isVisible(user.id, isModerator(user), featureId))) throw notFound(communityMessages.featureNotFound);
  }

  private async mustChange(user: AuthUser, featureId: string, commentId: string): Promise<void> {
    await this.mustSee(user, featureId);
    const author = await this.comments.authorOf(featureId, commentId);
    if (!author) throw notFound(featureBoardMessages.commentNotFound);
    if (author !== user.id && !isModerator(user)) throw forbidden(featureBoardMessages.notYourComment);
  }
}
