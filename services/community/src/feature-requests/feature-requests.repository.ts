import { Inject, Injectable } from '@nestjs/common';
import { pageSizes } from '@app/contracts';
import type { FeatureRequest, FeatureRequestDetail, FeatureRequestStatus, FeatureSort, ShippedFeature } from '@app/contracts';
import { Database, Tx } from '@app/service-kit';
import { containsPattern } from '../text-search';

interface Row extends Omit<FeatureRequest, 'created_at'> {
  created_at: Date;
}
const toFeatureRequest = (row: Row): FeatureRequest => ({ ...row, created_at: row.created_at.toISOString() });

// The upvote count is kept on the row by a trigger (migration 0013): no count per listed request.
const withUpvotes = 'f.id, f.title, f.description, f.status, f.created_at, f.upvotes';

export interface FeatureFilter {
  /** A status, or undefined for every listed one (everything but pending, plus the viewer's own pending ones). */
  status?: FeatureRequestStatus;
  q?: string;
  voted: boolean;
  sort: FeatureSort;
}

/** Each sort's order; the later keys break ties, the id last so pages are stable. */
const orderBy: Record<FeatureSort, string> = {
  top: 'f.upvotes DESC, f.created_at DESC, f.id',
  newest: 'f.created_at DESC, f.id',
  // Kept on the row by the upvote trigger and TrendingAging (migration 0015).
  trending: 'f.trending_upvotes DESC, f.upvotes DESC, f.created_at DESC, f.id',
};

interface DetailRow extends Row {
  user_id: string | null;
  merged_into_id: string | null;
  merged_into_title: string | null;
  comment_count: number;
}

/** The detail view's request, with its author's id (kept here: the caller works out what the viewer may do). */
export type StoredDetail = Omit<FeatureRequestDetail, 'can_edit'> & { authorId: string | null };

@Injectable()
export class FeatureRequestsRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /**
   * In the filter's sort; the first pageSizes.boards of them. Merged duplicates are not listed.
   * Only the conditions asked for are in the statement, so each plan walks its sort's index.
   */
  async list(viewerId: string, filter: FeatureFilter): Promise<FeatureRequest[]> {
    const params: unknown[] = [pageSizes.boards];
    const param = (value: unknown) => `$${params.push(value)}`;
    // Postgres refuses a parameter no condition uses: the viewer's id is added only when one does.
    let viewer: string | undefined;
    const viewerParam = () => (viewer ??= param(viewerId));
    const where = ['f.merged_into IS NULL'];
    where.push(filter.status ? `f.status = ${param(filter.status)}` : `(f.status <> 'pending' OR f.user_id = ${viewerParam()})`);
    if (filter.q?.trim()) {
      const pattern = param(containsPattern(filter.q.trim()));
      where.push(`(f.title ILIKE ${pattern} OR f.description ILIKE ${pattern})`);
    }
    if (filter.voted) {
      where.push(
        `f.id IN (SELECT i.entity_id FROM interactions i WHERE i.user_id = ${viewerParam()} AND i.entity_type = 'feature_request' AND i.interaction_type = 'upvote')`,
      );
    }
    const { rows } = await this.db.query<Row>(
      `SELECT ${withUpvotes} FROM requested_features f
       WHERE ${where.join(' AND ')} ORDER BY ${orderBy[filter.sort]} LIMIT $1`,
      params,
    );
    return rows.map(toFeatureRequest);
  }

  /** The detail view's request, whatever its state (the caller checks that the viewer may see it). */
  async detail(id: string): Promise<StoredDetail | undefined> {
    const { rows } = await this.db.query<DetailRow>(
      `SELECT ${withUpvotes}, f.user_id, m.id AS merged_into_id, m.title AS merged_into_title,
         (SELECT count(*)::int FROM feature_request_comments c WHERE c.feature_request_id = f.id) AS comment_count
       FROM requested_features f LEFT JOIN requested_features m ON m.id = f.merged_into WHERE f.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) return undefined;
    const { user_id, merged_into_id, merged_into_title, comment_count, ...request } = row;
    return {
      ...toFeatureRequest(request),
      authorId: user_id,
      merged_into: merged_into_id ? { id: merged_into_id, title: merged_into_title! } : null,
      comment_count,
    };
  }

  /** What's new: done requests, most recently done first. */
  async shipped(limit: number): Promise<ShippedFeature[]> {
    const { rows } = await this.db.query<Row & { completed_at: Date }>(
      `SELECT ${withUpvotes}, f.completed_at FROM requested_features f
       WHERE f.status = 'completed' AND f.merged_into IS NULL ORDER BY f.completed_at DESC, f.id LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({ ...toFeatureRequest(row), completed_at: row.completed_at.toISOString() }));
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

  /** The request's text before a change, locked until the transaction ends; undefined when there is no such request. */
  async lockText(tx: Tx, id: string): Promise<{ title: string; description: string; status: FeatureRequestStatus; user_id: string | null } | undefined> {
    const { rows } = await tx.query<{ title: string; description: string; status: FeatureRequestStatus; user_id: string | null }>(
      'SELECT title, description, status, user_id FROM requested_features WHERE id = $1 FOR UPDATE',
      [id],
    );
    return rows[0];
  }

  async setText(tx: Tx, id: string, title: string, description: string): Promise<void> {
    await tx.query('UPDATE requested_features SET title = $2, description = $3 WHERE id = $1', [id, title, description]);
  }

  /**
   * The status set, with what it was and who filed the request; `reason` is kept when a pending
   * request is declined (rejected at review), for its author to read.
   */
  async setStatus(
    tx: Tx,
    id: string,
    status: FeatureRequestStatus,
    reason: string | null,
  ): Promise<{ title: string; previous: FeatureRequestStatus; authorId: string | null } | undefined> {
    const { rows } = await tx.query<{ title: string; previous: FeatureRequestStatus; authorId: string | null }>(
      `UPDATE requested_features f SET status = $2,
         completed_at = CASE WHEN $2 <> 'completed' THEN NULL WHEN old.previous = 'completed' THEN f.completed_at ELSE now() END,
         review_reason = CASE WHEN old.previous = 'pending' AND $2 = 'declined' THEN $3 ELSE f.review_reason END
       FROM (SELECT id, status AS previous FROM requested_features WHERE id = $1 FOR UPDATE) old
       WHERE f.id = old.id RETURNING f.title, old.previous, f.user_id AS "authorId"`,
      [id, status, reason],
    );
    return rows[0];
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

  /** Who hears of a status change: its subscribers and its voters, each once, and whether they follow it (a voter may not). */
  async followerIds(tx: Tx, id: string): Promise<Array<{ user_id: string; follows: boolean }>> {
    const { rows } = await tx.query<{ user_id: string; follows: boolean }>(
      `SELECT user_id, bool_or(follows) AS follows FROM (
         SELECT user_id, true AS follows FROM feature_request_subscriptions WHERE feature_request_id = $1
         UNION ALL
         SELECT user_id, false FROM interactions WHERE entity_type = 'feature_request' AND entity_id = $1 AND interaction_type = 'upvote'
       ) audience GROUP BY user_id ORDER BY user_id`,
      [id],
    );
    return rows;
  }

  /** Locks both requests (in id order, so two merges never deadlock) and answers their merge state. */
  async lockForMerge(tx: Tx, ids: [string, string]): Promise<Map<string, { title: string; user_id: string | null; merged_into: string | null }>> {
    const { rows } = await tx.query<{ id: string; title: string; user_id: string | null; merged_into: string | null }>(
      'SELECT id, title, user_id, merged_into FROM requested_features WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
      [ids],
    );
    return new Map(rows.map(({ id, ...request }) => [id, request]));
  }

  /**
   * Moves the duplicate's upvotes and subscriptions to the target, where the unique keys keep one per
   * user (a voter of both counts once), and marks the duplicate merged.
   */
  async merge(tx: Tx, duplicateId: string, intoId: string): Promise<void> {
    await tx.query(
      `INSERT INTO interactions (user_id, entity_type, entity_id, interaction_type, reaction, created_at)
       SELECT user_id, entity_type, $2, interaction_type, reaction, created_at FROM interactions
       WHERE entity_type = 'feature_request' AND entity_id = $1 AND interaction_type = 'upvote'
       ON CONFLICT ON CONSTRAINT interactions_one_per_user DO NOTHING`,
      [duplicateId, intoId],
    );
    await tx.query(`DELETE FROM interactions WHERE entity_type = 'feature_request' AND entity_id = $1 AND interaction_type = 'upvote'`, [duplicateId]);
    await tx.query(
      `INSERT INTO feature_request_subscriptions (user_id, feature_request_id, created_at)
       SELECT user_id, $2, created_at FROM feature_request_subscriptions WHERE feature_request_id = $1 ON CONFLICT DO NOTHING`,
      [duplicateId, intoId],
    );
    await tx.query('DELETE FROM feature_request_subscriptions WHERE feature_request_id = $1', [duplicateId]);
    await tx.query('UPDATE requested_features SET merged_into = $2 WHERE id = $1', [duplicateId, intoId]);
  }
}
