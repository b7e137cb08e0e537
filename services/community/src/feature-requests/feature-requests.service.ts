import { Inject, Injectable } from '@nestjs/common';
import {
  AuthUser,
  communityMessages,
  FeatureInteractions,
  featureBoardMessages,
  FeatureRequest,
  FeatureRequestDetail,
  FeatureRequestStatus,
  FeatureSort,
  FeatureSubscription,
  Interaction,
  isModerator,
  moderationMessages,
  ShippedFeature,
} from '@app/contracts';
import { conflict, EventBus, isErased, notFound, unauthorized, validationFailed } from '@app/service-kit';
import { InteractionsRepository } from '../interactions/interactions.repository';
import { requireModerator } from '../members';
import { recipientGroups } from '../recipients';
import { ReviewsService } from '../moderation/reviews.service';
import { FeatureRequestsRepository } from './feature-requests.repository';

const featureNotFound = () => notFound(communityMessages.featureNotFound);

export interface ListQuery {
  status?: FeatureRequestStatus;
  q?: string;
  voted?: 'true' | 'false';
  sort?: FeatureSort;
}

/** What's new shows this many; older ones stay findable on the board with the completed filter. */
const shippedShown = 100;

@Injectable()
export class FeatureRequestsService {
  constructor(
    private readonly features: FeatureRequestsRepository,
    private readonly interactions: InteractionsRepository,
    private readonly reviews: ReviewsService,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  list(user: AuthUser, query: ListQuery): Promise<FeatureRequest[]> {
    if (query.status === 'pending') requireModerator(user);
    return this.features.list(user.id, { status: query.status, q: query.q, voted: query.voted === 'true', sort: query.sort ?? 'top' });
  }

  shipped(): Promise<ShippedFeature[]> {
    return this.features.shipped(shippedShown);
  }

  async detail(user: AuthUser, id: string): Promise<FeatureRequestDetail> {
    await this.mustSee(user, id);
    return (await this.features.detail(id))!;
  }

  /** A moderator folds a duplicate into another request; merging again, or into a merged one, is a 409. */
  async merge(user: AuthUser, id: string, intoId: string): Promise<FeatureRequestDetail> {
    requireModerator(user);
    if (id === intoId) throw validationFailed({ into_id: featureBoardMessages.mergeIntoItself });
    await this.features.db.transaction(async (tx) => {
      const locked = await this.features.lockForMerge(tx, [id, intoId]);
      const duplicate = locked.get(id);
      const target = locked.get(intoId);
      if (!duplicate) throw featureNotFound();
      if (!target) throw notFound(featureBoardMessages.mergeTargetNotFound);
      if (duplicate.merged_into || target.merged_into) throw conflict(featureBoardMessages.mergedAlready);
      await this.features.merge(tx, id, intoId);
    });
    return (await this.features.detail(id))!;
  }

  /**
   * A status change. Moving a pending request on is its approval at review, declining it its
   * rejection, which needs a reason; both go to the audit log, a rejection to its author too.
   */
  async moderate(user: AuthUser, id: string, status: FeatureRequestStatus, reason?: string): Promise<FeatureRequest> {
    requireModerator(user);
    await this.features.db.transaction(async (tx) => {
      const result = await this.features.setStatus(tx, id, status, reason ?? null);
      if (!result) throw featureNotFound();
      // Recorded with the change (outbox): subscribers and voters hear of exactly the changes that happened.
      if (result.previous === status) return;
      if (result.previous === 'pending') {
        const rejected = status === 'declined';
        if (rejected && !reason) throw validationFailed({ reason: moderationMessages.reason });
        await this.reviews.record(tx, user, {
          kind: 'feature_request',
          id,
          title: result.title,
          submitterId: result.authorId,
          action: rejected ? 'rejected' : 'approved',
          reason: rejected ? reason! : null,
          edited: false,
        });
      }
      const changedAt = new Date().toISOString();
      await this.events.recordAll(
        tx,
        'community.feature_request.status_changed',
        recipientGroups(await this.features.followerIds(tx, id)).map((group) => ({
          feature_request_id: id,
          title: result.title,
          status,
          subscriber_ids: group,
          changed_at: changedAt,
        })),
      );
    });
    return (await this.features.find(id))!;
  }

  /** Idempotent both ways: the answer is the state after the call. */
  async setSubscription(user: AuthUser, id: string, subscribed: boolean): Promise<FeatureSubscription> {
    await this.mustSee(user, id);
    if (subscribed) {
      if (await isErased(this.features.db, user.id)) throw unauthorized(communityMessages.accountDeleted);
      await this.features.subscribe(user.id, id);
    } else await this.features.unsubscribe(user.id, id);
    return { subscribed };
  }

  async interactionsOf(user: AuthUser, id: string): Promise<FeatureInteractions> {
    await this.mustSee(user, id);
    const interactions = await this.interactions.list(user.id, 'feature_request', id, 'upvote');
    const mine = interactions.find((i) => i.user_id === user.id);
    return { interactions, hasUserUpvoted: !!mine, userInteractionId: mine?.id ?? null, isSubscribed: await this.features.isSubscribed(user.id, id) };
  }

  /** One upvote per user, decided by the unique constraint: the second is a 409. */
  async upvote(user: AuthUser, id: string): Promise<Interaction> {
    await this.mustSee(user, id);
    if ((await this.features.detail(id))?.merged_into) throw conflict(featureBoardMessages.mergedAlready);
    if (await isErased(this.features.db, user.id)) throw unauthorized(communityMessages.accountDeleted);
    const interaction = await this.interactions.add(user.id, 'feature_request', id, 'upvote');
    if (!interaction) throw conflict(communityMessages.alreadyUpvoted);
    return interaction;
  }

  /** Only the caller's own interaction goes; anyone else's answers 404 like a missing one. */
  async removeInteraction(user: AuthUser, id: string, interactionId: string): Promise<void> {
    if (!(await this.interactions.removeById(user.id, 'feature_request', id, interactionId))) throw notFound(communityMessages.interactionNotFound);
  }

  private async mustSee(user: AuthUser, id: string): Promise<void> {
    if (!(await this.features.isVisible(user.id, isModerator(user), id))) throw featureNotFound();
  }
}
