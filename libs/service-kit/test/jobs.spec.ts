import { createLogger, Database, JobRunner, jobsReport } from '../src';
import { scratchDatabase } from './scratch-database';
import { waitFor } from './fixture/seen';

jest.setTimeout(60_000);

/** Two replicas of a service: two runners on one database, as the kit starts them. */
describe('jobs: one run at a time across replicas, retried on failure', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let replicas: Database[] = [];
  let runners: JobRunner[] = [];

  beforeAll(async () => {
    ({ db, drop } = await scratchDatabase('jobs', 2));
    // Each replica has its own pool on the same schema.
    replicas = [0, 1].map(() => new Database({ url: dbUrl(db), schema: db.schema, poolMax: 3, logger: createLogger('jobs-test', 'silent') }));
  });
  afterEach(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    runners = [];
  });
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.close()));
    await db.query(`DROP SCHEMA IF EXISTS "${db.schema}_jobs" CASCADE`);
    await drop();
  });

  const startReplicas = async (define: (runner: JobRunner, replica: number) => void) => {
    runners = replicas.map((replica) => new JobRunner({ db: replica, logger: createLogger('jobs-test', 'silent'), retryDelaySeconds: 1 }));
    runners.forEach(define);
    await Promise.all(runners.map((r) => r.start()));
  };

  it('runs a job due every second once a second, not once per replica, and never two runs at once', async () => {
    const runs: Array<{ replica: number; at: number }> = [];
    let running = 0;
    let overlapped = false;
    await startReplicas((runner, replica) =>
      runner.define({
        name: 'tick',
        everyMs: 1000,
        run: async () => {
          running += 1;
          overlapped ||= running > 1;
          runs.push({ replica, at: Date.now() });
          await new Promise((r) => setTimeout(r, 200));
          running -= 1;
        },
      }),
    );
    await waitFor(async () => runs.length >= 5, 15_000);
    const span = (runs[runs.length - 1].at - runs[0].at) / 1000;
    // Once a second (plus the poll's half second at most), never twice in a second.
    expect(runs.length - 1).toBeLessThanOrEqual(Math.ceil(span) + 1);
    expect(span / (runs.length - 1)).toBeGreaterThanOrEqual(0.9);
    expect(overlapped).toBe(false);
    // Its runs are rows: the history admin jobs reads.
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${db.schema}_jobs".job WHERE name = 'tick' AND state = 'completed'`);
    expect(rows[0].n).toBeGreaterThanOrEqual(4);
    const [report] = await jobsReport({ databaseUrl: dbUrl(db), services: [{ service: 'fixture', schema: db.schema }] });
    expect(report).toMatchObject({ service: 'fixture', job: 'tick', failed: 0, retried: 0, lastRun: { state: expect.stringMatching(/^(completed|active)$/) } });
    expect(report.nextRun!.getTime()).toBeGreaterThan(Date.now() - 5_000);
  });

  it('tries a failed run again, on either replica', async () => {
    let attempts = 0;
    let succeeded = false;
    await startReplicas((runner) =>
      runner.define({
        name: 'flaky',
        everyMs: 3_600_000,
        run: async () => {
          attempts += 1;
          if (attempts === 1) throw new Error('the first attempt fails');
          succeeded = true;
        },
      }),
    );
    await waitFor(async () => succeeded, 15_000);
    // The run has returned; the runner records its completion just after, so wait for the row.
    const settled = async () =>
      (
        await db.query<{ state: string; retry_count: number }>(
          `SELECT state::text, retry_count FROM "${db.schema}_jobs".job WHERE name = 'flaky' AND state <> 'created'`,
        )
      ).rows;
    await waitFor(async () => (await settled()).every((row) => row.state !== 'active'), 5_000);
    expect(attempts).toBe(2);
    expect(await settled()).toEqual([{ state: 'completed', retry_count: 1 }]);
    const reports = await jobsReport({ databaseUrl: dbUrl(db), services: [{ service: 'fixture', schema: db.schema }] });
    expect(reports.find((r) => r.job === 'flaky')).toMatchObject({ failed: 0, retried: 1, lastRun: { state: 'completed' } });
  });
});

function dbUrl(db: Database): string {
  return (db.pool as unknown as { options: { connectionString: string } }).options.connectionString;
}
