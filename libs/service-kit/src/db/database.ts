import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Pool, PoolClient, QueryConfig, QueryResultRow } from 'pg';
import { Backoff, fullJitter } from '../backoff';
import type { Logger } from '../logger';

/** A connection inside a transaction; work registered with afterCommit runs once it commits. */
export interface Tx {
  query<R extends QueryResultRow = QueryResultRow>(sql: string, params?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
  afterCommit(work: () => void): void;
}

/** Postgres rolled the transaction back whole and says running it again may succeed: serialization_failure, deadlock_detected. */
const retryableCodes = new Set(['40001', '40P01']);
const isRetryable = (err: unknown): boolean => retryableCodes.has((err as { code?: unknown } | null)?.code as string);
/** How often a transaction runs in all when Postgres ends it on a collision, and the waits between (milliseconds). */
const collisionRuns = 3;
const collisionBackoff: Backoff = { base: 20, cap: 80 };

/**
 * Postgres refuses a prepared statement whose result columns changed since it was planned: a
 * migration run meanwhile, by this replica or another during a rolling deploy.
 */
const isStalePlan = (err: unknown): boolean => {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
};

/**
 * Distinct SQL texts prepared per connection at most: a text built with a varying number of
 * placeholders would otherwise leave a statement in every backend for each shape it ever took.
 * Past it, new texts run unprepared, as before.
 */
const PREPARED_STATEMENTS_MAX = 500;

export interface DatabaseOptions {
  url: string;
  schema: string;
  poolMax?: number;
  logger: Logger;
}

/**
 * The service's own schema in Postgres. Every connection's search_path is that schema, so SQL
 * names tables plainly and two services never see each other's tables.
 */
export class Database {
  readonly pool: Pool;
  readonly schema: string;
  private readonly logger: Logger;
  private readonly poolMax: number;
  private waited?: (seconds: number) => void;
  /** Each SQL text's statement name, derived from the text and the generation. */
  private readonly statementNames = new Map<string, string>();
  /** Bumped when a plan went stale: every text is then prepared afresh under a new name. */
  private statementGeneration = 0;

  constructor(options: DatabaseOptions) {
    this.schema = options.schema;
    this.logger = options.logger;
    this.poolMax = options.poolMax ?? 10;
    this.pool = new Pool({
      connectionString: options.url,
      max: this.poolMax,
      options: `-c search_path=${options.schema},public`,
      // While Postgres is unreachable a caller waits at most this long for its 503 (kit http/envelope.ts).
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30000,
    });
    this.pool.on('error', (err) => this.logger.warn({ err }, 'idle database connection failed'));
  }

  /**
   * From now on, each call that finds every connection of the pool busy reports how long it
   * waited for one (a slow call's time spent queueing in this process, not in Postgres). Calls
   * that find a connection free cost nothing more.
   */
  observePoolWaits(waited: (seconds: number) => void): void {
    this.waited = waited;
  }

  /** Every connection is checked out: the next call queues for one. */
  private get poolBusy(): boolean {
    return this.waited !== undefined && this.pool.idleCount === 0 && this.pool.totalCount >= this.poolMax;
  }

  /**
   * A query as a named statement: each connection parses and plans a text once, then only binds
   * and runs it (Postgres keeps the plan, generic once it costs no more than a custom one). The
   * services run a few dozen texts over and over, so this saves Postgres the parse and plan of
   * every call. A text without parameters runs as sent: it may hold several statements (a script),
   * which a prepared statement cannot.
   */
  private prepared(sql: string, params: unknown[]): QueryConfig {
    if (params.length === 0) return { text: sql };
    let name = this.statementNames.get(sql);
    if (name === undefined) {
      if (this.statementNames.size >= PREPARED_STATEMENTS_MAX) return { text: sql, values: params };
      name = `q${this.statementGeneration}_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`;
      this.statementNames.set(sql, name);
    }
    return { name, text: sql, values: params };
  }

  /** The statements prepared so far are left behind: their connections drop them as they close. */
  private prepareAfresh(): void {
    this.statementGeneration += 1;
    this.statementNames.clear();
  }

  async query<R extends QueryResultRow = QueryResultRow>(sql: string, params: unknown[] = []) {
    try {
      return await this.queryOnce<R>(sql, params);
    } catch (err) {
      if (!isStalePlan(err)) throw err;
      this.prepareAfresh();
      return this.queryOnce<R>(sql, params);
    }
  }

  private queryOnce<R extends QueryResultRow>(sql: string, params: unknown[]) {
    if (!this.poolBusy) return this.pool.query<R>(this.prepared(sql, params));
    return this.checkOut().then(async (client) => {
      // As pool.query does: a connection whose query failed is not given to the next caller.
      let failure: Error | undefined;
      try {
        return await client.query<R>(this.prepared(sql, params));
      } catch (err) {
        failure = err as Error;
        throw err;
      } finally {
        client.release(failure);
      }
    });
  }

  /** A connection from the pool; the wait is reported when every connection was busy. */
  private async checkOut(): Promise<PoolClient> {
    if (!this.poolBusy) return this.pool.connect();
    const startedAt = performance.now();
    const client = await this.pool.connect();
    this.waited?.((performance.now() - startedAt) / 1000);
    return client;
  }

  /**
   * Runs `work` in one transaction. A transaction Postgres ended as a deadlock victim or a
   * serialization failure (40P01, 40001) did nothing, so it runs again on a fresh connection, up to
   * `collisionRuns` times in all, after a short random wait (the two sides of a collision that
   * retried in step would meet again: on a busy machine the same two transfers deadlocked twice),
   * before the caller sees the error: `work` must do nothing but its queries (anything else waits
   * for afterCommit). One that met a prepared statement gone stale runs once more (see isStalePlan).
   */
  async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    for (let run = 1; ; run++) {
      try {
        return await this.attempt(work);
      } catch (err) {
        if (isStalePlan(err)) {
          this.prepareAfresh();
          return this.attempt(work);
        }
        if (!isRetryable(err) || run >= collisionRuns) throw err;
        this.logger.warn(
          { err: (err as Error).message, code: (err as { code?: string }).code, run },
          'transaction failed as a deadlock victim or on serialization; running it again',
        );
        await new Promise((resolve) => setTimeout(resolve, fullJitter(run - 1, collisionBackoff)));
      }
    }
  }

  private async attempt<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await this.checkOut();
    // A connection lost mid-transaction fails the query in flight (the caller's error); its 'error'
    // event, with no listener while the client is checked out, would end the process.
    const lost = (err: Error) => this.logger.warn({ err: err.message }, 'database connection lost during a transaction');
    client.on('error', lost);
    const afterCommit: Array<() => void> = [];
    try {
      await client.query('BEGIN');
      const result = await work({
        query: (sql, params = []) => client.query(this.prepared(sql, params)),
        afterCommit: (fn) => afterCommit.push(fn),
      });
      await client.query('COMMIT');
      for (const fn of afterCommit) fn();
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.off('error', lost);
      client.release();
    }
  }

  async isReachable(): Promise<boolean> {
    try {
      await this.pool.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Applies forward-only .sql files in name order, each once, each in its own transaction, under an
   * advisory lock so replicas starting together do not race. Each applied file's sha256 is recorded;
   * a file whose content changed after it ran refuses the start (before anything new is applied),
   * since the databases that ran the old text would silently differ from those that run the new.
   */
  async migrate(sources: Array<{ label: string; dir: string }>): Promise<string[]> {
    const client = await this.pool.connect();
    const applied: string[] = [];
    try {
      // A service's own role may not create schemas (CREATE SCHEMA IF NOT EXISTS checks that
      // first): its schema was made for it (serviceRoleSql); only a superuser's start makes one.
      const { rowCount } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [this.schema]);
      if (!rowCount) await client.query(`CREATE SCHEMA IF NOT EXISTS "${this.schema}"`);
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${this.schema}`]);
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now(), checksum text)`);
      // Tables made before checksums get the column once; their rows are filled below, from the files as they are now.
      const { rowCount: hasChecksum } = await client.query(
        `SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'schema_migrations' AND column_name = 'checksum'`,
        [this.schema],
      );
      if (!hasChecksum) await client.query('ALTER TABLE schema_migrations ADD COLUMN checksum text');
      const done = new Map(
        (await client.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations')).rows.map((r) => [r.name, r.checksum]),
      );
      const files: Array<{ name: string; sql: string; checksum: string }> = [];
      for (const { label, dir } of sources) {
        for (const file of (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()) {
          const sql = await readFile(path.join(dir, file), 'utf8');
          files.push({ name: `${label}/${file}`, sql, checksum: migrationChecksum(sql) });
        }
      }
      const changed = files.filter((f) => done.get(f.name) && done.get(f.name) !== f.checksum);
      if (changed.length) {
        throw new Error(
          `migration${changed.length > 1 ? 's' : ''} changed after being applied: ${changed.map((f) => `${f.name} (applied sha256 ${done.get(f.name)}, the file now ${f.checksum})`).join(', ')}. ` +
            'Restore the applied text and put the change in a new migration file.',
        );
      }
      for (const { name, checksum } of files.filter((f) => done.has(f.name) && done.get(f.name) === null)) {
        await client.query('UPDATE schema_migrations SET checksum = $2 WHERE name = $1', [name, checksum]);
      }
      for (const { name, sql, checksum } of files) {
        if (done.has(name)) continue;
        await client.query('BEGIN');
        try {
          await client.query(sql);
          await client.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [name, checksum]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw new Error(`migration ${name} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(name);
      }
      return applied;
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${this.schema}`]).catch(() => undefined);
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

export type { PoolClient };

/** sha256 of a migration's text, line endings normalised so a checkout with CRLF (git autocrlf) matches. */
const migrationChecksum = (sql: string): string => createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
