import request from 'supertest';
import { capMessages, caps, pageSizes } from '@app/contracts';
import { RunningService } from '@app/service-kit';
import { TestEnvironment } from '@app/service-kit/testing';
import { createVoiceService } from '../src';

jest.setTimeout(60_000);

describe('voice: what one account may start in a day', () => {
  let env: TestEnvironment;
  let voice: RunningService;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    voice = await env.start(createVoiceService(), { VOICE_ASR_COMMAND: 'none' });
  });
  afterAll(() => env.close());

  /** An account with plenty of credits and `n` short sessions ended (and refunded) `hoursAgo` hours ago. */
  const seed = async (userId: string, n: number, hoursAgo: number) => {
    await voice.db.query('INSERT INTO credit_accounts (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [userId]);
    await voice.db.query(`INSERT INTO credit_ledger (user_id, kind, amount, note) VALUES ($1, 'grant', 500, 'test grant')`, [userId]);
    await voice.db.query(
      `INSERT INTO voice_sessions (id, user_id, provider, status, started_at, ended_at, duration_seconds, end_reason)
       SELECT gen_random_uuid(), $1, 'local', 'ended', t, t + interval '5 seconds', 5, 'never_connected'
       FROM (SELECT now() - make_interval(hours => $3::int) - i * interval '1 second' AS t FROM generate_series(1, $2::int) AS i) s`,
      [userId, n, hoursAgo],
    );
  };

  it(`starts at most ${caps.voiceSessionsPerDay} mock interviews a day, refunded or not, even asked together: then 429 with when to try again`, async () => {
    const user = env.newUser();
    const auth = await env.authHeader(user);
    await seed(user.id, caps.voiceSessionsPerDay - 1, 3);
    const answers = await Promise.all([1, 2, 3].map(() => request(voice.url).get('/api/elevenlabs/signed-url').set(auth)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toEqual({ error: { code: 'rate_limited', message: capMessages.voiceSessionsPerDay } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(20 * 3600);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(21 * 3600);
    // Only the one start was charged.
    const debits = await voice.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM credit_ledger WHERE user_id = $1 AND kind = 'debit'`, [user.id]);
    expect(debits.rows[0].n).toBe(1);
  });

  it('lists the newest sessions only, however many there are', async () => {
    const user = env.newUser();
    await seed(user.id, pageSizes.max + 30, 48);
    const list = await request(voice.url)
      .get('/api/voice/sessions')
      .set(await env.authHeader(user))
      .expect(200);
    expect(list.body).toHaveLength(pageSizes.max);
    const times = list.body.map((s: { started_at: string }) => Date.parse(s.started_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Days-old sessions do not count against today's cap.
    await request(voice.url)
      .get('/api/elevenlabs/signed-url')
      .set(await env.authHeader(user))
      .expect(200);
  });
});
