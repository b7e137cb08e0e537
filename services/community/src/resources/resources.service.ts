import { Injectable } from '@nestjs/common';
import {
  AuthUser,
  communityMessages,
  CreateResource,
  ExternalResource,
  isModerator,
  moderationMessages,
  ResourceDecision,
  ResourceMarks,
  resourceMessages,
  ResourceQuery,
  resourcesAtOnce,
} from '@app/contracts';
import { decodePageCursor, encodePageCursor, isErased, notFound, unauthorized } from '@app/service-kit';
import { InteractionsRepository, InteractionType } from '../interactions/interactions.repository';
import { requireModerator } from '../members';
import { linkKey } from '../moderation/link-key';
import { Edit } from '../moderation/reviews.repository';
import { ReviewsService } from '../moderation/reviews.service';
import { ResourcesRepository } from './resources.repository';

const resourceNotFound = () => notFound(moderationMessages.resourceNotFound);

/** The columns a moderator's approval corrects; a changed link gets its key (one resource per link). */
function correctionsOf(decision: ResourceDecision): Edit[] {
  const edits: Edit[] = [];
  if (decision.title !== undefined) edits.push({ column: 'title', value: decision.title });
  if (decision.description !== undefined) edits.push({ column: 'description', value: decision.description });
  if (decision.url !== undefined) edits.push({ column: 'url', value: decision.url }, { column: 'link_key', value: linkKey(decision.url) });
  if (decision.author !== undefined) edits.push({ column: 'author', value: decision.author });
  return edits;
}

/** External resources: the built-in ones and members' shares, reviewed like opportunities, upvoted and favourited like them. */
@Injectable()
export class ResourcesService {
  constructor(
    private readonly resources: ResourcesRepository,
    private readonly interactions: InteractionsRepository,
    private readonly reviews: ReviewsService,
  ) {}

  /** A page, newest first, and the next page's cursor when more remain (one row more is read to know). */
  async list(user: AuthUser, query: ResourceQuery): Promise<{ items: ExternalResource[]; next?: string }> {
    if (query.status === 'pending') requireModerator(user);
    const limit = query.limit ?? resourcesAtOnce;
    const after = query.cursor ? decodePageCursor(query.cursor, resourceMessages.cursor) : undefined;
    const rows = await this.resources.page(user.id, query.status, limit + 1, after);
    const items = rows.slice(0, limit);
    return { items: items.map((r) => r.resource), next: rows.length > limit ? encodePageCursor(items[items.length - 1].place) : undefined };
  }

  /** Pending until a moderator approves it; a link shared before is a 409 that says where it is. */
  async create(user: AuthUser, input: CreateResource): Promise<ExternalResource> {
    if (await isErased(this.resources.db, user.id)) throw unauthorized(communityMessages.accountDeleted);
    const key = linkKey(input.url);
    const id = await this.resources.insert(user.id, input, key);
    if (!id) throw await this.reviews.duplicate(user, 'resource', key);
    return (await this.resources.find(user.id, id))!;
  }

  async moderate(user: AuthUser, id: string, decision: ResourceDecision): Promise<ExternalResource> {
    await this.reviews.decide(user, 'resource', id, decision, correctionsOf(decision));
    return (await this.resources.find(user.id, id))!;
  }

  async mark(user: AuthUser, id: string, type: InteractionType, on: boolean): Promise<ResourceMarks> {
    if (!(await this.resources.isVisible(user.id, isModerator(user), id))) throw resourceNotFound();
    await this.interactions.mark(user.id, 'resource', id, type, on);
    return this.resources.marks(user.id, id);
  }
}
