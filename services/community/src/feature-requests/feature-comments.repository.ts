import { Inject, Injectable } from '@nestjs/common';
import type { FeatureComment } from '@app/contracts';
import { Database, Tx } from '@app/service-kit';

interface Row {
  id: string;
  feature_request_id: string;
  user_id: string;
  author_name: string;
  by_moderator: boolean;
  body: string;
  created_at: Date;
  edited_at: Date | null;
}

const columns = 'id, feature_request_id, user_id, author_name, by_moderator, body, created_at, edited_at';
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

  async add(tx: Tx, viewer: Viewer, featureId: string, authorName: string, body: string): Promise<FeatureComment> {
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

  /** Its author, or undefined when the request has no such comment. */
  async authorOf(featureId: string, commentId: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ user_id: string }>('SELECT user_id FROM feature_request_comments WHERE id = $1 AND feature_request_id = $2', [
      commentId,
      featureId,
    ]);
    return rows[0]?.user_id;
  }

  async edit(viewer: Viewer, featureId: string, commentId: string, body: string): Promise<FeatureComment | undefined> {
    const { rows } = await this.db.query<Row>(
      `UPDATE feature_request_comments SET body = $3, edited_at = now() WHERE id = $1 AND feature_request_id = $2 RETURNING ${columns}`,
      [commentId, featureId, body],
    );
    return rows[0] && toComment(rows[0], viewer.id, viewer.moderator);
  }

  async remove(featureId: string, commentId: string): Promise<void> {
    await this.db.query('DELETE FROM feature_request_comments WHERE id = $1 AND feature_request_id = $2', [commentId, featureId]);
  }
}
