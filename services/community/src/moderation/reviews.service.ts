import { Inject, Injectable } from '@nestjs/common';
import {
  alreadyDecidedMessages,
  AuthUser,
  communityMessages,
  duplicateLinkMessages,
  ModeratedKind,
  ModerationAction,
  ModerationDecision,
  ModerationSummary,
  moderationMessages,
  OwnSubmission,
  ReviewedKind,
} from '@app/contracts';
import { AppError, conflict, EventBus, latestModeration, notFound, recordModeration, Tx } from '@app/service-kit';
import { requireModerator } from '../members';
import { Edit, reviewedTables, ReviewsRepository } from './reviews.repository';

/** One decision as the audit log and the submitter's event tell it. */
export interface Decision {
  kind: ModeratedKind;
  id: string;
  title: string;
  submitterId: string | null;
  action: 'approved' | 'rejected' | 'taken_down';
  reason: string | null;
  edited: boolean;
}

const nouns: Record<ReviewedKind, string> = { opportunity: 'opportunity', resource: 'resource' };
const notFoundMessages: Record<ReviewedKind, string> = { opportunity: communityMessages.opportunityNotFound, resource: moderationMessages.resourceNotFound };
/** Where a listed item of each kind is found on the web app. */
const listedAt: Record<ReviewedKind, (title: string) => string> = {
  opportunity: (title) => `/pathfinder?q=${encodeURIComponent(title)}`,
  resource: () => '/external-resources',
};

/** Decisions on submissions of every reviewed kind: one set of rules, one audit log, one event. */
@Injectable()
export class ReviewsService {
  constructor(
    private readonly reviews: ReviewsRepository,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  /**
   * The decision with the moderator's corrections, its audit line and, for a rejection or
   * take-down, the submitter's event, in one transaction. An item decided meanwhile by another
   * moderator is a 409 saying its state; a corrected link that is already shared (by key) is the
   * sharer's 409, saying where it is.
   */
  async decide(user: AuthUser, kind: ReviewedKind, id: string, decision: ModerationDecision, edits: Edit[] = []): Promise<void> {
    requireModerator(user);
    try {
      await this.reviews.db.transaction(async (tx) => {
        const decided = await this.reviews.decide(tx, kind, id, decision, edits);
        if (!decided) throw await this.refusal(kind, id);
        const reason = decision.status === 'approved' ? null : decision.reason!;
        await this.record(tx, user, {
          kind,
          id,
          title: decided.title,
          submitterId: decided.submitterId,
          action: decision.status,
          reason,
          edited: decided.edited,
        });
      });
    } catch (err) {
      const { code, constraint } = err as { code?: string; constraint?: string };
      const key = edits.find((e) => e.column === 'link_key')?.value;
      if (code === '23505' && constraint === `${reviewedTables[kind].table}_link_key` && typeof key === 'string') throw await this.duplicate(user, kind, key);
      throw err;
    }
  }

  /**
   * A decision's audit line and, for a rejection or take-down of a submitter's item, the event that
   * tells them, in the decision's transaction (feature requests record theirs through here too).
   */
  async record(tx: Tx, user: AuthUser, decided: Decision): Promise<void> {
    await recordModeration(tx, user, {
      action: decided.action,
      kind: decided.kind,
      itemId: decided.id,
      itemTitle: decided.title,
      edited: decided.edited,
      reason: decided.reason,
    });
    if (decided.action === 'approved' || !decided.submitterId) return;
    await this.events.record(tx, 'community.submission.rejected', {
      user_id: decided.submitterId,
      kind: decided.kind,
      item_id: decided.id,
      title: decided.title,
      reason: decided.reason ?? '',
      action: decided.action,
      rejected_at: new Date().toISOString(),
    });
  }

  private async refusal(kind: ReviewedKind, id: string): Promise<AppError> {
    const state = await this.reviews.stateOf(kind, id);
    return state ? conflict(alreadyDecidedMessages[state](nouns[kind])) : notFound(notFoundMessages[kind]);
  }

  /** The 409 for a link shared again: where it already is, with the listed item's place when listed. */
  async duplicate(user: AuthUser, kind: ReviewedKind, linkKey: string): Promise<AppError> {
    const field = reviewedTables[kind].link;
    const before = await this.reviews.sharedBefore(kind, linkKey);
    if (!before) return conflict(communityMessages.duplicateLink, { [field]: communityMessages.duplicateLink });
    if (before.status === 'approved') {
      const message = duplicateLinkMessages.approved(before.title);
      return conflict(message, { [field]: message, listed: listedAt[kind](before.title) });
    }
    const message = before.status === 'pending' && before.user_id === user.id ? duplicateLinkMessages.yours : duplicateLinkMessages[before.status];
    return conflict(message, { [field]: message });
  }

  summary(user: AuthUser): Promise<ModerationSummary> {
    requireModerator(user);
    return this.reviews.summary();
  }

  log(user: AuthUser): Promise<ModerationAction[]> {
    requireModerator(user);
    return latestModeration(this.reviews.db);
  }

  submissionsOf(user: AuthUser): Promise<OwnSubmission[]> {
    return this.reviews.submissionsOf(user.id);
  }
}
