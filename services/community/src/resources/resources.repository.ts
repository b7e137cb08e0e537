import { Inject, Injectable } from '@nestjs/common';
import type { CreateResource, ExternalResource, ResourceMarks, ResourceQuery } from '@app/contracts';
import { cursorTime, Database, holdWriteCap, PagePosition } from '@app/service-kit';

interface Row extends Omit<ExternalResource, 'createdAt'> {
  createdAt: Date;
}
const toResource = (row: Row): ExternalResource => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Each row r with its upvotes and the caller's ($1) marks; the list is short, so they are counted here. */
const withMarks = `r.id, r.title, r.description, r.author, r.url, r.image_url AS "imageUrl", r.status, r.created_at AS "createdAt",
  (SELECT count(*) FROM interactions i WHERE i.entity_type = 'resource' AND i.entity_id = r.id AND i.interaction_type = 'upvote')::int AS upvotes,
  EXISTS (SELECT 1 FROM interactions i WHERE i.entity_type = 'resource' AND i.entity_id = r.id AND i.interaction_type = 'upvote' AND i.user_id = $1) AS "hasUserUpvoted",
  EXISTS (SELECT 1 FROM interactions i WHERE i.entity_type = 'resource' AND i.entity_id = r.id AND i.interaction_type = 'favorite' AND i.user_id = $1) AS "isFavorite"`;

/** Approved ones, the viewer's own pending ones, and for moderators every pending one. */
const visibleTo = `(r.status = 'approved' OR (r.status = 'pending' AND (r.user_id = $1 OR $2::boolean)))`;

@Injectable()
export class ResourcesRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /**
   * Up to `rows` after `after`, newest first, each with its place (the next cursor): approved ones
   * and the viewer's pending ones, every pending one (the queue), or only the approved ones (listed).
   */
  async page(
    viewerId: string,
    status: ResourceQuery['status'],
    rows: number,
    after: PagePosition | undefined,
  ): Promise<Array<{ resource: ExternalResource; place: PagePosition }>> {
    const params: unknown[] = [viewerId, rows];
    const where = [
      status === 'pending'
        ? `r.status = 'pending'`
        : status === 'approved'
          ? `r.status = 'approved'`
          : `(r.status = 'approved' OR (r.status = 'pending' AND r.user_id = $1))`,
    ];
    if (after) where.push(`(r.created_at, r.id) < ($${params.push(after.createdAt)}::timestamptz, $${params.push(after.id)}::uuid)`);
    const { rows: found } = await this.db.query<Row & { place: string }>(
      `SELECT ${withMarks}, ${cursorTime('r.created_at')} AS place FROM external_resources r WHERE ${where.join(' AND ')}
       ORDER BY r.created_at DESC, r.id DESC LIMIT $2`,
      params,
    );
    return found.map(({ place, ...row }) => ({ resource: toResource(row), place: { createdAt: place, id: row.id } }));
  }

  async find(viewerId: string, id: string): Promise<ExternalResource | undefined> {
    const { rows } = await this.db.query<Row>(`SELECT ${withMarks} FROM external_resources r WHERE r.id = $2`, [viewerId, id]);
    return rows[0] && toResource(rows[0]);
  }

  async isVisible(viewerId: string, moderator: boolean, id: string): Promise<boolean> {
    const { rows } = await this.db.query(`SELECT 1 FROM external_resources r WHERE r.id = $3 AND ${visibleTo}`, [viewerId, moderator, id]);
    return rows.length > 0;
  }

  /** The new resource's id, or null when its link (by key) has been shared already; 429 over the day's cap. */
  async insert(userId: string, input: CreateResource, linkKey: string): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      await holdWriteCap(tx, 'resources', { userId, rows: 'external_resources WHERE user_id = $1' });
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO external_resources (user_id, title, description, author, url, link_key) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (link_key) DO NOTHING RETURNING id`,
        [userId, input.title, input.description, input.author, input.url, linkKey],
      );
      return rows[0]?.id ?? null;
    });
  }

  async marks(viewerId: string, id: string): Promise<ResourceMarks> {
    const { rows } = await this.db.query<ResourceMarks>(
      `SELECT id, upvotes, "hasUserUpvoted", "isFavorite" FROM (SELECT ${withMarks} FROM external_resources r WHERE r.id = $2) r`,
      [viewerId, id],
    );
    return rows[0];
  }
}
