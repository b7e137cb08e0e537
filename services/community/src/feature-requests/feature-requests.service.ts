import { Inject, Injectable } from '@nestjs/common';
import {
  AuthUser,
  communityMessages,
  FeatureInteractions,
  FeatureRequest,
  FeatureRequestStatus,
  FeatureSubscription,
  Interaction,
  isModerator,
} from '@app/contracts';
import { conflict, EventBus, isErased, notFound, unauthorized } from '@app/service-kit';
import { InteractionsRepository } from '../interactions/interactions.repository';
import { requireModerator } from '../moderation';
import { FeatureRequestsRepository } from './feature-requests.repository';

const featureNotFound = () => notFound(communityMessages.featureNotFound);

export interface ListQuery {
  status?: FeatureRequestStatus;
  q?: string;
  voted?: 'true' | 'false';
}

@Injectable()
export class FeatureRequestsService {
  constructor(
    private readonly features: FeatureRequestsRepository,
    private readonly interactions: InteractionsRepository,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  list(user: AuthUser, query: ListQuery): Promise<FeatureRequest[]> {
    if (query.status === 'pending') requireModerator(user);
    return this.features.list(user.id, { status: query.status, q: query.q, voted: query.voted === 'true' });
  }

  async moderate(user: AuthUser, id: string, status: FeatureRequestStatus): Promise<FeatureRequest> {
    requireModerator(user);
    await this.features.db.transaction(async (tx) => {
      const result = await this.features.setStatus(tx, id, status);
      if (!result) throw featureNotFound();
      // Recorded with the change (outbox): subscribers hear of exactly the changes that happened.
      if (!result.changed) return;
      const subscriberIds = await this.features.subscriberIds(tx, id);
      if (subscriberIds.length === 0) return;
      await this.events.record(tx, 'community.feature_request.status_changed', {
        feature_request_id: id,
        title: result.title,
        status,
        subscriber_ids: subscriberIds,
        changed_at: new Date().toISOString(),
      });
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
