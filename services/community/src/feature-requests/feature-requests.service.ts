import { Injectable } from '@nestjs/common';
import { AuthUser, communityMessages, FeatureInteractions, FeatureRequest, FeatureRequestStatus, Interaction, isModerator } from '@app/contracts';
import { conflict, isErased, notFound, unauthorized } from '@app/service-kit';
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
  ) {}

  list(user: AuthUser, query: ListQuery): Promise<FeatureRequest[]> {
    if (query.status === 'pending') requireModerator(user);
    return this.features.list(user.id, { status: query.status, q: query.q, voted: query.voted === 'true' });
  }

  async moderate(user: AuthUser, id: string, status: FeatureRequestStatus): Promise<FeatureRequest> {
    requireModerator(user);
    if (!(await this.features.setStatus(id, status))) throw featureNotFound();
    return (await this.features.find(id))!;
  }

  async interactionsOf(user: AuthUser, id: string): Promise<FeatureInteractions> {
    await this.mustSee(user, id);
    const interactions = await this.interactions.list(user.id, 'feature_request', id, 'upvote');
    const mine = interactions.find((i) => i.user_id === user.id);
    return { interactions, hasUserUpvoted: !!mine, userInteractionId: mine?.id ?? null };
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
