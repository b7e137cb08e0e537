import { Inject, Injectable } from '@nestjs/common';
import {
  AuthUser,
  communityMessages,
  FeatureInteractions,
  featureBoardMessages,
  FeatureRequest,
  FeatureRequestDetail,
  FeatureRequestStatus,
  featureRequestStatusLabels,
  FeatureRequestText,
  FeatureSort,
  FeatureSubscription,
  Interaction,
  isModerator,
  moderationMessages,
  ShippedFeature,
} from '@app/contracts';
import { conflict, EventBus, forbidden, isErased, notFound, recordModeration, unauthorized, validationFailed } from '@app/service-kit';
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
    return this.asSeenBy(user, id);
  }

  /**
   * A new title and description: its author may change them while it waits for review (after that,
   * votes and comments are about what it says), a moderator at any time; a moderator's change to
   * another's request is in the audit log with the text before and after.
   */
  async editText(user: AuthUser, id: string, text: FeatureRequestText): Promise<FeatureRequestDetail> {
    await this.mustSee(user, id);
    await this.features.db.transaction(async (tx) => {
      const before = await this.features.lockText(tx, id);
      if (!before) throw featureNotFound();
      const own = before.user_id === user.id;
      if (!isModerator(user) && !(own && before.status === 'pending')) throw forbidden(featureBoardMessages.notYourRequest);
      await this.features.setText(tx, id, text.title, text.description);
      if (own) return;
      await recordModeration(tx, user, {
        action: 'edited',
        kind: 'feature_request',
        itemId: id,
        itemTitle: text.title,
        before: `${before.title}\n${before.description}`,
        after: `${text.title}\n${text.description}`,
        authorId: before.user_id,
      });
    });
    return this.asSeenBy(user, id);
  }

  private async asSeenBy(user: AuthUser, id: string): Promise<FeatureRequestDetail> {
    const { authorId, ...request } = (await this.features.detail(id))!;
    return { ...request, can_edit: isModerator(user) || (authorId === user.id && request.status === 'pending') };
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
      await recordModeration(tx, user, {
        action: 'merged',
        kind: 'feature_request',
        itemId: id,
        itemTitle: duplicate.title,
        after: `Merged into "${target.title}"`,
        authorId: duplicate.user_id,
      });
    });
    return this.asSeenBy(user, id);
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
      } else {
        await recordModeration(tx, user, {
          action: 'status_changed',
          kind: 'feature_request',
          itemId: id,
          itemTitle: result.title,
          before: featureRequestStatusLabels[result.previous],
          after: featureRequestStatusLabels[status],
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
          subscriber_ids: group.map((r) => r.user_id),
          follower_ids: group.filter((r) => r.follows).map((r) => r.user_id),
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
