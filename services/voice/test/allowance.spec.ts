import request from 'supertest';
import { voiceConstants } from '@app/contracts';
import { Database, RunningService } from '@app/service-kit';
import { TestEnvironment, TestUser, waitFor } from '@app/service-kit/testing';
import { createVoiceService } from '../src';
import { ManualClock } from './helpers';

jest.setTimeout(60_000);

/** The first instant of a calendar month (UTC), `months` after the clock's month. */
const monthStart = (clock: ManualClock, months: number) => {
  const at = new Date(clock.now());
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1);
};

describe('voice: the monthly allowance', () => {
  let env: TestEnvironment;
  let voice: RunningService;
  const clock = new ManualClock();

  beforeAll(async () => {
    env = await TestEnvironment.create();
    // The sweeper would end (and refund) the pending sessions a month's jump leaves behind: it stays out of the way.
    voice = await env.start(createVoiceService({ clock }), { VOICE_SWEEP_INTERVAL_MS: '3600000', VOICE_ASR_COMMAND: 'none', DATABASE_POOL_MAX: '10' });
  });
  afterAll(() => env.close());

  const credits = async (user: TestUser) =>
    (
      await request(voice.url)
        .get('/api/voice/credits')
        .set(await env.authHeader(user))
        .expect(200)
    ).body as { balance: number; monthly_allowance: number; next_top_up_at: string };
  const start = async (user: TestUser) =>
    request(voice.url)
      .get('/api/elevenlabs/signed-url')
      .set(await env.authHeader(user));
  const allowances = async (userId: string) =>
    (
      await voice.db.query<{ amount: number }>(
        `SELECT amount FROM credit_ledger WHERE user_id = $1 AND kind = 'grant' AND note = 'monthly_allowance' ORDER BY id`,
        [userId],
      )
    ).rows.map((r) => r.amount);
  const spendAll = async (user: TestUser) => {
    for (let left = (await credits(user)).balance; left >= voiceConstants.creditsPerSession; left -= voiceConstants.creditsPerSession) {
      expect((await start(user)).status).toBe(200);
    }
  };

  it('counts the starter credits as the first month: spent, the page waits for the 1st of next month (UTC)', async () => {
    clock.set(Date.UTC(2026, 10, 25, 21, 0));
    const user = env.newUser();
    expect(await credits(user)).toEqual({ balance: 10, monthly_allowance: 10, next_top_up_at: '2026-12-01T00:00:00.000Z' });
    await spendAll(user);
    // The last minute of November (UTC) is still November: nothing yet.
    clock.set(Date.UTC(2026, 10, 30, 23, 59, 59));
    expect(await credits(user)).toEqual({ balance: 0, monthly_allowance: 10, next_top_up_at: '2026-12-01T00:00:00.000Z' });
    expect((await start(user)).status).toBe(402);
    expect(await allowances(user.id)).toEqual([]);
  });

  it('tops up to 10 once on the first use of a new month, even with 10 reads and 10 starts at once; the month after, again', async () => {
    clock.set(Date.UTC(2027, 0, 20, 12, 0));
    const user = env.newUser();
    await spendAll(user);
    expect((await credits(user)).balance).toBe(0);

    clock.set(monthStart(clock, 1));
    const answers = await Promise.all([...Array.from({ length: 10 }, () => start(user)), ...Array.from({ length: 10 }, () => credits(user))]);
    const starts = answers.slice(0, 10) as request.Response[];
    expect(starts.filter((a) => a.status === 200)).toHaveLength(2);
    expect(starts.filter((a) => a.status === 402)).toHaveLength(8);
    expect(await allowances(user.id)).toEqual([10]);
    expect(await credits(user)).toEqual({ balance: 0, monthly_allowance: 10, next_top_up_at: '2027-03-01T00:00:00.000Z' });

    // Later in the month: no second top-up.
    clock.set(monthStart(clock, 0) + 20 * 86_400_000);
    expect((await credits(user)).balance).toBe(0);
    expect(await allowances(user.id)).toEqual([10]);

    // The month after, the same again: two rows, one per month.
    clock.set(monthStart(clock, 1) + 3 * 3_600_000);
    const reads = await Promise.all(Array.from({ length: 10 }, () => credits(user)));
    expect(reads.map((r) => r.balance)).toEqual(Array(10).fill(10));
    expect(await allowances(user.id)).toEqual([10, 10]);
  });

  it('settles a month once even when every first use of it was already waiting: no second top-up after a start spent some', async () => {
    clock.set(Date.UTC(2027, 7, 10));
    const user = env.newUser();
    await spendAll(user);
    clock.set(monthStart(clock, 1));
    // The test holds the account's row, so six first uses (three starts, three reads) all wait
    // together: one at the settling, on that row, the others behind it on the account's lock.
    const outside = new Database({ url: env.databaseUrl, schema: voice.db.schema, logger: voice.logger, poolMax: 2 });
    try {
      let pending: Promise<unknown[]> | undefined;
      await outside.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM credit_accounts WHERE user_id = $1 FOR UPDATE', [user.id]);
        pending = Promise.all([...Array.from({ length: 3 }, () => start(user)), ...Array.from({ length: 3 }, () => credits(user))]);
        await waitFor(async () => {
          const { rows } = await outside.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND (query ILIKE '%credit_accounts%' OR query ILIKE '%pg_advisory_xact_lock%')`,
          );
          return rows[0].n >= 6 || undefined;
        }, 30_000);
      });
      const answers = await pending!;
      expect((answers.slice(0, 3) as request.Response[]).filter((a) => a.status === 200)).toHaveLength(2);
      expect(await allowances(user.id)).toEqual([10]);
      expect((await credits(user)).balance).toBe(0);
    } finally {
      await outside.close();
    }
  });

  it('tops up to 10 and never above: 5 left gets 5, 15 left gets nothing', async () => {
    clock.set(Date.UTC(2027, 5, 10));
    const short = env.newUser();
    const rich = env.newUser();
    expect((await start(short)).status).toBe(200);
    await credits(rich);
    await voice.db.query(`INSERT INTO credit_ledger (user_id, kind, amount, note) VALUES ($1, 'grant', 5, 'operator: test')`, [rich.id]);

    clock.set(monthStart(clock, 1));
    expect((await credits(short)).balance).toBe(10);
    expect(await allowances(short.id)).toEqual([5]);
    expect((await credits(rich)).balance).toBe(15);
    expect(await allowances(rich.id)).toEqual([]);
    // The month was settled for the rich account too: spending now waits for the next month.
    await spendAll(rich);
    expect((await credits(rich)).balance).toBe(0);
    expect(await allowances(rich.id)).toEqual([]);
  });
});
