import { Inject, Injectable } from '@nestjs/common';
import { capMessages, caps, pageSizes } from '@app/contracts';
import type { CreateOpportunity, Opportunity, OpportunityMarks, OpportunityStatus } from '@app/contracts';
import { Database, holdDailyCap } from '@app/service-kit';
import { containsPattern } from '../moderation';

interface Row extends Omit<Opportunity, 'created_at'> {
  created_at: Date;
}
const toOpportunity = (row: Row): Opportunity => ({ ...row, created_at: row.created_at.toISOString() });

/** The caller's marks ($1) on each row o. */
const withMarks = `o.id, o.user_id, o.title, o.description, o.badge, o.link, o.compensation, o.status, o.created_at,
  (SELECT count(*)::int FROM interactions i WHERE i.entity_type = 'opportunity' AND i.entity_id = o.id AND i.interaction_type = 'upvote') AS upvotes,
  EXISTS (SELECT 1 FROM interactions i WHERE i.entity_type = 'opportunity' AND i.entity_id = o.id AND i.interaction_type = 'upvote' AND i.user_id = $1) AS "hasUserUpvoted",
  EXISTS (SELECT 1 FROM interactions i WHERE i.entity_type = 'opportunity' AND i.entity_id = o.id AND i.interaction_type = 'favorite' AND i.user_id = $1) AS "isFavorite"`;

/** Approved ones, the viewer's own pending ones, and for moderators every pending one. */
const visibleTo = `(o.status = 'approved' OR (o.status = 'pending' AND (o.user_id = $1 OR $2::boolean)))`;

export interface OpportunityFilter {
  q?: string;
  selective: boolean;
  paid: boolean;
  /** The review queue: every pending opportunity (moderators). */
  queue: boolean;
}

@Injectable()
export class OpportunitiesRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /** Newest first; the first pageSizes.boards of them. */
  async list(viewerId: string, filter: OpportunityFilter): Promise<Opportunity[]> {
    const { rows } = await this.db.query<Row>(
      `SELECT ${withMarks} FROM pathfinder_opportunities o
       WHERE ${filter.queue ? `o.status = 'pending'` : `(o.status = 'approved' OR (o.status = 'pending' AND o.user_id = $1))`}
         AND ($2::text IS NULL OR o.title ILIKE $2 OR o.description ILIKE $2)
         AND (NOT $3::boolean OR o.badge = 'Selective')
         AND (NOT $4::boolean OR o.compensation > 0)
       ORDER BY o.created_at DESC, o.id LIMIT $5`,
      [viewerId, filter.q?.trim() ? containsPattern(filter.q.trim()) : null, filter.selective, filter.paid, pageSizes.boards],
    );
    return rows.map(toOpportunity);
  }

  async find(viewerId: string, id: string): Promise<Opportunity | undefined> {
    const { rows } = await this.db.query<Row>(`SELECT ${withMarks} FROM pathfinder_opportunities o WHERE o.id = $2`, [viewerId, id]);
    return rows[0] && toOpportunity(rows[0]);
  }

  async isVisible(viewerId: string, moderator: boolean, id: string): Promise<boolean> {
    const { rows } = await this.db.query(`SELECT 1 FROM pathfinder_opportunities o WHERE o.id = $3 AND ${visibleTo}`, [viewerId, moderator, id]);
    return rows.length > 0;
  }

  /**
   * The new opportunity's id, or null when its link (by key) has been shared already; 429 when the
   * sharer reached the day's cap (counted under their lock, see holdDailyCap).
   */
  async insert(userId: string, input: CreateOpportunity, linkKey: string): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      await holdDailyCap(tx, {
        kind: 'opportunities',
        userId,
        rows: 'pathfinder_opportunities WHERE user_id = $1',
        cap: caps.opportunitiesPerDay,
        message: capMessages.opportunitiesPerDay,
      });
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO pathfinder_opportunities (user_id, title, description, badge, link, link_key, compensation)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (link_key) DO NOTHING RETURNING id`,
        [userId, input.title, input.description, input.badge ?? null, input.link, linkKey, input.compensation],
      );
      return rows[0]?.id ?? null;
    });
  }

  async setStatus(id: string, status: OpportunityStatus): Promise<boolean> {
    const { rowCount } = await this.db.query('UPDATE pathfinder_opportunities SET status = $2, reviewed_at = now() WHERE id = $1', [id, status]);
    return (rowCount ?? 0) > 0;
  }

  async marks(viewerId: string, id: string): Promise<OpportunityMarks> {
    const { rows } = await this.db.query<OpportunityMarks>(
      `SELECT o.id, upvotes, "hasUserUpvoted", "isFavorite" FROM (SELECT ${withMarks} FROM pathfinder_opportunities o WHERE o.id = $2) o`,
      [viewerId, id],
    );
    return rows[0];
  }
}
