import { escapeIdentifier, Pool } from 'pg';
import type { EventsAdminTarget } from '../events/event-admin';
import { jobsSchemaOf } from './job-runner';

/** One job of one service as `npm run admin -- jobs` shows it. */
export interface JobReport {
  service: string;
  job: string;
  /** The newest run that ended (or is running), and how. */
  lastRun: { at: Date; state: 'completed' | 'failed' | 'active' | 'retry'; error: string | null } | null;
  /** Runs that failed for good, and runs that needed a retry, among those kept (7 days). */
  failed: number;
  retried: number;
  /** When the waiting run falls due (null: none waiting, as before the service first starts). */
  nextRun: Date | null;
}

/** Every service's jobs (those whose service has started once): the pg-boss rows in `<schema>_jobs`. */
export async function jobsReport(target: Pick<EventsAdminTarget, 'databaseUrl' | 'services'>): Promise<JobReport[]> {
  const pool = new Pool({ connectionString: target.databaseUrl, max: 1 });
  try {
    const reports: JobReport[] = [];
    for (const { service, schema } of target.services) {
      const jobs = escapeIdentifier(jobsSchemaOf(schema));
      const { rows: installed } = await pool.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [`${jobs}.queue`]);
      if (!installed[0].ok) continue;
      const { rows } = await pool.query<{
        name: string;
        last_at: Date | null;
        last_state: NonNullable<JobReport['lastRun']>['state'];
        last_output: { message?: string } | null;
        failed: number;
        retried: number;
        next_run: Date | null;
      }>(
        `SELECT q.name, last.at AS last_at, last.state AS last_state, last.output AS last_output,
           (SELECT count(*)::int FROM ${jobs}.job j WHERE j.name = q.name AND j.state = 'failed') AS failed,
           (SELECT count(*)::int FROM ${jobs}.job j WHERE j.name = q.name AND j.retry_count > 0) AS retried,
           (SELECT min(j.start_after) FROM ${jobs}.job j WHERE j.name = q.name AND j.state = 'created') AS next_run
         FROM ${jobs}.queue q
         LEFT JOIN LATERAL (
           SELECT COALESCE(j.completed_on, j.started_on) AS at, j.state::text AS state, j.output FROM ${jobs}.job j
           WHERE j.name = q.name AND j.state IN ('active', 'retry', 'completed', 'failed') AND j.started_on IS NOT NULL
           ORDER BY j.started_on DESC LIMIT 1
         ) last ON true
         ORDER BY q.name`,
      );
      for (const r of rows) {
        reports.push({
          service,
          job: r.name,
          lastRun: r.last_at ? { at: r.last_at, state: r.last_state, error: r.last_state === 'completed' ? null : (r.last_output?.message ?? null) } : null,
          failed: r.failed,
          retried: r.retried,
          nextRun: r.next_run,
        });
      }
    }
    return reports;
  } finally {
    await pool.end();
  }
}
