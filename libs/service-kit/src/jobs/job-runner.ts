import { PgBoss } from 'pg-boss';
import type { Job } from 'pg-boss';
import type { Database } from '../db/database';
import type { Logger } from '../logger';

/** What a service declares for one schedule; the kit runs it. */
export interface ScheduledJob {
  /** The job's name as `npm run admin -- jobs` lists it, e.g. `review-digest`. */
  name: string;
  /** From one run's start to the next one's. */
  everyMs: number;
  run(): Promise<unknown>;
  /** Tries after a failed one before the run counts as failed (default 2), the first a few seconds later, then twice as long each time. */
  retries?: number;
  /** A run still going after this long counts as failed and is tried again elsewhere (default 15 minutes). */
  timeoutSeconds?: number;
}

export interface JobRunnerOptions {
  db: Database;
  logger: Logger;
  /** Base of the first retry's wait (default 5 s); tests shorten it. */
  retryDelaySeconds?: number;
}

/** pg-boss checks for due work at most this often; a job due more often waits that much. */
const fastestPollSeconds = 0.5;
/** And at least this often, so a job that became due after a long pause starts within it. */
const slowestPollSeconds = 10;
/** Finished runs stay listed this long (admin jobs' history). */
const keptSeconds = 7 * 24 * 3600;

/** The schema of a service's jobs: beside its own, so the library's tables never meet the service's names. */
export const jobsSchemaOf = (schema: string): string => `${schema}_jobs`;

/**
 * Every schedule of a service on pg-boss, in Postgres: one run of each job at a time across all
 * replicas, each run retried on failure, and every run a row (`npm run admin -- jobs`). Each
 * job's queue is "stately" (one waiting and one running at most), and a run's first act is to
 * queue the next one `everyMs` later, so replicas that start, restart or die leave the cadence
 * as it was: whichever replica polls first takes the waiting run.
 */
export class JobRunner {
  private readonly jobs = new Map<string, ScheduledJob>();
  private boss?: PgBoss;

  constructor(private readonly options: JobRunnerOptions) {}

  get schema(): string {
    return jobsSchemaOf(this.options.db.schema);
  }

  /** Declares a job; declared before start (a provider's onModuleInit), it runs once the service starts. */
  define(job: ScheduledJob): void {
    if (this.boss) throw new Error(`job ${job.name} declared after the jobs started`);
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} declared twice`);
    this.jobs.set(job.name, job);
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  async start(): Promise<void> {
    const { db, logger } = this.options;
    await this.ensureSchema();
    const boss = new PgBoss({
      // The service's own pool: no connections beyond DATABASE_POOL_MAX.
      db: { executeSql: (text: string, values?: unknown[]) => db.pool.query(text, values) },
      schema: this.schema,
      createSchema: false,
      // Schedules are this class's chained runs; pg-boss's cron (whole minutes) is not used.
      schedule: false,
      registerInstance: false,
      persistWarnings: false,
      persistQueueStats: false,
    });
    boss.on('error', (err: Error) => logger.warn({ err: err.message }, 'job runner error'));
    this.boss = boss;
    await boss.start();
    const retryDelay = this.options.retryDelaySeconds ?? 5;
    for (const job of this.jobs.values()) {
      await boss.createQueue(job.name, {
        policy: 'stately',
        retryLimit: job.retries ?? 2,
        retryDelay,
        retryBackoff: true,
        expireInSeconds: job.timeoutSeconds ?? 15 * 60,
        deleteAfterSeconds: keptSeconds,
      });
      // As often as the job or its retry falls due, within pg-boss's bounds.
      const dueEverySeconds = Math.min(job.everyMs / 1000, retryDelay);
      const pollingIntervalSeconds = Math.min(slowestPollSeconds, Math.max(fastestPollSeconds, dueEverySeconds));
      const worker = await boss.work(job.name, { pollingIntervalSeconds }, ([run]: Job[]) => this.runOnce(job, run));
      if (await this.queueFirstRun(job.name)) boss.notifyWorker(worker);
    }
  }

  async stop(): Promise<void> {
    // A run in progress finishes (or, past the wait, is retried by another replica once it times out).
    await this.boss?.stop({ graceful: true, timeout: 5_000, close: false });
    this.boss = undefined;
  }

  private async runOnce(job: ScheduledJob, run: Job): Promise<void> {
    await this.boss!.send(job.name, null, { startAfter: new Date(Date.now() + job.everyMs) });
    const started = Date.now();
    try {
      await job.run();
      this.options.logger.debug({ job: job.name, id: run.id, ms: Date.now() - started }, 'job ran');
    } catch (err) {
      this.options.logger.warn({ job: job.name, id: run.id, err: (err as Error).message }, 'job failed; it is tried again');
      throw err;
    }
  }

  /**
   * The first run, unless a run is waiting, running or to be retried (queued by another replica or an
   * earlier life). Stately alone keeps one waiting, but not across the moment between a run's start
   * and its queueing of the next: a replica starting then queued a second run, due at once. Replicas
   * starting together take turns here, and from the first run on some run is always unfinished.
   */
  private async queueFirstRun(name: string): Promise<boolean> {
    const client = await this.options.db.pool.connect();
    const lock = [`${this.schema}.${name}`];
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', lock);
      const { rowCount } = await client.query(`SELECT 1 FROM "${this.schema}".job WHERE name = $1 AND state < 'completed' LIMIT 1`, [name]);
      // On the same connection: a pool of one (DATABASE_POOL_MAX=1) has no second to lend pg-boss.
      return (
        !rowCount && (await this.boss!.send(name, null, { db: { executeSql: (text: string, values?: unknown[]) => client.query(text, values) } })) !== null
      );
    } finally {
      // A connection that cannot unlock is closed, which lets go of its lock.
      const unlocked = await client.query('SELECT pg_advisory_unlock(hashtext($1))', lock).then(
        () => true,
        () => false,
      );
      client.release(!unlocked);
    }
  }

  /** As the service's own schema (Database.migrate): made here only when the login may (a superuser's); deploys make it beforehand. */
  private async ensureSchema(): Promise<void> {
    const { rowCount } = await this.options.db.pool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [this.schema]);
    if (rowCount) return;
    await this.options.db.pool.query(`CREATE SCHEMA IF NOT EXISTS "${this.schema}"`).catch((err: { code?: string }) => {
      // Two replicas starting at once: the other made it.
      if (err.code !== '23505' && err.code !== '42P06') throw err;
    });
  }
}
