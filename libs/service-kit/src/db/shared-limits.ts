import { createHash, createHmac, hkdfSync } from 'node:crypto';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from './database';

/**
 * The table every limit of a service shares, in its own schema. A service's migration makes it (the
 * library's auto-create is off), with the columns rate-limiter-flexible's Postgres store uses:
 *
 *   CREATE TABLE rate_limits (key text PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint);
 *   CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);
 */
const table = 'rate_limits';

/** Where a service's limits are counted, and the key their keys are hashed with. */
export interface LimitStore {
  db: Database;
  keyHashKey: Buffer | undefined;
  /** Default rate_limits; the users' shares have a table of their own (kit migration 0004). */
  table?: string;
}

/**
 * Limits counted in the service's Postgres. Keys are hashed with a key derived from `secret`, so
 * the table tells no reader which e-mails, addresses or accounts it counts (a plain hash of an IPv4
 * address is found by trying them all); without a secret they are hashed plainly.
 */
export const limitStore = (db: Database, purpose: string, secret?: Buffer | string): LimitStore => ({
  db,
  keyHashKey: secret ? Buffer.from(hkdfSync('sha256', secret, '', purpose, 32)) : undefined,
});

/**
 * Up to `limit` counts per key in a window of `seconds` that starts with a key's first count,
 * kept in Postgres (rate-limiter-flexible's Postgres store), so every replica sees the same counts
 * and a restart forgets none.
 */
export class SharedLimit {
  private readonly store: RateLimiterPostgres;
  private readonly keyHashKey: Buffer | undefined;

  constructor(
    { db, keyHashKey, table: tableName = table }: LimitStore,
    name: string,
    readonly limit: number,
    private readonly seconds: number,
  ) {
    this.keyHashKey = keyHashKey;
    this.store = new RateLimiterPostgres({
      storeClient: db.pool,
      storeType: 'pool',
      schemaName: db.schema,
      tableName,
      // The service's migration made the table; expired rows go with sweepExpiredLimits.
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
   * Counts one, atomically (concurrent callers on any replica cannot all pass); 0 while the window
   * is within the limit, else the seconds until the window ends. `seconds`: a new window's length,
   * if not the usual.
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

  /**
   * Counts `points` at once, atomically: the milliseconds left in the window when they fit within the
   * limit, else the seconds until the window ends as `wait` (the points still count, as a refused
   * take's one does).
   */
  async takeMany(key: string | string[], points: number): Promise<{ wait: 0; windowMs: number } | { wait: number }> {
    try {
      const res = await this.store.consume(this.hashed(key), points);
      return { wait: 0, windowMs: res.msBeforeNext };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { wait: waitOf(err) };
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
    const text = Array.isArray(key) ? key.join('\n') : key;
    return (this.keyHashKey ? createHmac('sha256', this.keyHashKey) : createHash('sha256')).update(text).digest('base64url');
  }
}

const waitOf = (res: RateLimiterRes) => Math.max(res.msBeforeNext, 1) / 1000;

/** Deletes every count whose window has ended (all limits of a service share the table). */
export async function sweepExpiredLimits(db: Database, tableName = table): Promise<void> {
  await db.query(`DELETE FROM ${tableName} WHERE expire < $1`, [Date.now()]);
}
