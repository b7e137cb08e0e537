import { randomBytes } from 'node:crypto';
import type { Database, TokenKey } from '@app/service-kit';

/** Keys kept: the newest seals, both open; a rotation drops the older of the two, voiding its tokens. */
const KEPT = 2;

/** The keys sealing mails' unsubscribe tokens, newest first; the first call ever makes one. */
export async function mailTokenKeys(db: Database): Promise<TokenKey[]> {
  await db.query('INSERT INTO mail_token_keys (id, key) SELECT 0, $1 WHERE NOT EXISTS (SELECT 1 FROM mail_token_keys) ON CONFLICT DO NOTHING', [
    randomBytes(32),
  ]);
  const { rows } = await db.query<TokenKey>('SELECT id, key FROM mail_token_keys ORDER BY created_at DESC');
  return rows;
}

/** Adds a key, which seals from now on, and drops all but the newest two (`npm run admin -- rotate-mail-keys`). Answers the new key's id. */
export function rotateMailTokenKeys(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE mail_token_keys IN EXCLUSIVE MODE');
    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO mail_token_keys (id, key) SELECT COALESCE((SELECT (id + 1) % 256 FROM mail_token_keys ORDER BY created_at DESC LIMIT 1), 0), $1 RETURNING id',
      [randomBytes(32)],
    );
    await tx.query('DELETE FROM mail_token_keys WHERE id NOT IN (SELECT id FROM mail_token_keys ORDER BY created_at DESC LIMIT $1)', [KEPT]);
    return rows[0].id;
  });
}
