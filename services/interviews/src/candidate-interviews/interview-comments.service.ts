import { Injectable } from '@nestjs/common';
import {
  AuthUser,
  communityMessages,
  defaultAuthor,
  InterviewComment,
  interviewCommentMessages,
  interviewMessages,
  interviewCommentQuerySchema,
  isModerator,
  ModerationAction,
} from '@app/contracts';
import { decodePageCursor, encodePageCursor, forbidden, isErased, latestModeration, notFound, unauthorized } from '@app/service-kit';
import type { z } from 'zod';
import { AuthorNames } from './author-names';
import { CandidateInterviewsRepository } from './candidate-interviews.repository';
import { CommentRow, InterviewCommentsRepository } from './interview-comments.repository';

const interviewNotFound = () => notFound('Could not find this interview');
const commentNotFound = () => notFound(interviewCommentMessages.notFound);

/** A comment as the caller sees it: the author's id stays here; their name only when they chose to show it. */
const asSeenBy = (user: AuthUser, row: CommentRow): InterviewComment => ({
  id: row.id,
  interview_id: row.interview_id,
  author: row.show_username && row.author_name ? row.author_name : defaultAuthor,
  body: row.body,
  created_at: row.created_at,
  edited: row.edited,
  is_mine: row.user_id === user.id,
  can_delete: row.user_id === user.id || isModerator(user),
  by_moderator: row.by_moderator,
});

/** Comments under interview reports: every signed-in user reads and writes them; the author edits theirs, the author or a moderator deletes. */
@Injectable()
export class InterviewCommentsService {
  constructor(
    private readonly comments: InterviewCommentsRepository,
    private readonly authorNames: AuthorNames,
    private readonly interviews: CandidateInterviewsRepository,
  ) {}

  /** A page and, when more remain, the cursor of the next one (one row more is read to know). */
  async list(
    user: AuthUser,
    interviewId: string,
    query: z.infer<typeof interviewCommentQuerySchema>,
  ): Promise<{ comments: InterviewComment[]; next?: string }> {
    const after = query.cursor ? decodePageCursor(query.cursor, interviewMessages.cursor) : undefined;
    const rows = await this.comments.page(interviewId, after, query.limit + 1);
    if (rows.length === 0 && !(await this.comments.interviewExists(interviewId))) throw interviewNotFound();
    const shown = rows.slice(0, query.limit);
    const last = shown[shown.length - 1];
    return {
      comments: shown.map((row) => asSeenBy(user, row)),
      next: rows.length > query.limit && last ? encodePageCursor({ createdAt: last.position, id: last.id }) : undefined,
    };
  }

  /** `authorization`: the caller's own bearer token, which profile takes to say their username. */
  async add(user: AuthUser, interviewId: string, input: { body: string; show_username: boolean }, authorization: string): Promise<InterviewComment> {
    // A deleted account's access token works until it expires; it must not add to erased data.
    if (await isErased(this.comments.db, user.id)) throw unauthorized('This account has been deleted');
    if (!(await this.comments.interviewExists(interviewId))) throw interviewNotFound();
    const authorName = input.show_username ? await this.authorNames.usernameOf(authorization) : null;
    const row = await this.comments.add({ id: user.id, moderator: isModerator(user) }, interviewId, input.body, authorName);
    if (!row) throw interviewNotFound();
    if (user.email_verified) await this.interviews.confirmed(user.id);
    return asSeenBy(user, row);
  }

  async edit(user: AuthUser, interviewId: string, commentId: string, body: string): Promise<InterviewComment> {
    const author = await this.authorOf(interviewId, commentId);
    if (author !== user.id) throw forbidden(interviewCommentMessages.notYours);
    const row = await this.comments.edit(user.id, interviewId, commentId, body);
    if (!row) throw commentNotFound();
    return asSeenBy(user, row);
  }

  async remove(user: AuthUser, interviewId: string, commentId: string): Promise<void> {
    const author = await this.authorOf(interviewId, commentId);
    if (author !== user.id && !isModerator(user)) throw forbidden(interviewCommentMessages.notYoursToDelete);
    if (!(await this.comments.remove(interviewId, commentId, isModerator(user) ? user : undefined))) throw commentNotFound();
  }

  /** This service's audit log: moderators' deletions of other people's comments. */
  moderationLog(user: AuthUser): Promise<ModerationAction[]> {
    if (!isModerator(user)) throw forbidden(communityMessages.moderatorsOnly);
    return latestModeration(this.comments.db);
  }

  private async authorOf(interviewId: string, commentId: string): Promise<string> {
    const author = await this.comments.authorOf(interviewId, commentId);
    if (!author) throw commentNotFound();
    return author;
  }
}
