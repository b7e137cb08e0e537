import { voiceMessages } from '@app/contracts';
import { RunningService } from '@app/service-kit';
import { TestEnvironment, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { createVoiceService } from '../src';
import { interviewPlan } from '../src/interview/plan';
import { AgentClient, ManualClock, creditBalance } from './helpers';

jest.setTimeout(120_000);

const welcomeBack = 'Welcome back. Let us pick up where we left off.';

/** A call whose socket drops is resumed within the window on the same session, for no new charge. */
describe('voice: resuming a dropped call', () => {
  let env: TestEnvironment;
  let voice: RunningService;
  const clock = new ManualClock();

  beforeAll(async () => {
    env = await TestEnvironment.create();
    voice = await env.start(createVoiceService({ clock }), { VOICE_SWEEP_INTERVAL_MS: '100', VOICE_ASR_COMMAND: 'none' });
  });
  afterAll(() => env.close());

  const as = (user: TestUser) => env.authHeader(user);
  const balance = async (user: TestUser) => creditBalance(voice.url, await as(user));
  const detail = async (user: TestUser, id: string) =>
    (
      await request(voice.url)
        .get(`/api/voice/sessions/${id}`)
        .set(await as(user))
        .expect(200)
    ).body;
  const resume = async (user: TestUser, id: string) =>
    request(voice.url)
      .post(`/api/voice/sessions/${id}/resume`)
      .set(await as(user));
  const turns = async (id: string) =>
    (await voice.db.query<{ agent_turns: number; user_turns: number }>('SELECT agent_turns, user_turns FROM voice_sessions WHERE id = $1', [id])).rows[0];

  /** A started call, connected and past its introduction (answered in writing): it is on its first main question. */
  const onFirstQuestion = async (user: TestUser) => {
    const started = await request(voice.url)
      .get('/api/elevenlabs/signed-url?minutes=10')
      .set(await as(user))
      .expect(200);
    const { signedUrl, sessionId } = started.body as { signedUrl: string; sessionId: string };
    const call = new AgentClient(voice, signedUrl);
    await call.opened;
    call.initiate();
    await call.waitForType('agent_response');
    clock.advance(20_000);
    call.send({ type: 'user_message', text: 'I am a backend engineer who likes data structures.' });
    await call.waitForType('agent_response', 2);
    const plan = interviewPlan({ seed: sessionId, company: null, level: null, topics: [], minutes: 10 });
    return { call, id: sessionId, signedUrl, question: plan.items[1].text };
  };
  /** Cut without a closing handshake, then resumable once the agent has stored where it stood. */
  const drop = async (user: TestUser, call: AgentClient, id: string) => {
    call.terminate();
    return waitFor(async () => {
      const session = await detail(user, id);
      return session.resumable_until && session;
    });
  };

  it('resumes within the window on the same session: the question is asked again, the transcript holds both parts, one charge', async () => {
    const user = env.newUser();
    const { call, id, signedUrl, question } = await onFirstQuestion(user);
    expect(call.responses()[1]).toBe(question);
    await waitFor(async () => (await turns(id)).agent_turns === 2);
    const dropped = await drop(user, call, id);
    expect(dropped).toMatchObject({ status: 'connected', end_reason: null, credits_charged: 5 });
    expect(Date.parse(dropped.resumable_until)).toBe(clock.now() + 120_000);

    // The first URL, still within its life, does not connect to the dropped call.
    expect(await new AgentClient(voice, signedUrl).closed).toEqual({ code: 1008, reason: 'this signed URL was already used' });
    clock.advance(60_000);
    const resumed = await resume(user, id);
    expect(resumed.status).toBe(200);
    expect(resumed.body.sessionId).toBe(id);
    expect(resumed.body.signedUrl).toMatch(new RegExp(`^/api/voice/agent/${id}\\?resume=1&expires=\\d+&signature=[0-9a-f]{64}$`));
    expect(await balance(user)).toBe(5);

    // The resume URL connects once.
    const again = new AgentClient(voice, resumed.body.signedUrl);
    await again.opened;
    again.initiate();
    await again.waitForType('agent_response');
    expect(again.responses()).toEqual([`${welcomeBack} ${question}`]);
    expect(await new AgentClient(voice, resumed.body.signedUrl).closed).toEqual({
      code: 1008,
      reason: 'this interview can no longer be resumed with this URL',
    });
    expect((await detail(user, id)).resumable_until).toBeNull();

    again.send({ type: 'user_message', text: 'I would count them with a hash map in one pass.' });
    await again.waitForType('agent_response', 2);
    // The refund rule's counts go on: two interviewer lines and one answer before, one line and one answer since.
    await waitFor(async () => (await turns(id)).agent_turns === 4);
    expect(await turns(id)).toEqual({ agent_turns: 4, user_turns: 2 });
    clock.advance(30_000);
    const ended = await request(voice.url)
      .post(`/api/voice/sessions/${id}/end`)
      .set(await as(user))
      .send({})
      .expect(200);
    // From the first connection to the end: 20 s before the drop, 60 s away, 30 s after.
    expect(ended.body.data).toMatchObject({ end_reason: 'user', duration_seconds: 110, credits_charged: 5, refunded: false });
    const saved = await waitFor(async () => {
      const session = await detail(user, id);
      return session.transcript.some((line: { message: string }) => line.message.includes('hash map')) && session;
    });
    expect(saved.transcript.map((line: { role: string; message: string }) => [line.role, line.message])).toEqual([
      ['agent', call.responses()[0]],
      ['user', 'I am a backend engineer who likes data structures.'],
      ['agent', question],
      ['agent', `${welcomeBack} ${question}`],
      ['user', 'I would count them with a hash map in one pass.'],
      ['agent', again.responses()[1]],
    ]);
    expect(saved.report.answers_given).toBe(1);
    expect(await balance(user)).toBe(5);
    expect((await voice.db.query('SELECT kind FROM credit_ledger WHERE session_id = $1', [id])).rows).toEqual([{ kind: 'debit' }]);
  });

  it('answers 409 after the window and ends the call as it stood at the drop, charged', async () => {
    const user = env.newUser();
    const { call, id } = await onFirstQuestion(user);
    await drop(user, call, id);
    clock.advance(121_000);
    const late = await resume(user, id);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: { code: 'conflict', message: voiceMessages.notResumable } });
    const ended = await detail(user, id);
    expect(ended).toMatchObject({ status: 'ended', end_reason: 'error', duration_seconds: 20, credits_charged: 5, refunded: false, resumable_until: null });
    expect(ended.transcript).toHaveLength(3);
    expect(ended.report.questions_asked).toBe(1);
    expect((await resume(user, id)).status).toBe(409);
  });

  it('lets one of two resumes at once connect: each URL handed out spends the one before, and a URL connects once', async () => {
    const user = env.newUser();
    const { call, id } = await onFirstQuestion(user);
    await drop(user, call, id);
    const [one, two] = await Promise.all([resume(user, id), resume(user, id)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const urls = [one.body.signedUrl, two.body.signedUrl, one.body.signedUrl, two.body.signedUrl];
    const clients = urls.map((url: string) => new AgentClient(voice, url));
    const outcomes = await Promise.all(
      clients.map((client) =>
        Promise.race([client.closed.then((closed) => closed.reason), client.opened.then(() => new Promise((r) => setTimeout(() => r('open'), 1_500)))]),
      ),
    );
    expect(outcomes.filter((o) => o === 'open')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'this interview can no longer be resumed with this URL')).toHaveLength(3);
    for (const client of clients) client.close();
    await Promise.all(clients.map((client) => client.closed));
    expect(await balance(user)).toBe(5);
  });

  it("answers 404 for another user's call, and 409 while the call is still connected or never was", async () => {
    const owner = env.newUser();
    const { call, id } = await onFirstQuestion(owner);
    const stranger = await resume(env.newUser(), id);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ error: { code: 'not_found', message: voiceMessages.noSession } });
    const live = await resume(owner, id);
    expect(live.status).toBe(409);
    expect(live.body.error.message).toBe(voiceMessages.stillConnected);
    call.close();
    await call.closed;
    // Ended by the candidate: nothing to resume.
    await waitFor(async () => (await detail(owner, id)).status === 'ended');
    expect((await resume(owner, id)).body.error.message).toBe(voiceMessages.notResumable);

    const pending = await request(voice.url)
      .get('/api/elevenlabs/signed-url')
      .set(await as(owner))
      .expect(200);
    expect((await resume(owner, pending.body.sessionId)).body.error.message).toBe(voiceMessages.notResumable);
  });

  it('is ended by the sweeper once the window is over, with no resume asked for', async () => {
    const user = env.newUser();
    const { call, id } = await onFirstQuestion(user);
    await drop(user, call, id);
    clock.advance(120_000);
    const swept = await waitFor(async () => {
      const session = await detail(user, id);
      return session.status === 'ended' && session;
    });
    expect(swept).toMatchObject({ end_reason: 'error', duration_seconds: 20, credits_charged: 5, refunded: false });
  });
});
