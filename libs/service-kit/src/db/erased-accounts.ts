import type { Tx } from './database';

type Queryable = Pick<Tx, 'query'>;

/**
 * Deleted accounts, per service (kit migration 0002). A service that holds a user's data erases it
 * on identity.user.deleted and calls `rememberErased` in the same transaction; its write paths ask
 * `isErased` so an access token still valid after the deletion adds nothing back.
 */
export async function rememberErased(tx: Tx, userId: string): Promise<void> {
  await tx.query('INSERT INTO erased_accounts (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [userId]);
}

export async function isErased(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM erased_accounts WHERE user_id = $1', [userId]);
  return rows.length > 0;
}
