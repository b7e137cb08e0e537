import { randomBytes } from 'node:crypto';
import { RunningService } from '@app/service-kit';
import { TestEnvironment, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { createVoiceService } from '../src';
import { AgentClient, ManualClock, creditBalance } from './helpers';

jest.setTimeout(120_000);

/** What a promise settles to, or a failure naming what did not happen within `ms`. */
const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms).unref())]);

/**
 * Two voice replicas on one database and one NATS, as Kubernetes runs them: a call's socket is
 * held by one, and any request reaches any. Each has its own clock, so a limit seen by one is not
 * seen by the other's own checks.
 */
describe('voice: calls across replicas', () => {
  let env: TestEnvironment;
  let a: RunningService;
  let b: RunningService;
  const clockA = new ManualClock();
  const clockB = new ManualClock();
  const shared = { VOICE_SIGNING_SECRET: randomBytes(32).toString('hex'), VOICE_ASR_COMMAND: 'none', VOICE_SWEEP_INTERVAL_MS: '100' };

  beforeAll(async () => {
    env = await TestEnvironment.create();
    a = await env.start(createVoiceService({ clock: clockA }), shared);
    b = await env.start(createVoiceService({ clock: clockB }), { ...shared, VOICE_DRAIN_SECONDS: '60' });
    clockB.set(clockA.now());
  });
  afterAll(() => env.close());

  const as = (user: TestUser) => env.authHeader(user);
  const start = async (via: RunningService, user: TestUser) =>
    (
      await request(via.url)
        .get('/api/elevenlabs/signed-url')
        .set(await as(user))
        .expect(200)
    ).body as { signedUrl: string; sessionId: string };
  const end = async (via: RunningService, user: TestUser, id: string) =>
    request(via.url)
      .post(`/api/voice/sessions/${id}/end`)
      .set(await as(user))
      .send({});
  const detail = async (user: TestUser, id: string) =>
    (
      await request(a.url)
        .get(`/api/voice/sessions/${id}`)
        .set(await as(user))
        .expect(200)
    ).body;
  const debits = async (id: string) => (await a.db.query(`SELECT 1 FROM credit_ledger WHERE session_id = $1 AND kind = 'debit'`, [id])).rowCount;
  const advance = (ms: number) => {
    clockA.advance(ms);
    clockB.advance(ms);
  };

  /** A call on `holder`, started through `via`, past its introduction: the candidate answered in writing, so two turns were taken. */
  const answeredCall = async (via: RunningService, holder: RunningService, user: TestUser) => {
    const { signedUrl, sessionId } = await start(via, user);
    const call = new AgentClient(holder, signedUrl);
    await call.opened;
    call.initiate();
    await call.waitForType('agent_response');
    call.send({ type: 'user_message', text: 'I build payment systems and like queues.' });
    await call.waitForType('agent_response', 2);
    return { call, id: sessionId };
  };

  it('ends a call held by replica B through replica A: B hangs up and settles it, charged once', async () => {
    const user = env.newUser();
    const { call, id } = await answeredCall(b, b, user);
    advance(40_000);
    const ended = await end(a, user, id);
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ status: 'ended', end_reason: 'user', duration_seconds: 40, credits_charged: 5, refunded: false });
    expect(await within(call.closed, 5_000, 'the call on B closing')).toEqual({ code: 1000, reason: 'ended by the candidate' });
    expect(await creditBalance(a.url, await as(user))).toBe(5);
    // A call nobody holds any more is settled from the database, at once.
    const again = await end(a, user, id);
    expect(again.body.data).toEqual(ended.body.data);
  });

  it("brings replica A's sweeper time-up to the call on replica B, which tells the browser and closes", async () => {
    const user = env.newUser();
    const { call, id } = await answeredCall(b, b, user);
    // Only A's clock passes the limit: B's own checks would not end the call.
    clockA.advance(20 * 60_000 + 1_000);
    try {
      const [error] = await within(call.waitForType('error'), 10_000, 'max_duration_exceeded on B');
      expect(error.error_event).toMatchObject({ error_type: 'max_duration_exceeded' });
      expect((await within(call.closed, 10_000, 'the call on B closing')).code).toBe(1000);
      expect(await detail(user, id)).toMatchObject({ status: 'ended', end_reason: 'time_limit', duration_seconds: 1200, credits_charged: 5 });
    } finally {
      clockB.set(clockA.now());
    }
  });

  it('drains replica B on shutdown: not ready, new calls refused for another replica, a running call goes on and its end still reaches B', async () => {
    const user = env.newUser();
    const running = await answeredCall(a, b, user);
    const stopping = env.stop(b);
    const readiness = await waitFor(async () => {
      const res = await fetch(`${b.url}/readyz`);
      return res.status === 503 && ((await res.json()) as { error: { code: string; message: string } });
    });
    expect(readiness.error).toMatchObject({ code: 'upstream_unavailable', message: 'not ready: shutting down, its calls are draining' });

    // A new call is refused before its URL is used: the same URL connects through A.
    const other = env.newUser();
    const fresh = await start(a, other);
    expect(await new AgentClient(b, fresh.signedUrl).closed).toEqual({ code: 1013, reason: 'this server is shutting down: connect again' });
    const elsewhere = new AgentClient(a, fresh.signedUrl);
    await elsewhere.opened;
    elsewhere.initiate();
    await elsewhere.waitForType('agent_response');
    elsewhere.close();

    // The running call is still served by B, and ends when the candidate ends it (through A).
    expect(running.call.open).toBe(true);
    running.call.send({ type: 'user_message', text: 'I would shard the queue by account.' });
    await running.call.waitForType('agent_response', 3);
    advance(50_000);
    const startedStopping = Date.now();
    expect((await end(a, user, running.id)).body.data).toMatchObject({ end_reason: 'user', duration_seconds: 50, credits_charged: 5 });
    expect((await running.call.closed).code).toBe(1000);
    // With no call left, B stops long before its 60 s drain period.
    await within(stopping, 10_000, 'B stopping once its last call ended');
    expect(Date.now() - startedStopping).toBeLessThan(10_000);
  });

  it('cuts a call still running when the drain period is over; it resumes on another replica with no new charge', async () => {
    const c = await env.start(createVoiceService({ clock: clockB }), { ...shared, VOICE_DRAIN_SECONDS: '1' });
    const user = env.newUser();
    const { call, id } = await within(answeredCall(a, c, user), 10_000, 'call on c');
    advance(30_000);
    await within(env.stop(c), 20_000, 'c stopping');
    expect(await within(call.closed, 5_000, 'closed')).toEqual({ code: 1012, reason: 'server restarting: resume the call' });
    const dropped = await waitFor(async () => {
      const session = await detail(user, id);
      return session.resumable_until && session;
    });
    expect(dropped).toMatchObject({ status: 'connected', credits_charged: 5 });

    const resumed = await request(a.url)
      .post(`/api/voice/sessions/${id}/resume`)
      .set(await as(user))
      .expect(200);
    const again = new AgentClient(a, resumed.body.signedUrl);
    await again.opened;
    again.initiate();
    const [welcome] = await again.waitForType('agent_response');
    expect((welcome.agent_response_event as { agent_response: string }).agent_response).toMatch(/^Welcome back\./);
    advance(10_000);
    expect((await end(a, user, id)).body.data).toMatchObject({ end_reason: 'user', duration_seconds: 40, credits_charged: 5, refunded: false });
    expect(await again.closed).toEqual({ code: 1000, reason: 'ended by the candidate' });
    expect(await creditBalance(a.url, await as(user))).toBe(5);
    expect(await debits(id)).toBe(1);
  });
});
