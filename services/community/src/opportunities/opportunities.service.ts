import { Injectable } from '@nestjs/common';
import { AuthUser, communityMessages, CreateOpportunity, isModerator, Opportunity, OpportunityMarks, OpportunityStatus } from '@app/contracts';
import { conflict, isErased, notFound, unauthorized } from '@app/service-kit';
import { InteractionsRepository, InteractionType } from '../interactions/interactions.repository';
import { requireModerator } from '../moderation';
import { linkKey } from './link-key';
import { OpportunitiesRepository } from './opportunities.repository';

const opportunityNotFound = () => notFound(communityMessages.opportunityNotFound);

export interface ListQuery {
  q?: string;
  selective?: 'true' | 'false';
  paid?: 'true' | 'false';
  status?: 'pending';
}

@Injectable()
export class OpportunitiesService {
  constructor(
    private readonly opportunities: OpportunitiesRepository,
    private readonly interactions: InteractionsRepository,
  ) {}

  list(user: AuthUser, query: ListQuery): Promise<Opportunity[]> {
    if (query.status === 'pending') requireModerator(user);
    return this.opportunities.list(user.id, {
      q: query.q,
      selective: query.selective === 'true',
      paid: query.paid === 'true',
      queue: query.status === 'pending',
    });
  }

  /** Pending until reviewed; one opportunity per link (compared by linkKey, enforced by a unique index). */
  async create(user: AuthUser, input: CreateOpportunity): Promise<Opportunity> {
    await this.refuseErased(user);
    const id = await this.opportunities.insert(user.id, input, linkKey(input.link));
    if (!id) throw conflict(communityMessages.duplicateLink, { link: communityMessages.duplicateLink });
    return (await this.opportunities.find(user.id, id))!;
  }

  async moderate(user: AuthUser, id: string, status: OpportunityStatus): Promise<Opportunity> {
    requireModerator(user);
    if (!(await this.opportunities.setStatus(id, status))) throw opportunityNotFound();
    return (await this.opportunities.find(user.id, id))!;
  }

  /** Sets or clears the caller's upvote or favourite; repeating either changes nothing. */
  async mark(user: AuthUser, id: string, type: InteractionType, on: boolean): Promise<OpportunityMarks> {
    if (!(await this.opportunities.isVisible(user.id, isModerator(user), id))) throw opportunityNotFound();
    if (on) {
      await this.refuseErased(user);
      await this.interactions.add(user.id, 'opportunity', id, type);
    } else {
      await this.interactions.remove(user.id, 'opportunity', id, type);
    }
    return this.opportunities.marks(user.id, id);
  }

  /** An access token outlives its account by up to its lifetime; it adds nothing after the erasure. */
  private async refuseErased(user: AuthUser): Promise<void> {
    if (await isErased(this.opportunities.db, user.id)) throw unauthorized(communityMessages.accountDeleted);
  }
}
