import { createHmac, hkdfSync } from 'node:crypto';
import type { Database } from '@app/service-kit';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

/** The table of migrations/0004_rate_limits.sql. */
const table = 'rate_limits';

/** Where the counters are kept, and the key their keys are hashed with. */
export interface CounterStore {
  db: Database;
  keyHashKey: Buffer;
}

/**
 * Keys are hashed with a secret (derived from SIGNING_KEY_ENCRYPTION_KEY), so the table tells no
 * reader which e-mails, addresses or accounts it counts: a plain hash of an e-mail and an IPv4
 * address could be found by trying them all.
 */
export const counterStore = (db: Database, secret: Buffer): CounterStore => ({
  db,
  keyHashKey: Buffer.from(hkdfSync('sha256', secret, '', 'identity rate limit keys', 32)),
});

/**
 * Counts per key in identity's Postgres (rate-limiter-flexible's Postgres store), so every replica
 * sees the same counts: up to `limit` in a window of `seconds` that starts with a key's first count.
 */
export class Counter {
  private readonly store: RateLimiterPostgres;
  private readonly keyHashKey: Buffer;

  constructor(
    { db, keyHashKey }: CounterStore,
    name: string,
    readonly limit: number,
    private readonly seconds: number,
  ) {
    this.keyHashKey = keyHashKey;
    this.store = new RateLimiterPostgres({
      storeClient: db.pool,
      storeType: 'pool',
      schemaName: db.schema,
      tableName: table,
      // The migration made the table; expired rows are swept by sweepExpiredCounters.
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: name,
      points: limit,
      duration: seconds,
    });
  }

  /** Seconds until `key` is under the limit again, or 0 when it is under it now. */
  async wait(key: string | string[]): Promise<number> {
    const res = await this.store.get(this.hashed(key));
    return res && res.consumedPoints >= this.limit ? waitOf(res) : 0;
  }

  /** The count of `key` in its current window. */
  async count(key: string | string[]): Promise<number> {
    return (await this.store.get(this.hashed(key)))?.consumedPoints ?? 0;
  }

  /** Counts one, whatever the limit; the count in the window. */
  async add(key: string | string[]): Promise<number> {
    return (await this.store.penalty(this.hashed(key), 1)).consumedPoints;
  }

  /**
   * Counts one, atomically (concurrent callers cannot all pass); 0 while the window is within the
   * limit, else the seconds until the window ends. `seconds`: a new window's length, if not the usual.
   */
  async take(key: string | string[], seconds = this.seconds): Promise<number> {
    try {
      await this.store.consume(this.hashed(key), 1, { customDuration: seconds });
      return 0;
    } catch (err) {
      if (err instanceof RateLimiterRes) return waitOf(err);
      throw err;
    }
  }

  /** Puts `key` at its limit for `seconds` from now, whatever it counted. */
  async holdFor(key: string | string[], seconds: number): Promise<void> {
    await this.store.block(this.hashed(key), seconds);
  }

  /** Counts `key` once, in a window starting now (a mark that lasts a whole window from its last renewal). */
  async renew(key: string | string[]): Promise<void> {
    await this.store.set(this.hashed(key), 1, this.seconds);
  }

  async clear(key: string | string[]): Promise<void> {
    await this.store.delete(this.hashed(key));
  }

  private hashed(key: string | string[]): string {
    return createHmac('sha256', this.keyHashKey)
      .update(Array.isArray(key) ? key.join('\n') : key)
      .digest('base64url');
  }
}

const waitOf = (res: RateLimiterRes) => Math.max(res.msBeforeNext, 1) / 1000;

/** Deletes every counter whose window has ended (all counters share the table). */
export async function sweepExpiredCounters(db: Database): Promise<void> {
  await db.query(`DELETE FROM ${table} WHERE expire < $1`, [Date.now()]);
}
