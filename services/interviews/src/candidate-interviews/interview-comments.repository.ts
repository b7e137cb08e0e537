import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '@app/contracts';
import { cursorTime, Database, holdWriteCap, PagePosition, recordModeration } from '@app/service-kit';

/** A comment as stored, with its exact position for the next cursor. */
export interface CommentRow {
  id: string;
  interview_id: string;
  user_id: string;
  body: string;
  show_username: boolean;
  author_name: string | null;
  by_moderator: boolean;
  created_at: string;
  edited: boolean;
  position: string;
}

const columns = `id, interview_id, user_id, body, show_username, author_name, by_moderator,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, edited_at IS NOT NULL AS edited,
  ${cursorTime('created_at')} AS position`;

/**
 * Comments under interview reports. Adding and deleting one moves the report's comment_count in the
 * same transaction, holding the report (key share) first, so it cannot be deleted in between.
 */
@Injectable()
export class InterviewCommentsRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  async interviewExists(interviewId: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM candidate_interviews WHERE id = $1', [interviewId]);
    return rows.length > 0;
  }

  /** One page of a report's thread, oldest first, after `after` when given. */
  async page(interviewId: string, after: PagePosition | undefined, limit: number): Promise<CommentRow[]> {
    const { rows } = await this.db.query<CommentRow>(
      `SELECT ${columns} FROM interview_comments WHERE interview_id = $1
       ${after ? 'AND (created_at, id) > ($3::timestamptz, $4::uuid)' : ''}
       ORDER BY created_at, id LIMIT $2`,
      after ? [interviewId, limit, after.createdAt, after.id] : [interviewId, limit],
    );
    return rows;
  }

  /** The new comment; undefined when there is no such report. 429 past the caller's daily cap. */
  add(author: { id: string; moderator: boolean }, interviewId: string, body: string, authorName: string | null): Promise<CommentRow | undefined> {
    const userId = author.id;
    return this.db.transaction(async (tx) => {
      const found = await tx.query('SELECT 1 FROM candidate_interviews WHERE id = $1 FOR KEY SHARE', [interviewId]);
      if (found.rows.length === 0) return undefined;
      await holdWriteCap(tx, 'interview-comments', { userId, rows: 'interview_comments WHERE user_id = $1' });
      const { rows } = await tx.query<CommentRow>(
        `INSERT INTO interview_comments (interview_id, user_id, body, show_username, author_name, by_moderator) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING ${columns}`,
        [interviewId, userId, body, authorName !== null, authorName, author.moderator],
      );
      await tx.query('UPDATE candidate_interviews SET comment_count = comment_count + 1 WHERE id = $1', [interviewId]);
      return rows[0];
    });
  }

  /** Its author, or undefined when the report has no such comment. */
  async authorOf(interviewId: string, commentId: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ user_id: string }>('SELECT user_id FROM interview_comments WHERE id = $1 AND interview_id = $2', [
      commentId,
      interviewId,
    ]);
    return rows[0]?.user_id;
  }

  /** The author's comment with its new text; undefined when there is none of theirs with that id under this report. */
  async edit(userId: string, interviewId: string, commentId: string, body: string): Promise<CommentRow | undefined> {
    const { rows } = await this.db.query<CommentRow>(
      `UPDATE interview_comments SET body = $4, edited_at = now() WHERE id = $1 AND interview_id = $2 AND user_id = $3 RETURNING ${columns}`,
      [commentId, interviewId, userId, body],
    );
    return rows[0];
  }

  /**
   * Whether a comment went: two deletes of one comment at once take the count down once. A
   * moderator deleting someone else's comment leaves an audit line in the same transaction.
   */
  remove(interviewId: string, commentId: string, moderator?: AuthUser): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const gone = await tx.query<{ user_id: string; body: string }>(
        'DELETE FROM interview_comments WHERE id = $1 AND interview_id = $2 RETURNING user_id, body',
        [commentId, interviewId],
      );
      const removed = gone.rows[0];
      if (!removed) return false;
      // The report's title names it in the log; a report without one by its company.
      const { rows } = await tx.query<{ title: string }>(
        `UPDATE candidate_interviews i SET comment_count = i.comment_count - 1 FROM companies c
         WHERE i.id = $1 AND c.id = i.company_id RETURNING coalesce(i.title, c.name) AS title`,
        [interviewId],
      );
      if (moderator && removed.user_id !== moderator.id) {
        await recordModeration(tx, moderator, {
          action: 'deleted',
          kind: 'interview_comment',
          itemId: commentId,
          itemTitle: rows[0]?.title ?? '',
          before: removed.body,
          authorId: removed.user_id,
        });
      }
      return true;
    });
  }
}
