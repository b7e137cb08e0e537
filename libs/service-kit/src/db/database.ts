import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Pool, PoolClient, QueryResultRow } from 'pg';
import type { Logger } from '../logger';

/** A connection inside a transaction; work registered with afterCommit runs once it commits. */
export interface Tx {
  query<R extends QueryResultRow = QueryResultRow>(sql: string, params?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
  afterCommit(work: () => void): void;
}

/** Postgres rolled the transaction back whole and says running it again may succeed: serialization_failure, deadlock_detected. */
const retryableCodes = new Set(['40001', '40P01']);
const isRetryable = (err: unknown): boolean => retryableCodes.has((err as { code?: unknown } | null)?.code as string);

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

  constructor(options: DatabaseOptions) {
    this.schema = options.schema;
    this.logger = options.logger;
    this.pool = new Pool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      options: `-c search_path=${options.schema},public`,
      // While Postgres is unreachable a caller waits at most this long for its 503 (kit http/envelope.ts).
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30000,
    });
    this.pool.on('error', (err) => this.logger.warn({ err }, 'idle database connection failed'));
  }

  query<R extends QueryResultRow = QueryResultRow>(sql: string, params: unknown[] = []) {
    return this.pool.query<R>(sql, params);
  }

  /**
   * Runs `work` in one transaction. A transaction Postgres ended as a deadlock victim or a
   * serialization failure (40P01, 40001) did nothing, so it runs once more on a fresh connection
   * before the caller sees the error: `work` must do nothing but its queries (anything else waits
   * for afterCommit).
   */
  async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.attempt(work);
    } catch (err) {
      if (!isRetryable(err)) throw err;
      this.logger.warn(
        { err: (err as Error).message, code: (err as { code?: string }).code },
        'transaction failed as a deadlock victim or on serialization; running it again',
      );
      return this.attempt(work);
    }
  }

  private async attempt<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // A connection lost mid-transaction fails the query in flight (the caller's error); its 'error'
    // event, with no listener while the client is checked out, would end the process.
    const lost = (err: Error) => this.logger.warn({ err: err.message }, 'database connection lost during a transaction');
    client.on('error', lost);
    const afterCommit: Array<() => void> = [];
    try {
      await client.query('BEGIN');
      const result = await work({
        query: (sql, params = []) => client.query(sql, params),
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
   * advisory lock so replicas starting together do not race.
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
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
      const done = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
      for (const { label, dir } of sources) {
        const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
        for (const file of files) {
          const name = `${label}/${file}`;
          if (done.has(name)) continue;
          const sql = await readFile(path.join(dir, file), 'utf8');
          await client.query('BEGIN');
          try {
            await client.query(sql);
            await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
            await client.query('COMMIT');
          } catch (err) {
            await client.query('ROLLBACK');
            throw new Error(`migration ${name} failed: ${(err as Error).message}`, { cause: err });
          }
          applied.push(name);
        }
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
