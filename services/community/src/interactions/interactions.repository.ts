import { Inject, Injectable } from '@nestjs/common';
import { communityMessages, Interaction } from '@app/contracts';
import { Database, isErased, Tx, unauthorized } from '@app/service-kit';

export type EntityType = 'opportunity' | 'feature_request' | 'resource' | 'design';
export type InteractionType = 'upvote' | 'favorite';

type Queryable = Pick<Tx, 'query'>;
interface Row extends Omit<Interaction, 'created_at'> {
  created_at: Date;
}

const columns = 'id, user_id, entity_type, entity_id, interaction_type, reaction, created_at';
const toInteraction = (row: Row): Interaction => ({ ...row, created_at: row.created_at.toISOString() });

/**
 * Upvotes and favourites of every entity. One of each kind per user and entity is the table's
 * unique constraint, so the database, not a read-then-write, decides under concurrent clicks.
 */
@Injectable()
export class InteractionsRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /** The new interaction, or null when the user already had this one. */
  async add(userId: string, entityType: EntityType, entityId: string, type: InteractionType, q: Queryable = this.db): Promise<Interaction | null> {
    const { rows } = await q.query<Row>(
      `INSERT INTO interactions (user_id, entity_type, entity_id, interaction_type) VALUES ($1, $2, $3, $4)
       ON CONFLICT ON CONSTRAINT interactions_one_per_user DO NOTHING
       RETURNING ${columns}`,
      [userId, entityType, entityId, type],
    );
    return rows[0] ? toInteraction(rows[0]) : null;
  }

  /**
   * Sets or clears the user's upvote or favourite on an entity they may see; repeating either
   * changes nothing. An access token outlives its account: after the erasure it adds nothing.
   */
  async mark(userId: string, entityType: EntityType, entityId: string, type: InteractionType, on: boolean): Promise<void> {
    if (!on) return this.remove(userId, entityType, entityId, type);
    if (await isErased(this.db, userId)) throw unauthorized(communityMessages.accountDeleted);
    await this.add(userId, entityType, entityId, type);
  }

  async remove(userId: string, entityType: EntityType, entityId: string, type: InteractionType): Promise<void> {
    await this.db.query('DELETE FROM interactions WHERE user_id = $1 AND entity_type = $2 AND entity_id = $3 AND interaction_type = $4', [
      userId,
      entityType,
      entityId,
      type,
    ]);
  }

  /** Deletes one interaction of the user's on that entity; false when there is none (someone else's included). */
  async removeById(userId: string, entityType: EntityType, entityId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM interactions WHERE id = $1 AND user_id = $2 AND entity_type = $3 AND entity_id = $4', [
      id,
      userId,
      entityType,
      entityId,
    ]);
    return (rowCount ?? 0) > 0;
  }

  /** Every interaction of a kind on an entity, oldest first; other users' ids are not disclosed. */
  async list(viewerId: string, entityType: EntityType, entityId: string, type: InteractionType): Promise<Interaction[]> {
    const { rows } = await this.db.query<Row>(
      `SELECT id, CASE WHEN user_id = $1 THEN user_id END AS user_id, entity_type, entity_id, interaction_type, reaction, created_at
       FROM interactions WHERE entity_type = $2 AND entity_id = $3 AND interaction_type = $4 ORDER BY created_at, id`,
      [viewerId, entityType, entityId, type],
    );
    return rows.map(toInteraction);
  }
}
