import { Injectable } from '@nestjs/common';
import {
  AuthUser,
  communityMessages,
  CreateOpportunity,
  isModerator,
  Opportunity,
  OpportunityClosed,
  OpportunityDecision,
  OpportunityFields,
  OpportunityMarks,
  opportunityMessages,
  OpportunityQuery,
  pageSizes,
} from '@app/contracts';
import { forbidden, isErased, notFound, unauthorized } from '@app/service-kit';
import { InteractionsRepository, InteractionType } from '../interactions/interactions.repository';
import { requireModerator } from '../members';
import { linkKey } from '../moderation/link-key';
import { Edit } from '../moderation/reviews.repository';
import { ReviewsService } from '../moderation/reviews.service';
import { ListPlan, searchWords } from './list-plan';
import { knownCompany, OpportunitiesRepository } from './opportunities.repository';

const opportunityNotFound = () => notFound(communityMessages.opportunityNotFound);

/** The columns a moderator's approval corrects: those the decision names; a changed link gets its key (one opportunity per link). */
function correctionsOf(decision: OpportunityDecision): Edit[] {
  const edits: Edit[] = [];
  const edit = (column: string, value: unknown, sql?: Edit['sql']) => {
    if (value !== undefined) edits.push({ column, value, sql });
  };
  edit('title', decision.title);
  edit('description', decision.description);
  if (decision.link !== undefined) {
    edit('link', decision.link);
    edit('link_key', linkKey(decision.link));
  }
  edit('compensation', decision.compensation);
  edit('badge', decision.badge);
  // One spelling per company, as when shared.
  edit('company', decision.company, (p) => knownCompany(`${p}::text`));
  edit('locations', decision.locations);
  edit('remote', decision.remote);
  edit('season', decision.season);
  edit('kind', decision.kind);
  edit('deadline', decision.deadline);
  edit('sponsorship', decision.sponsorship);
  return edits;
}

@Injectable()
export class OpportunitiesService {
  constructor(
    private readonly opportunities: OpportunitiesRepository,
    private readonly interactions: InteractionsRepository,
    private readonly reviews: ReviewsService,
  ) {}

  /** A page and, when more remain, the cursor of the next one (one row more is read to know). */
  async list(user: AuthUser, query: OpportunityQuery): Promise<{ items: Opportunity[]; next?: string }> {
    if (query.status === 'pending') requireModerator(user);
    const words = searchWords(query.q);
    // A search with no letters or digits in it matches nothing rather than everything.
    if (query.q?.trim() && !words) return { items: [] };
    const plan = ListPlan.for(query.sort, !!words, opportunityMessages.cursor);
    const limit = query.limit ?? pageSizes.boards;
    const { items, places } = await this.opportunities.page(
      user.id,
      {
        words,
        selective: query.selective === 'true',
        paid: query.paid === 'true',
        queue: query.status === 'pending',
        listed: query.status === 'approved',
        company: query.company || undefined,
        location: query.location || undefined,
        remote: query.remote === 'true',
        season: query.season,
        kind: query.kind,
        sponsorship: query.sponsorship,
        favorites: query.favorites === 'true',
        open: query.open === 'true',
      },
      plan,
      query.cursor,
      limit + 1,
    );
    return { items: items.slice(0, limit), next: items.length > limit ? plan.encode(places[limit - 1]) : undefined };
  }

  /**
   * Pending until reviewed; one opportunity per link (compared by linkKey, enforced by a unique
   * index). A link shared before is a 409 that says where it is.
   */
  async create(user: AuthUser, input: CreateOpportunity): Promise<Opportunity> {
    await this.refuseErased(user);
    const key = linkKey(input.link);
    const id = await this.opportunities.insert(user.id, input, key);
    if (!id) throw await this.reviews.duplicate(user, 'opportunity', key);
    return (await this.opportunities.find(user.id, id))!;
  }

  async moderate(user: AuthUser, id: string, decision: OpportunityDecision): Promise<Opportunity> {
    await this.reviews.decide(user, 'opportunity', id, decision, correctionsOf(decision));
    return (await this.opportunities.find(user.id, id))!;
  }

  /** Its author or a moderator states the structured fields; others who can see it get a 403. */
  async setFields(user: AuthUser, id: string, fields: OpportunityFields): Promise<Opportunity> {
    const found = await this.opportunities.visibleAuthor(user.id, isModerator(user), id);
    if (!found) throw opportunityNotFound();
    if (found.author !== user.id && !isModerator(user)) throw forbidden(communityMessages.authorOrModerator);
    await this.opportunities.setFields(id, fields);
    return (await this.opportunities.find(user.id, id))!;
  }

  /** A moderator closes it at once; anyone else adds their one report towards closedReportsToClose. */
  async reportClosed(user: AuthUser, id: string): Promise<OpportunityClosed> {
    if (!(await this.opportunities.isVisible(user.id, isModerator(user), id))) throw opportunityNotFound();
    await this.refuseErased(user);
    if (isModerator(user)) await this.opportunities.close(id);
    else await this.opportunities.reportClosed(user.id, id);
    return this.opportunities.closedState(user.id, id);
  }

  async reopen(user: AuthUser, id: string): Promise<void> {
    requireModerator(user);
    if (!(await this.opportunities.reopen(id))) throw opportunityNotFound();
  }

  /** Sets or clears the caller's upvote or favourite; repeating either changes nothing. */
  async mark(user: AuthUser, id: string, type: InteractionType, on: boolean): Promise<OpportunityMarks> {
    if (!(await this.opportunities.isVisible(user.id, isModerator(user), id))) throw opportunityNotFound();
    await this.interactions.mark(user.id, 'opportunity', id, type, on);
    return this.opportunities.marks(user.id, id);
  }

  /** An access token outlives its account by up to its lifetime; it adds nothing after the erasure. */
  private async refuseErased(user: AuthUser): Promise<void> {
    if (await isErased(this.opportunities.db, user.id)) throw unauthorized(communityMessages.accountDeleted);
  }
}
