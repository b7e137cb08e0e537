import { Inject, Injectable } from '@nestjs/common';
import {
  askMessages,
  AuthUser,
  clipNotificationText,
  communityDesignMessages,
  FlaggedKind,
  FlagReason,
  isModerator,
  notificationBodyMax,
  notificationKinds,
  notificationTitleMax,
  PostKind,
  QuestionDetail,
} from '@app/contracts';
import { conflict, EventBus, forbidden, notFound, recordModeration } from '@app/service-kit';
import { requireModerator } from '../members';
import { AskASweService } from './ask-a-swe.service';
import { FlagsRepository } from './flags.repository';
import { PostsRepository } from './posts.repository';

/** What an audit line calls a flagged post. */
const auditedKind = { question: 'ask_question', answer: 'ask_answer', design: 'community_design', design_comment: 'community_design_comment' } as const;
/** How the author's notice names the removed post: "Your answer to "…" was removed". */
const removedPost = { question: 'question', answer: 'answer to', design: 'design of', design_comment: 'comment on the design of' } as const;
const notFoundMessage = {
  question: askMessages.questionNotFound,
  answer: askMessages.answerNotFound,
  design: communityDesignMessages.notFound,
  design_comment: communityDesignMessages.commentNotFound,
} as const;

/** A member's flag as its endpoint parsed it. */
export type Flag = { reason: FlagReason; note?: string | null };

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/** Flags from members, and what moderators do about them and about duplicates; every moderator action is a line of the desk's audit log. */
@Injectable()
export class AskModerationService {
  constructor(
    private readonly flags: FlagsRepository,
    private readonly posts: PostsRepository,
    private readonly ask: AskASweService,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  /** An Ask a SWE post the caller may read: a hidden one only a moderator flags. */
  async flag(user: AuthUser, kind: PostKind, postId: string, input: Flag): Promise<{ hidden: boolean }> {
    const post = kind === 'question' ? await this.posts.questionFacts(postId) : await this.posts.answerFacts(postId);
    if (!post || (post.moderation !== 'visible' && !isModerator(user))) throw notFound(notFoundMessage[kind]);
    return this.record(user, kind, postId, post.user_id, input);
  }

  /**
   * A flag on a post the caller may read (the caller checked), by its kind's rules: needs
   * askPrivileges.flag; once per member and post; not one's own.
   */
  async record(user: AuthUser, kind: FlaggedKind, postId: string, authorId: string, input: Flag): Promise<{ hidden: boolean }> {
    if (authorId === user.id) throw forbidden(askMessages.ownFlag);
    await this.ask.mustHave(user, 'flag');
    try {
      const hidden = await this.posts.db.transaction((tx) => this.flags.flag(tx, kind, postId, user.id, input.reason, input.note ?? null));
      return { hidden };
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(askMessages.alreadyFlagged);
      throw err;
    }
  }

  queue(user: AuthUser) {
    requireModerator(user);
    return this.flags.queue();
  }

  async decide(user: AuthUser, kind: FlaggedKind, postId: string, decision: 'restore' | 'remove', reason: string | null): Promise<void> {
    requireModerator(user);
    await this.posts.db.transaction(async (tx) => {
      const post = await this.flags.decide(tx, kind, postId, decision);
      if (!post) throw notFound(notFoundMessage[kind]);
      await recordModeration(tx, user, {
        action: decision === 'restore' ? 'restored' : 'removed',
        kind: auditedKind[kind],
        itemId: postId,
        itemTitle: post.title,
        reason,
      });
      // The author learns of a removal in their bell, with the moderator's reason (never who flagged it).
      if (post.removed_now) {
        await this.events.record(tx, 'community.notification.requested', {
          user_ids: [post.author_id],
          kind: notificationKinds.submissionRejected,
          title: clipNotificationText(`Your ${removedPost[kind]} "${post.title}" was removed`, notificationTitleMax),
          body: reason?.trim() ? clipNotificationText(`Reason: ${reason}`, notificationBodyMax) : 'A moderator removed it after members flagged it.',
          link: post.link,
          by_moderator: true,
        });
      }
    });
  }

  async closeAsDuplicate(user: AuthUser, id: string, duplicateOf: string | null): Promise<QuestionDetail> {
    requireModerator(user);
    if (duplicateOf === id) throw conflict(askMessages.duplicateOfItself);
    await this.posts.db.transaction(async (tx) => {
      if (!(await this.posts.questionFacts(id, tx, true))) throw notFound(askMessages.questionNotFound);
      if (duplicateOf && !(await this.posts.questionFacts(duplicateOf, tx))) throw notFound(askMessages.duplicateNotFound);
      const { rows } = await tx.query<{ title: string }>('UPDATE ask_questions SET status = $2, duplicate_of = $3 WHERE id = $1 RETURNING title', [
        id,
        duplicateOf ? 'closed' : 'open',
        duplicateOf,
      ]);
      await recordModeration(tx, user, { action: duplicateOf ? 'closed_duplicate' : 'reopened', kind: 'ask_question', itemId: id, itemTitle: rows[0].title });
    });
    return this.ask.detail(user, id);
  }

  /** Who asked: the opening is a line of the desk's audit log with the moderator's reason (the line names the question, not the asker). */
  async openAsker(user: AuthUser, id: string, reason: string): Promise<{ user_id: string | null; name: string | null }> {
    requireModerator(user);
    return this.posts.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ user_id: string; author_name: string; title: string }>(
        'SELECT user_id, author_name, title FROM ask_questions WHERE id = $1',
        [id],
      );
      if (!rows[0]) throw notFound(askMessages.questionNotFound);
      await recordModeration(tx, user, { action: 'identity_opened', kind: 'ask_question', itemId: id, itemTitle: rows[0].title, reason });
      return { user_id: rows[0].user_id, name: rows[0].author_name };
    });
  }
}
