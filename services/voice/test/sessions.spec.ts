import { voiceMessages } from '@app/contracts';
import { RunningService } from '@app/service-kit';
import { publishedEvents, publishEvent, TestEnvironment, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { createVoiceService } from '../src';
import { AgentClient, ManualClock, creditBalance, quiet, tone } from './helpers';

jest.setTimeout(60_000);

describe('voice: credits and sessions', () => {
  let env: TestEnvironment;
  let voice: RunningService;
  const clock = new ManualClock();

  beforeAll(async () => {
    env = await TestEnvironment.create();
    voice = await env.start(createVoiceService({ clock }), { VOICE_SWEEP_INTERVAL_MS: '100', VOICE_ASR_COMMAND: 'none', DATABASE_POOL_MAX: '8' });
  });
  afterAll(() => env.close());

  const as = async (user: TestUser) => env.authHeader(user);
  const balance = async (user: TestUser) => creditBalance(voice.url, await as(user));
  const start = async (user: TestUser, query = '') =>
    request(voice.url)
      .get(`/api/elevenlabs/signed-url${query}`)
      .set(await as(user));
  const end = async (user: TestUser, id: string) =>
    request(voice.url)
      .post(`/api/voice/sessions/${id}/end`)
      .set(await as(user))
      .send({});
  const ledger = async (userId: string) =>
    (await voice.db.query<{ kind: string; amount: number }>('SELECT kind, amount FROM credit_ledger WHERE user_id = $1 ORDER BY id', [userId])).rows;

  it('charges 5 credits per start, from 10 starter credits on first use, then answers 402', async () => {
    const user = env.newUser();
    expect(await balance(user)).toBe(10);
    const first = await start(user);
    expect(first.status).toBe(200);
    expect(first.body.signedUrl).toMatch(new RegExp(`^/api/voice/agent/${first.body.sessionId}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    expect(await balance(user)).toBe(5);
    const second = await start(user);
    expect(second.status).toBe(200);
    expect(await balance(user)).toBe(0);
    const third = await start(user);
    expect(third.status).toBe(402);
    expect(third.body).toEqual({ error: { code: 'insufficient_credits', message: voiceMessages.insufficientCredits } });
    expect(await balance(user)).toBe(0);

    const list = await request(voice.url)
      .get('/api/voice/sessions')
      .set(await as(user))
      .expect(200);
    expect(list.body.map((s: { id: string }) => s.id).sort()).toEqual([first.body.sessionId, second.body.sessionId].sort());
    expect(list.body[0]).toMatchObject({ user_id: user.id, provider: 'local', status: 'pending', credits_charged: 5, refunded: false });
    expect(await ledger(user.id)).toEqual([
      { kind: 'grant', amount: 10 },
      { kind: 'debit', amount: -5 },
      { kind: 'debit', amount: -5 },
    ]);
  });

  it("never puts the request's Host in the URL it signs: without PUBLIC_URL the URL is relative to the page", async () => {
    const res = await request(voice.url)
      .get('/api/elevenlabs/signed-url?company=Acme&level=Senior%20(L6%2C%20E5%2C%20IC3%2C%20SDE%20III)&topics=Graph&topics=Tree')
      .set(await as(env.newUser()))
      .set('Host', 'evil.example')
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-Host', 'attacker.example');
    expect(res.status).toBe(200);
    expect(res.body.signedUrl).not.toMatch(/evil|attacker/);
    expect(res.body.signedUrl.startsWith(`/api/voice/agent/${res.body.sessionId}?`)).toBe(true);
    const bad = await request(voice.url)
      .get('/api/elevenlabs/signed-url?topics=Cooking')
      .set(await as(env.newUser()));
    expect(bad.status).toBe(400);
  });

  it('20 concurrent starts with 10 credits make exactly 2 sessions', async () => {
    const user = env.newUser();
    const answers = await Promise.all(Array.from({ length: 20 }, () => start(user)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(18);
    expect(await balance(user)).toBe(0);
    const { rows } = await voice.db.query('SELECT id FROM voice_sessions WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(2);
  });

  it('refunds a session that never connected or ended within 30 s, and charges a longer one, once', async () => {
    const user = env.newUser();
    const never = (await start(user)).body.sessionId as string;
    const ended = await end(user, never);
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ status: 'ended', end_reason: 'never_connected', duration_seconds: 0, refunded: true, credits_charged: 0 });
    expect(await balance(user)).toBe(10);

    const short = await start(user);
    const shortCall = new AgentClient(voice, short.body.signedUrl);
    await shortCall.opened;
    await waitFor(async () => (await voice.db.query(`SELECT 1 FROM voice_sessions WHERE id = $1 AND status = 'connected'`, [short.body.sessionId])).rowCount);
    clock.advance(29_000);
    const shortEnd = await end(user, short.body.sessionId);
    expect(shortEnd.body.data).toMatchObject({ end_reason: 'user', duration_seconds: 29, refunded: true });
    expect((await shortCall.closed).code).toBe(1000);
    expect(await balance(user)).toBe(10);

    const long = await start(user);
    const longCall = new AgentClient(voice, long.body.signedUrl);
    await longCall.opened;
    await waitFor(async () => (await voice.db.query(`SELECT 1 FROM voice_sessions WHERE id = $1 AND status = 'connected'`, [long.body.sessionId])).rowCount);
    clock.advance(45_000);
    const [a, b] = await Promise.all([end(user, long.body.sessionId), end(user, long.body.sessionId)]);
    expect(a.body.data).toMatchObject({ end_reason: 'user', duration_seconds: 45, refunded: false, credits_charged: 5 });
    expect(b.body.data).toEqual(a.body.data);
    expect(await balance(user)).toBe(5);
    expect((await ledger(user.id)).filter((l) => l.kind === 'refund')).toHaveLength(2);
  });

  /** A call connected and initiated: the interviewer has asked its first question (one turn). */
  const connect = async (user: TestUser) => {
    const started = (await start(user)).body as { signedUrl: string; sessionId: string };
    const call = new AgentClient(voice, started.signedUrl);
    await call.opened;
    call.initiate();
    await call.waitForType('agent_response');
    return { call, id: started.sessionId };
  };
  const turnsOf = async (id: string) =>
    (await voice.db.query<{ agent_turns: number; user_turns: number }>('SELECT agent_turns, user_turns FROM voice_sessions WHERE id = $1', [id])).rows[0];
  const detailOf = async (user: TestUser, id: string) =>
    (
      await request(voice.url)
        .get(`/api/voice/sessions/${id}`)
        .set(await as(user))
    ).body;

  it('charges a call in which two turns were exchanged, however soon it ends and whatever the browser says', async () => {
    const user = env.newUser();
    // Answered aloud, then ended from the page 5 s in.
    const spoken = await connect(user);
    clock.advance(5_000);
    spoken.call.speak(Buffer.concat([tone(800), quiet(3_500)]));
    await spoken.call.waitForType('agent_response', 2);
    await waitFor(async () => (await turnsOf(spoken.id)).user_turns === 1);
    const ended = await end(user, spoken.id);
    expect(ended.body.data).toMatchObject({ end_reason: 'user', duration_seconds: 5, refunded: false, credits_charged: 5 });
    expect((await spoken.call.closed).code).toBe(1000);

    // Answered in writing, then the socket drops 3 s in: resumable; ended from the page later, it ended at the drop.
    const typed = await connect(user);
    clock.advance(3_000);
    typed.call.send({ type: 'user_message', text: 'I would count the characters with a hash map.' });
    await typed.call.waitForType('agent_response', 2);
    await waitFor(async () => (await turnsOf(typed.id)).user_turns === 1);
    typed.call.close(1001);
    const dropped = await waitFor(async () => {
      const detail = await detailOf(user, typed.id);
      return detail.resumable_until && detail;
    });
    expect(dropped).toMatchObject({ status: 'connected', credits_charged: 5 });
    clock.advance(10_000);
    expect((await end(user, typed.id)).body.data).toMatchObject({
      end_reason: 'error',
      duration_seconds: 3,
      refunded: false,
      credits_charged: 5,
      resumable_until: null,
    });
    expect(await balance(user)).toBe(0);
  });

  it('refunds a call that never really took place: the question asked, no answer, ended within 30 s', async () => {
    const user = env.newUser();
    const { call, id } = await connect(user);
    await waitFor(async () => (await turnsOf(id)).agent_turns === 1);
    clock.advance(20_000);
    const ended = await end(user, id);
    expect(ended.body.data).toMatchObject({ end_reason: 'user', duration_seconds: 20, refunded: true, credits_charged: 0 });
    expect(await turnsOf(id)).toEqual({ agent_turns: 1, user_turns: 0 });
    await call.closed;
    expect(await balance(user)).toBe(10);
  });

  it('takes a typed answer of up to 5,000 characters and refuses a longer one, telling the candidate; the stored call stays small', async () => {
    const user = env.newUser();
    const { call, id } = await connect(user);
    call.send({ type: 'user_message', text: 'x'.repeat(1_000_000) });
    call.send({ type: 'user_message', text: 'y'.repeat(5_001) });
    const refusals = (await call.waitForType('error', 2)).map((m) => m.error_event);
    expect(refusals).toEqual(
      Array(2).fill({ code: 1009, error_type: 'message_too_long', message: 'a typed answer can be at most 5,000 characters; this one was not taken' }),
    );
    call.send({ type: 'user_message', text: 'z'.repeat(5_000) });
    await call.waitForType('agent_response', 2);
    await end(user, id);
    const detail = await waitFor(async () => {
      const found = await detailOf(user, id);
      return found.report && found;
    });
    expect(detail.transcript.filter((t: { role: string }) => t.role === 'user').map((t: { message: string }) => t.message)).toEqual(['z'.repeat(5_000)]);
    expect(JSON.stringify(detail).length).toBeLessThan(8_000);
  });

  it('takes audio at no more than real time: a flood is cut to the allowance, and the client told once', async () => {
    const user = env.newUser();
    const { call, id } = await connect(user);
    clock.advance(5_000);
    // 23 s of audio in an instant: only the first 5 s (VOICE_AUDIO_AHEAD_MS) are heard, the silence that would end it is not.
    call.speak(Buffer.concat([tone(20_000), quiet(3_000)]));
    const [tooFast] = await call.waitForType('error');
    expect(tooFast.error_event).toEqual({
      code: 1008,
      error_type: 'audio_faster_than_real_time',
      message: 'audio arrives faster than real time: chunks beyond it are dropped',
    });
    await call.speakAtRealTime(quiet(3_000));
    await call.waitForType('agent_response', 2);
    expect(call.of('error')).toHaveLength(1);
    await end(user, id);
    const detail = await waitFor(async () => {
      const found = await detailOf(user, id);
      return found.report && found;
    });
    expect(detail.report.candidate_speaking_secs).toBeGreaterThanOrEqual(4);
    expect(detail.report.candidate_speaking_secs).toBeLessThanOrEqual(7);
  });

  it('ends a call still open after 20 minutes by itself, and refunds a URL never used', async () => {
    const user = env.newUser();
    const unused = (await start(user)).body.sessionId as string;
    const open = await start(user);
    const call = new AgentClient(voice, open.body.signedUrl);
    await call.opened;
    call.initiate();
    await call.waitForType('agent_response');
    clock.advance(20 * 60_000 + 1_000);
    const [error] = await call.waitForType('error');
    expect(error.error_event).toMatchObject({ error_type: 'max_duration_exceeded' });
    expect((await call.closed).code).toBe(1000);
    const session = await waitFor(async () => {
      const res = await request(voice.url)
        .get(`/api/voice/sessions/${open.body.sessionId}`)
        .set(await as(user));
      return res.body.status === 'ended' && res.body;
    });
    expect(session).toMatchObject({ end_reason: 'time_limit', duration_seconds: 1200, refunded: false });
    const swept = await waitFor(async () => {
      const res = await request(voice.url)
        .get(`/api/voice/sessions/${unused}`)
        .set(await as(user));
      return res.body.status === 'ended' && res.body;
    });
    expect(swept).toMatchObject({ end_reason: 'never_connected', refunded: true });
    expect(await balance(user)).toBe(5);
  });

  it('keeps the transcript of an ended call; without a recogniser it says the answer was not transcribed', async () => {
    const user = env.newUser();
    const { signedUrl, sessionId } = (await start(user)).body;
    const call = new AgentClient(voice, signedUrl);
    await call.opened;
    call.initiate();
    await call.waitForType('agent_response');
    clock.advance(25_000);
    call.speak(Buffer.concat([tone(800), quiet(3_500)]));
    const [transcribed] = await call.waitForType('user_transcript');
    expect(transcribed.user_transcription_event).toEqual({ user_transcript: voiceMessages.notTranscribed });
    await call.waitForType('agent_response', 2);
    await end(user, sessionId);
    const detail = await waitFor(async () => {
      const res = await request(voice.url)
        .get(`/api/voice/sessions/${sessionId}`)
        .set(await as(user));
      return res.body.report && res.body;
    });
    expect(detail.transcript.map((t: { role: string; message: string; time_in_call_secs: number }) => [t.role, t.time_in_call_secs])).toEqual([
      ['agent', 0],
      ['user', 25],
      ['agent', 25],
    ]);
    expect(detail.transcript[1].message).toBe(voiceMessages.notTranscribed);
    // The answer was to the introduction (not judged); the first question was asked and not answered before the end.
    expect(detail.report).toMatchObject({ questions_asked: 1, answers_given: 0, candidate_speaking_secs: 1 });
    expect(detail.report.summary).toBe('You answered 0 of 1 question.');
    expect(detail.report.questions).toEqual([expect.objectContaining({ score: 1, score_reason: 'Not answered.', answer: '' })]);
  });

  it('grants starter credits once per user, even when the sign-up is redelivered', async () => {
    const user = env.newUser();
    const data = { user_id: user.id, created_at: new Date().toISOString() };
    const first = await publishEvent(env, 'identity.user.registered', data);
    await publishEvent(env, 'identity.user.registered', data, { id: first.id, msgId: `${first.id}-again` });
    await publishEvent(env, 'identity.user.registered', data);
    await waitFor(async () => (await voice.db.query('SELECT 1 FROM credit_accounts WHERE user_id = $1', [user.id])).rowCount);
    const sentinel = env.newUser();
    await publishEvent(env, 'identity.user.registered', { ...data, user_id: sentinel.id });
    await waitFor(async () => (await voice.db.query('SELECT 1 FROM credit_accounts WHERE user_id = $1', [sentinel.id])).rowCount);
    expect(await ledger(user.id)).toEqual([{ kind: 'grant', amount: 10 }]);
    expect(await balance(user)).toBe(10);
  });

  it("answers 404 for someone else's session and for an id that cannot exist", async () => {
    const owner = env.newUser();
    const id = (await start(owner)).body.sessionId as string;
    const stranger = env.newUser();
    for (const res of [
      await request(voice.url)
        .get(`/api/voice/sessions/${id}`)
        .set(await as(stranger)),
      await end(stranger, id),
      await request(voice.url)
        .get('/api/voice/sessions/not-a-uuid')
        .set(await as(owner)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: voiceMessages.noSession } });
    }
    expect(
      (
        await request(voice.url)
          .get(`/api/voice/sessions/${id}`)
          .set(await as(owner))
      ).status,
    ).toBe(200);
    expect((await request(voice.url).get('/api/voice/credits')).status).toBe(401);
  });

  it('erases a deleted account: sessions, transcripts and credits, and its token gets nothing back', async () => {
    const user = env.newUser();
    await start(user);
    await publishEvent(env, 'identity.user.deleted', { user_id: user.id });
    await waitFor(async () => (await voice.db.query('SELECT 1 FROM erased_accounts WHERE user_id = $1', [user.id])).rowCount);
    expect((await voice.db.query('SELECT 1 FROM voice_sessions WHERE user_id = $1', [user.id])).rowCount).toBe(0);
    expect(await ledger(user.id)).toEqual([]);
    const after = await request(voice.url)
      .get('/api/voice/credits')
      .set(await as(user));
    expect(after.status).toBe(401);
    expect((await start(user)).status).toBe(401);
  });

  it('publishes voice.session.started and voice.session.ended through the outbox', async () => {
    const user = env.newUser();
    const id = (await start(user)).body.sessionId as string;
    await end(user, id);
    await waitFor(async () => (await voice.events.pendingCount()) === 0);
    const events = (await publishedEvents(env, 'voice.session.*')).filter((e) => e.data.session_id === id);
    expect(events.map((e) => e.type)).toEqual(['voice.session.started', 'voice.session.ended']);
    expect(events[1].data).toMatchObject({ user_id: user.id, duration_seconds: 0 });
  });
});
