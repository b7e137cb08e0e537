import { Injectable } from '@nestjs/common';
import {
  AuthUser,
  communityMessages,
  CreateResource,
  ExternalResource,
  isModerator,
  ModerationDecision,
  moderationMessages,
  ResourceMarks,
} from '@app/contracts';
import { isErased, notFound, unauthorized } from '@app/service-kit';
import { InteractionsRepository, InteractionType } from '../interactions/interactions.repository';
import { requireModerator } from '../moderation';
import { linkKey } from '../moderation/link-key';
import { ReviewsService } from '../moderation/reviews.service';
import { ResourcesRepository } from './resources.repository';

const resourceNotFound = () => notFound(moderationMessages.resourceNotFound);

/** External resources: the built-in ones and members' shares, reviewed like opportunities, upvoted and favourited like them. */
@Injectable()
export class ResourcesService {
  constructor(
    private readonly resources: ResourcesRepository,
    private readonly interactions: InteractionsRepository,
    private readonly reviews: ReviewsService,
  ) {}

  list(user: AuthUser, queue: boolean): Promise<ExternalResource[]> {
    if (queue) requireModerator(user);
    return this.resources.list(user.id, queue);
  }

  /** Pending until a moderator approves it; a link shared before is a 409 that says where it is. */
  async create(user: AuthUser, input: CreateResource): Promise<ExternalResource> {
    if (await isErased(this.resources.db, user.id)) throw unauthorized(communityMessages.accountDeleted);
    const key = linkKey(input.url);
    const id = await this.resources.insert(user.id, input, key);
    if (!id) throw await this.reviews.duplicate(user, 'resource', key);
    return (await this.resources.find(user.id, id))!;
  }

  async moderate(user: AuthUser, id: string, decision: ModerationDecision): Promise<ExternalResource> {
    await this.reviews.decide(user, 'resource', id, decision);
    return (await this.resources.find(user.id, id))!;
  }

  async mark(user: AuthUser, id: string, type: InteractionType, on: boolean): Promise<ResourceMarks> {
    if (!(await this.resources.isVisible(user.id, isModerator(user), id))) throw resourceNotFound();
    await this.interactions.mark(user.id, 'resource', id, type, on);
    return this.resources.marks(user.id, id);
  }
}
