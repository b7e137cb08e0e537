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

/**
 * Holds `userId`'s account until the transaction ends. A sign-up and a deletion reach a service by
 * two consumers that may run at once (after an outage, both arrive together): the sign-up's
 * "not erased, so create" and the deletion's "delete, then remember" must not interleave, or a
 * row made after the delete stays for good. Each takes this first.
 */
export async function holdAccountLock(tx: Tx, userId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('account:' || $1, 0))", [userId]);
}

export async function isErased(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM erased_accounts WHERE user_id = $1', [userId]);
  return rows.length > 0;
}
