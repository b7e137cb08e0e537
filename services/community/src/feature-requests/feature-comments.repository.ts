import { Inject, Injectable } from '@nestjs/common';
import type { FeatureComment } from '@app/contracts';
import { Database, holdWriteCap, Tx } from '@app/service-kit';

interface Row {
  id: string;
  feature_request_id: string;
  user_id: string;
  author_name: string;
  by_moderator: boolean;
  body: string;
  created_at: Date;
  edited_at: Date | null;
  edited_by_moderator: boolean;
}

const columns = 'id, feature_request_id, user_id, author_name, by_moderator, body, created_at, edited_at, edited_by_moderator';
/** The most a request's detail view lists; a board's threads stay far shorter. */
const commentsShown = 500;

/** A comment as its viewer sees it: the author's id stays here, can_edit says what they may do. */
const toComment = (row: Row, viewerId: string, moderator: boolean): FeatureComment => ({
  id: row.id,
  feature_request_id: row.feature_request_id,
  author_name: row.author_name,
  body: row.body,
  created_at: row.created_at.toISOString(),
  edited_at: row.edited_at?.toISOString() ?? null,
  can_edit: moderator || row.user_id === viewerId,
  by_moderator: row.by_moderator,
  edited_by_moderator: row.edited_by_moderator,
});

export interface Viewer {
  id: string;
  moderator: boolean;
}

@Injectable()
export class FeatureCommentsRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  async list(viewer: Viewer, featureId: string): Promise<FeatureComment[]> {
    const { rows } = await this.db.query<Row>(
      `SELECT ${columns} FROM feature_request_comments WHERE feature_request_id = $1 ORDER BY created_at, id LIMIT $2`,
      [featureId, commentsShown],
    );
    return rows.map((row) => toComment(row, viewer.id, viewer.moderator));
  }

  /** 429 past the author's daily cap (writeCaps['feature-comments']), counted under their lock. */
  async add(tx: Tx, viewer: Viewer, featureId: string, authorName: string, body: string): Promise<FeatureComment> {
    await holdWriteCap(tx, 'feature-comments', { userId: viewer.id, rows: 'feature_request_comments WHERE user_id = $1' });
    const { rows } = await tx.query<Row>(
      `INSERT INTO feature_request_comments (feature_request_id, user_id, author_name, by_moderator, body) VALUES ($1, $2, $3, $4, $5) RETURNING ${columns}`,
      [featureId, viewer.id, authorName, viewer.moderator, body],
    );
    return toComment(rows[0], viewer.id, viewer.moderator);
  }

  /** Who hears of a new comment: the request's author and everyone who commented on it before, except `commenterId`. */
  async audienceOf(tx: Tx, featureId: string, commenterId: string): Promise<{ title: string; userIds: string[] } | undefined> {
    const { rows } = await tx.query<{ title: string; user_ids: string[] }>(
      `SELECT f.title, ARRAY(
         SELECT f.user_id WHERE f.user_id IS NOT NULL
         UNION SELECT c.user_id FROM feature_request_comments c WHERE c.feature_request_id = f.id
         EXCEPT SELECT $2::uuid
       ) AS user_ids
       FROM requested_features f WHERE f.id = $1`,
      [featureId, commenterId],
    );
    return rows[0] && { title: rows[0].title, userIds: rows[0].user_ids };
  }

  /** The comment, locked until the transaction ends (an edit or delete reads what it changes); undefined when the request has none with that id. */
  async lock(tx: Tx, featureId: string, commentId: string): Promise<{ user_id: string; body: string } | undefined> {
    const { rows } = await tx.query<{ user_id: string; body: string }>(
      'SELECT user_id, body FROM feature_request_comments WHERE id = $1 AND feature_request_id = $2 FOR UPDATE',
      [commentId, featureId],
    );
    return rows[0];
  }

  /** `byModerator`: someone other than its author, a moderator, changed it. */
  async edit(tx: Tx, viewer: Viewer, commentId: string, body: string, byModerator: boolean): Promise<FeatureComment> {
    const { rows } = await tx.query<Row>(
      `UPDATE feature_request_comments SET body = $2, edited_at = now(), edited_by_moderator = $3 WHERE id = $1 RETURNING ${columns}`,
      [commentId, body, byModerator],
    );
    return toComment(rows[0], viewer.id, viewer.moderator);
  }

  async remove(tx: Tx, commentId: string): Promise<void> {
    await tx.query('DELETE FROM feature_request_comments WHERE id = $1', [commentId]);
  }
}
