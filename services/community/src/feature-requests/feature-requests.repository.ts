import { Inject, Injectable } from '@nestjs/common';
import { pageSizes } from '@app/contracts';
import type { FeatureRequest, FeatureRequestStatus } from '@app/contracts';
import { Database, Tx } from '@app/service-kit';
import { containsPattern } from '../moderation';

interface Row extends Omit<FeatureRequest, 'created_at'> {
  created_at: Date;
}
const toFeatureRequest = (row: Row): FeatureRequest => ({ ...row, created_at: row.created_at.toISOString() });

const withUpvotes = `f.id, f.title, f.description, f.status, f.created_at,
  (SELECT count(*)::int FROM interactions i WHERE i.entity_type = 'feature_request' AND i.entity_id = f.id AND i.interaction_type = 'upvote') AS upvotes`;

export interface FeatureFilter {
  /** A status, or undefined for every listed one (everything but pending, plus the viewer's own pending ones). */
  status?: FeatureRequestStatus;
  q?: string;
  voted: boolean;
}

@Injectable()
export class FeatureRequestsRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /** Most upvoted first, then newest; the first pageSizes.boards of them. */
  async list(viewerId: string, filter: FeatureFilter): Promise<FeatureRequest[]> {
    const { rows } = await this.db.query<Row>(
      `SELECT * FROM (
         SELECT ${withUpvotes} FROM requested_features f
         WHERE (($2::text IS NULL AND (f.status <> 'pending' OR f.user_id = $1)) OR f.status = $2)
           AND ($3::text IS NULL OR f.title ILIKE $3 OR f.description ILIKE $3)
           AND (NOT $4::boolean OR EXISTS (SELECT 1 FROM interactions i WHERE i.entity_type = 'feature_request' AND i.entity_id = f.id AND i.interaction_type = 'upvote' AND i.user_id = $1))
       ) f ORDER BY upvotes DESC, created_at DESC, id LIMIT $5`,
      [viewerId, filter.status ?? null, filter.q?.trim() ? containsPattern(filter.q.trim()) : null, filter.voted, pageSizes.boards],
    );
    return rows.map(toFeatureRequest);
  }

  async find(id: string): Promise<FeatureRequest | undefined> {
    const { rows } = await this.db.query<Row>(`SELECT ${withUpvotes} FROM requested_features f WHERE f.id = $1`, [id]);
    return rows[0] && toFeatureRequest(rows[0]);
  }

  /** Listed ones, the viewer's own pending ones, and for moderators every one. */
  async isVisible(viewerId: string, moderator: boolean, id: string): Promise<boolean> {
    const { rows } = await this.db.query(`SELECT 1 FROM requested_features WHERE id = $1 AND (status <> 'pending' OR user_id = $2 OR $3::boolean)`, [
      id,
      viewerId,
      moderator,
    ]);
    return rows.length > 0;
  }

  async insertPending(tx: Tx, userId: string | null, title: string, description: string): Promise<string> {
    const { rows } = await tx.query<{ id: string }>(`INSERT INTO requested_features (user_id, title, description) VALUES ($1, $2, $3) RETURNING id`, [
      userId,
      title,
      description,
    ]);
    return rows[0].id;
  }

  /** The request's title when the status changed; undefined when there is no such request or it already had it. */
  async setStatus(tx: Tx, id: string, status: FeatureRequestStatus): Promise<{ title: string; changed: boolean } | undefined> {
    const { rows } = await tx.query<{ title: string; previous: string }>(
      `UPDATE requested_features f SET status = $2 FROM (SELECT id, status AS previous FROM requested_features WHERE id = $1 FOR UPDATE) old
       WHERE f.id = old.id RETURNING f.title, old.previous`,
      [id, status],
    );
    return rows[0] && { title: rows[0].title, changed: rows[0].previous !== status };
  }

  async subscribe(userId: string, id: string): Promise<void> {
    await this.db.query('INSERT INTO feature_request_subscriptions (user_id, feature_request_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, id]);
  }

  async unsubscribe(userId: string, id: string): Promise<void> {
    await this.db.query('DELETE FROM feature_request_subscriptions WHERE user_id = $1 AND feature_request_id = $2', [userId, id]);
  }

  async isSubscribed(userId: string, id: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM feature_request_subscriptions WHERE user_id = $1 AND feature_request_id = $2', [userId, id]);
    return rows.length > 0;
  }

  async subscriberIds(tx: Tx, id: string): Promise<string[]> {
    const { rows } = await tx.query<{ user_id: string }>(
      'SELECT user_id FROM feature_request_subscriptions WHERE feature_request_id = $1 ORDER BY created_at, user_id',
      [id],
    );
    return rows.map((r) => r.user_id);
  }
}
