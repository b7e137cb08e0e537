import { writeCaps, WriteKind } from '@app/contracts';
import { conflict, rateLimited } from '../errors';
import type { Tx } from './database';

/**
 * Serialises one account's writes of one kind until the transaction ends, so the count under a cap
 * and the insert after it are one step: two tabs cannot both take the last place. A transaction-level
 * advisory lock, released by commit or rollback; unrelated accounts only share it on a hash clash.
 */
export async function lockAccountCap(tx: Tx, kind: string, userId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${kind}:${userId}`]);
}

/** Rows an account owns, named by a table and a condition on it where $1 is the account. */
export interface CapCount {
  /** Also the lock's name: every writer of these rows must use the same one. */
  kind: string;
  userId: string;
  /** `<table> WHERE <condition with $1 = the account, more $n from params>`. */
  rows: string;
  /** The rows' time of making, for a daily cap (default created_at). */
  at?: string;
  params?: unknown[];
  cap: number;
  message: string;
  /** Caps on a part of the same rows (one problem's reviews among all), counted in the same statement. */
  parts?: Array<{ where: string; cap: number; message: string }>;
}

/** 409 when the account already owns `cap` of these rows; call before inserting, in the same transaction. */
export async function holdTotalCap(tx: Tx, count: CapCount): Promise<void> {
  await lockAccountCap(tx, count.kind, count.userId);
  const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${count.rows}`, [count.userId, ...(count.params ?? [])]);
  if (rows[0].n >= count.cap) throw conflict(count.message);
}

/**
 * 429 with Retry-After when the account made `cap` of these rows in the last 24 hours (a rolling
 * day: the wait is until the oldest of them is a day old); call before inserting, in the same transaction.
 */
export async function holdDailyCap(tx: Tx, count: CapCount): Promise<void> {
  await lockAccountCap(tx, count.kind, count.userId);
  const at = count.at ?? 'created_at';
  const caps = [{ where: 'true', cap: count.cap, message: count.message }, ...(count.parts ?? [])];
  const { rows } = await tx.query<Record<string, number | null>>(
    `SELECT ${caps
      .map(
        (c, i) =>
          `count(*) FILTER (WHERE ${c.where})::int AS n${i}, extract(epoch FROM min(${at}) FILTER (WHERE ${c.where}) + interval '24 hours' - now())::float8 AS wait${i}`,
      )
      .join(', ')}
     FROM ${count.rows} AND ${at} > now() - interval '24 hours'`,
    [count.userId, ...(count.params ?? [])],
  );
  const full = caps.findIndex((c, i) => (rows[0][`n${i}`] ?? 0) >= c.cap);
  if (full >= 0) throw rateLimited(rows[0][`wait${full}`] ?? 1, caps[full].message);
}

/**
 * The cap policy's daily cap on one kind of user-generated write (writeCaps in the contracts): 429
 * with Retry-After when the account made that many of `rows` in the last 24 hours. `rows` is
 * `<table> WHERE <condition with $1 = the account>`; call before inserting, in the same transaction.
 */
export function holdWriteCap(tx: Tx, kind: WriteKind, count: Pick<CapCount, 'userId' | 'rows' | 'at' | 'params'>): Promise<void> {
  const { perDay, message } = writeCaps[kind];
  return holdDailyCap(tx, { ...count, kind, cap: perDay, message });
}
