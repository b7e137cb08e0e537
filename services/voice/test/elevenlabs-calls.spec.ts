import { systemDesignConceptKeys, voiceMessages } from '@app/contracts';
import { RunningService } from '@app/service-kit';
import { TestEnvironment, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { createVoiceService } from '../src';
import { signWebhook } from '../src/elevenlabs/webhook-signature';
import { SessionsRepository } from '../src/sessions/sessions.repository';
import { FakeElevenLabs } from './fake-elevenlabs';
import { ManualClock, creditBalance } from './helpers';

jest.setTimeout(60_000);

const apiKey = 'xi-test-key';
const agentId = 'agent_interviewer';
const secret = 'wsec_0123456789abcdef0123456789abcdef';

/**
 * The ElevenLabs path on the server's word only (issue 24, item 8), against a fake of ElevenLabs'
 * API and the real Postgres and NATS: the plan handed to the agent, binding on connect, the signed
 * post-call webhook, polling, and charges decided from ElevenLabs' record.
 */
describe('ElevenLabs calls settled from ElevenLabs’ record', () => {
  let env: TestEnvironment;
  let voice: RunningService;
  const fake = new FakeElevenLabs(apiKey, agentId);
  const clock = new ManualClock();
  let serviceEnv: Record<string, string>;
  let n = 0;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    serviceEnv = {
      ELEVENLABS_API_KEY: apiKey,
      ELEVENLABS_AGENT_ID: agentId,
      ELEVENLABS_API_URL: await fake.listen(),
      ELEVENLABS_WEBHOOK_SECRET: secret,
      ELEVENLABS_POLL_INTERVAL_MS: '50',
      ELEVENLABS_POLL_MAX_MS: '200',
    };
    // ElevenLabs gives no conversation id with the URL: the page's word on connect is checked instead.
    fake.withholdIds = true;
    voice = await env.start(createVoiceService({ clock }), serviceEnv);
  });
  afterAll(async () => {
    await env.close();
    await fake.close();
  });

  const as = (user: TestUser) => env.authHeader(user);
  const nowSecs = () => Math.floor(clock.now() / 1000);
  const balance = async (user: TestUser) => creditBalance(voice.url, await as(user));
  const start = async (user: TestUser, query = '') =>
    (
      await request(voice.url)
        .get(`/api/elevenlabs/signed-url${query}`)
        .set(await as(user))
        .expect(200)
    ).body as { signedUrl: string; sessionId: string; plan?: Record<string, unknown> };
  const bind = async (user: TestUser, sessionId: string, conversationId: unknown) =>
    request(voice.url)
      .post(`/api/voice/sessions/${sessionId}/conversation`)
      .set(await as(user))
      .send({ conversation_id: conversationId });
  const detail = async (user: TestUser, sessionId: string) =>
    (
      await request(voice.url)
        .get(`/api/voice/sessions/${sessionId}`)
        .set(await as(user))
        .expect(200)
    ).body;
  /** A conversation as the page's connection makes it at ElevenLabs, by `user`, now. */
  const connect = (user: TestUser, extra: Parameters<FakeElevenLabs['connect']>[1] = {}) => {
    const id = `conv_${++n}_${Math.random().toString(36).slice(2, 8)}`;
    fake.connect(id, { user_id: user.id, conversation_initiation_client_data: { user_id: user.id }, metadata: { start_time_unix_secs: nowSecs() }, ...extra });
    return id;
  };
  const interview = {
    transcript: [
      { role: 'agent', message: 'Hello, and thanks for joining. Tell me briefly about yourself.', time_in_call_secs: 0 },
      { role: 'user', message: 'I build payment systems in Go.', time_in_call_secs: 6 },
      { role: 'agent', message: 'Thanks. What did you learn from a recent failure?', time_in_call_secs: 20 },
      { role: 'user', message: 'To write the rollback plan before the launch.', time_in_call_secs: 25 },
    ],
    duration: 300,
    analysis: {
      transcript_summary: 'A calm, structured conversation.',
      evaluation_criteria_results: { clear_answers: { criteria_id: 'clear_answers', result: 'success', rationale: 'Answers were concise.' } },
      data_collection_results: { strongest_topic: { data_collection_id: 'strongest_topic', value: 'payments', rationale: 'Named twice.' } },
    },
  };
  const webhookUrl = () => `${voice.url}/api/elevenlabs/post-call`;

  it('answers the start with the plan the agent runs: prompt, first message, keywords, variables and the user', async () => {
    const user = env.newUser();
    const { plan } = await start(user, '?company=Stripe&level=Senior%20(L6%2C%20E5%2C%20IC3%2C%20SDE%20III)&topics=Graph&minutes=10');
    expect(plan).toBeDefined();
    const { user_id, first_message, prompt, keywords, dynamic_variables } = plan as Record<string, never>;
    expect(user_id).toBe(user.id);
    expect(first_message).toMatch(
      /^Hello, and thanks for joining\. I will be your interviewer today for Stripe at the Senior level\. This is a 10 minute interview/,
    );
    expect(prompt).toContain('mock interview for Stripe');
    expect(prompt).toMatch(/1\. \((coding|system design)\) Ask exactly: "/);
    expect(keywords).toEqual(expect.arrayContaining(['time complexity', 'Stripe', 'Graph']));
    expect(dynamic_variables).toMatchObject({ company: 'Stripe', topics: 'Graph', minutes: 10 });
    expect(String((dynamic_variables as Record<string, string>).questions)).toMatch(/^1\. .+\n2\. /);
    // A senior plan has a system design question: the page checks the drawing against its concepts.
    expect((plan as { design_concepts: string[] }).design_concepts.length).toBeGreaterThan(0);
    expect(systemDesignConceptKeys).toEqual(expect.arrayContaining((plan as { design_concepts: string[] }).design_concepts));
    expect(prompt).toContain('The candidate’s drawing now shows');
  });

  it('binds the conversation on connect only when ElevenLabs’ record is this agent’s, this user’s and this interview’s', async () => {
    const user = env.newUser();
    const other = env.newUser();
    const { sessionId } = await start(user);

    const wrongAgent = await bind(user, sessionId, connect(user, { agent_id: 'agent_someone_else' }));
    expect(wrongAgent.status).toBe(403);
    expect(wrongAgent.body).toEqual({ error: { code: 'forbidden', message: voiceMessages.conversationOfAnotherAgent } });
    const theirs = connect(other, {});
    const wrongUser = await bind(user, sessionId, theirs);
    expect(wrongUser.status).toBe(403);
    expect(wrongUser.body.error.message).toBe(voiceMessages.conversationOfAnotherUser);
    const early = await bind(user, sessionId, connect(user, { metadata: { start_time_unix_secs: nowSecs() - 3600 } }));
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(voiceMessages.conversationOutsideInterview);
    const late = await bind(user, sessionId, connect(user, { metadata: { start_time_unix_secs: nowSecs() + 3600 } }));
    expect(late.status).toBe(409);
    const unknown = await bind(user, sessionId, 'conv_nobody_has');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(voiceMessages.conversationNotFound);
    for (const garbage of ['', 'a'.repeat(201), '../../v1/user', 42, null]) {
      const res = await bind(user, sessionId, garbage);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect((await detail(user, sessionId)).status).toBe('pending');

    const mine = connect(user);
    const bound = await bind(user, sessionId, mine);
    expect(bound.status).toBe(200);
    expect(bound.body.data).toMatchObject({ id: sessionId, status: 'connected' });
    // The same word again changes nothing; another conversation for this interview is refused.
    expect((await bind(user, sessionId, mine)).status).toBe(200);
    const another = await bind(user, sessionId, connect(user));
    expect(another.status).toBe(409);
    expect(another.body.error.message).toBe(voiceMessages.interviewHasAnotherConversation);
    // One conversation, one interview: not a second one of the same user…
    const second = await start(user);
    const reused = await bind(user, second.sessionId, mine);
    expect(reused.status).toBe(409);
    expect(reused.body.error.message).toBe(voiceMessages.conversationTaken);
    // …and another user's id names a conversation that is not theirs.
    const { sessionId: otherSession } = await start(other);
    const stolen = await bind(other, otherSession, mine);
    expect(stolen.status).toBe(403);
    expect(stolen.body.error.message).toBe(voiceMessages.conversationOfAnotherUser);
    // Someone else's interview is not found at all.
    expect((await bind(other, sessionId, theirs)).status).toBe(404);
  });

  it('refuses a webhook with a bad signature, a stale or future timestamp, or a replay, and stores nothing from them', async () => {
    const user = env.newUser();
    const { sessionId } = await start(user);
    const conversation = connect(user);
    expect((await bind(user, sessionId, conversation)).status).toBe(200);
    fake.hangUp(conversation, interview, 100);
    const body = fake.webhookBody(conversation);
    const now = nowSecs();
    const refusals = [
      await fake.deliver(webhookUrl(), 'wsec_not_the_right_secret_at_all', body, { timestamp: now }),
      await fake.deliver(webhookUrl(), secret, body, { timestamp: now - 31 * 60 }),
      await fake.deliver(webhookUrl(), secret, body, { timestamp: now + 31 * 60 }),
      await fake.deliver(webhookUrl(), secret, body, { signature: 'garbage' }),
      await fake.deliver(webhookUrl(), secret, body, { signature: `t=${now},v0=${'0'.repeat(64)}` }),
      // Signed for other bytes: the body was changed on the way.
      await fake.deliver(webhookUrl(), secret, body.replace('payment systems', 'nothing at all'), { signature: signWebhook(body, secret, now) }),
    ];
    for (const refused of refusals)
      expect(refused).toEqual({ status: 401, body: { error: { code: 'unauthorized', message: voiceMessages.webhookSignature } } });
    const missing = await request(voice.url).post('/api/elevenlabs/post-call').set('Content-Type', 'application/json').send(body);
    expect(missing.status).toBe(401);
    expect(await detail(user, sessionId)).toMatchObject({ status: 'connected', transcript: [], report: null });

    const signature = signWebhook(body, secret, now);
    expect(await fake.deliver(webhookUrl(), secret, body, { signature })).toEqual({ status: 200, body: { settled: true } });
    const replay = await fake.deliver(webhookUrl(), secret, body, { signature });
    expect(replay).toEqual({ status: 409, body: { error: { code: 'conflict', message: voiceMessages.webhookReplayed } } });
  });

  it('takes the transcript, evaluation and charge from a verified post-call webhook, and builds the report from them', async () => {
    const user = env.newUser();
    const { sessionId } = await start(user, '?company=Stripe');
    const conversation = connect(user);
    expect((await bind(user, sessionId, conversation)).status).toBe(200);
    // ElevenLabs is still analysing when the webhook comes: the poller has nothing final to read.
    fake.hangUp(conversation, interview, 1_000);
    expect(await fake.deliver(webhookUrl(), secret, fake.webhookBody(conversation))).toEqual({ status: 200, body: { settled: true } });
    const session = await detail(user, sessionId);
    expect(session).toMatchObject({ status: 'ended', end_reason: 'agent', duration_seconds: 300, refunded: false, credits_charged: 5 });
    expect(session.transcript).toHaveLength(4);
    expect(session.evaluation).toEqual({
      criteria: [{ id: 'clear_answers', result: 'success', rationale: 'Answers were concise.' }],
      data: [{ id: 'strongest_topic', value: 'payments', rationale: 'Named twice.' }],
    });
    expect(session.report.summary).toMatch(/^A calm, structured conversation\./);
    expect(session.report.next_steps).toHaveLength(3);
    expect(await balance(user)).toBe(5);
  });

  it('acknowledges deliveries that are not its own and refuses hostile bodies in the envelope', async () => {
    const foreign = JSON.stringify({ type: 'post_call_transcription', data: { agent_id: 'agent_other', conversation_id: 'conv_x', status: 'done' } });
    expect(await fake.deliver(webhookUrl(), secret, foreign)).toEqual({ status: 200, body: { settled: false } });
    const unbound = JSON.stringify({ type: 'post_call_transcription', data: { agent_id: agentId, conversation_id: 'conv_unbound', status: 'done' } });
    expect(await fake.deliver(webhookUrl(), secret, unbound)).toEqual({ status: 200, body: { settled: false } });
    const audio = JSON.stringify({ type: 'post_call_audio', data: { agent_id: agentId, conversation_id: 'conv_y', full_audio: 'AAAA' } });
    expect(await fake.deliver(webhookUrl(), secret, audio)).toEqual({ status: 200, body: { settled: false } });
    const wrongShape = await fake.deliver(webhookUrl(), secret, JSON.stringify([1, 2, 3]));
    expect(wrongShape.status).toBe(400);
    const badTranscript = JSON.stringify({
      type: 'post_call_transcription',
      data: { agent_id: agentId, conversation_id: 'c', status: 'done', transcript: 'x' },
    });
    expect((await fake.deliver(webhookUrl(), secret, badTranscript)).status).toBe(400);
    const notJson = await request(voice.url).post('/api/elevenlabs/post-call').set('Content-Type', 'text/plain').send('hello');
    expect(notJson.status).toBe(415);
    const broken = await request(voice.url).post('/api/elevenlabs/post-call').set('Content-Type', 'application/json').send('{"type":');
    expect(broken.status).toBe(400);
    const huge = JSON.stringify({ type: 'post_call_transcription', data: { blob: 'x'.repeat(150 * 1024) } });
    const tooBig = await fake.deliver(webhookUrl(), secret, huge);
    expect(tooBig.status).toBe(413);
    expect((tooBig.body as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('polls a call the page ended until ElevenLabs’ record is done, and ignores what the page says about it', async () => {
    const user = env.newUser();
    const { sessionId } = await start(user);
    const conversation = connect(user);
    expect((await bind(user, sessionId, conversation)).status).toBe(200);
    fake.hangUp(conversation, interview, 2);
    // The page claims a three-second call under someone else's conversation: neither is believed.
    const ended = await request(voice.url)
      .post(`/api/voice/sessions/${sessionId}/end`)
      .set(await as(user))
      .send({ conversation_id: 'conv_long_1', duration_seconds: 3 });
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ status: 'ended', end_reason: 'user', refunded: false });
    const settled = await waitFor(async () => {
      clock.advance(250);
      const session = await detail(user, sessionId);
      return session.transcript.length > 0 && session;
    }, 20_000);
    expect(settled).toMatchObject({ duration_seconds: 300, refunded: false, credits_charged: 5 });
    expect(settled.evaluation.criteria).toHaveLength(1);
    // Read through its statuses: processing, processing, then done (after the end's own read).
    expect(fake.reads(conversation)).toBeGreaterThanOrEqual(3);
    expect(await balance(user)).toBe(5);
  });

  it('refunds a bound call whose record shows it never took place, but never an unbound end after the refund window', async () => {
    const user = env.newUser();
    const short = await start(user);
    const conversation = connect(user);
    expect((await bind(user, short.sessionId, conversation)).status).toBe(200);
    fake.hangUp(conversation, { transcript: [{ role: 'agent', message: 'Hello!', time_in_call_secs: 0 }], duration: 8 }, 0);
    const shortEnd = await request(voice.url)
      .post(`/api/voice/sessions/${short.sessionId}/end`)
      .set(await as(user))
      .send({});
    expect(shortEnd.body.data).toMatchObject({ end_reason: 'user', duration_seconds: 8, refunded: true });

    // Microphone refused at once: no conversation, ended within the window, refunded.
    const refused = await start(user);
    const quick = await request(voice.url)
      .post(`/api/voice/sessions/${refused.sessionId}/end`)
      .set(await as(user))
      .send({});
    expect(quick.body.data).toMatchObject({ end_reason: 'never_connected', refunded: true });

    // An end with no conversation 20 minutes later could be a real call whose binding the page held back.
    const held = await start(user);
    clock.advance(20 * 60_000);
    const lateEnd = await request(voice.url)
      .post(`/api/voice/sessions/${held.sessionId}/end`)
      .set(await as(user))
      .send({ duration_seconds: 0 });
    expect(lateEnd.body.data).toMatchObject({ end_reason: 'never_connected', refunded: false, credits_charged: 5 });
    expect(await balance(user)).toBe(5);
  });

  it('lets one replica at a time read a call, and settles calls left unsettled after a restart', async () => {
    const user = env.newUser();
    const { sessionId } = await start(user);
    const conversation = connect(user);
    expect((await bind(user, sessionId, conversation)).status).toBe(200);
    const repository = voice.app.get(SessionsRepository);
    const due = new Date(clock.now() + 60_000);
    const claims = await Promise.all(Array.from({ length: 5 }, () => repository.claimDue(due, new Date(due.getTime() + 60_000), 100)));
    expect(claims.flat().filter((c) => c.id === sessionId)).toHaveLength(1);

    // The service stops with the call unsettled; the next one to start reads it.
    await voice.close();
    fake.hangUp(conversation, interview, 0);
    clock.advance(2 * 60_000 + 1);
    voice = await env.start(createVoiceService({ clock }), serviceEnv);
    const settled = await waitFor(async () => {
      const session = await detail(user, sessionId);
      return session.status === 'ended' && session;
    }, 20_000);
    expect(settled).toMatchObject({ end_reason: 'agent', duration_seconds: 300, refunded: false });
    expect(settled.transcript).toHaveLength(4);
  });
});
