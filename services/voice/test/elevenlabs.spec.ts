import { voiceMessages } from '@app/contracts';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { RunningService } from '@app/service-kit';
import { TestEnvironment, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { createVoiceService } from '../src';
import { ManualClock } from './helpers';

jest.setTimeout(60_000);

const apiKey = 'xi-test-key';
const agentId = 'agent_interviewer';

/** What ElevenLabs recorded of each conversation the fake knows (any other id is a 404). */
const conversations: Record<string, unknown> = {
  // Two turns exchanged: a call that took place, however short.
  conv_long: {
    status: 'done',
    transcript: [
      { role: 'agent', message: 'Tell me about yourself.', time_in_call_secs: 0 },
      { role: 'user', message: 'I build distributed systems.', time_in_call_secs: 4.6 },
      { role: 'agent', message: null, time_in_call_secs: 9 },
    ],
    metadata: { call_duration_secs: 95, start_time_unix_secs: 1_763_000_000 },
    analysis: { transcript_summary: 'The candidate described their background clearly.' },
  },
  // The greeting, then nothing: a call that never really took place.
  conv_greeting_only: {
    status: 'done',
    transcript: [{ role: 'agent', message: 'Hello! Shall we begin?', time_in_call_secs: 0 }],
    metadata: { call_duration_secs: 12 },
  },
  // A transcript far over every bound (a turn of 20,000 characters, forty of them).
  conv_flood: {
    status: 'done',
    transcript: Array.from({ length: 40 }, (_, i) => ({ role: i % 2 ? 'user' : 'agent', message: String(i % 10).repeat(20_000), time_in_call_secs: i * 10 })),
    metadata: { call_duration_secs: 600 },
  },
};

/**
 * A local stand-in for the two ElevenLabs endpoints the service calls (no network here): the
 * signed URL (with the conversation id it opens, as include_conversation_id asks) and a finished
 * conversation. Answers 401 without the key, as ElevenLabs does.
 */
function fakeElevenLabs() {
  const calls: string[] = [];
  const nextConversations: string[] = [];
  let handedOut = 0;
  let failSignedUrl = false;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.push(`${req.method} ${url.pathname}${url.search}`);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['xi-api-key'] !== apiKey) return json(401, { detail: { status: 'invalid_api_key' } });
    if (url.pathname === '/v1/convai/conversation/get-signed-url') {
      if (failSignedUrl) return json(500, { detail: 'boom' });
      if (url.searchParams.get('agent_id') !== agentId) return json(404, { detail: 'agent not found' });
      const conversationId =
        url.searchParams.get('include_conversation_id') === 'true' ? (nextConversations.shift() ?? `conv_never_${++handedOut}`) : undefined;
      return json(200, {
        signed_url: `wss://api.elevenlabs.io/v1/convai/conversation?agent_id=${agentId}&conversation_signature=sig123`,
        conversation_id: conversationId,
      });
    }
    const known = url.pathname.startsWith('/v1/convai/conversations/') && conversations[url.pathname.slice('/v1/convai/conversations/'.length)];
    return known ? json(200, known) : json(404, { detail: 'conversation not found' });
  });
  return {
    calls,
    /** The conversation the next signed URL opens (else one ElevenLabs never sees connected). */
    opens: (conversationId: string) => nextConversations.push(conversationId),
    failNext: (fail: boolean) => (failSignedUrl = fail),
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('voice with ElevenLabs configured', () => {
  let env: TestEnvironment;
  let voice: RunningService;
  const fake = fakeElevenLabs();
  const clock = new ManualClock();

  beforeAll(async () => {
    env = await TestEnvironment.create();
    const apiUrl = await fake.listen();
    voice = await env.start(createVoiceService({ clock }), {
      ELEVENLABS_API_KEY: apiKey,
      ELEVENLABS_AGENT_ID: agentId,
      ELEVENLABS_API_URL: apiUrl,
      VOICE_SWEEP_INTERVAL_MS: '100',
    });
  });
  afterAll(async () => {
    await env.close();
    await fake.close();
  });

  const as = (user: TestUser) => env.authHeader(user);
  const balance = async (user: TestUser) =>
    (
      await request(voice.url)
        .get('/api/voice/credits')
        .set(await as(user))
        .expect(200)
    ).body.balance as number;

  const startCall = async (user: TestUser) =>
    (
      await request(voice.url)
        .get('/api/elevenlabs/signed-url')
        .set(await as(user))
        .expect(200)
    ).body.sessionId as string;
  const endCall = async (user: TestUser, sessionId: string, body: object = {}) =>
    request(voice.url)
      .post(`/api/voice/sessions/${sessionId}/end`)
      .set(await as(user))
      .send(body);

  it("answers ElevenLabs' signed URL, and after the call reads its transcript, duration and summary", async () => {
    const user = env.newUser();
    fake.opens('conv_long');
    const started = await request(voice.url)
      .get('/api/elevenlabs/signed-url')
      .set(await as(user));
    expect(started.status).toBe(200);
    expect(started.body.signedUrl).toBe(`wss://api.elevenlabs.io/v1/convai/conversation?agent_id=${agentId}&conversation_signature=sig123`);
    expect(fake.calls).toContain(`GET /v1/convai/conversation/get-signed-url?agent_id=${agentId}&include_conversation_id=true`);
    expect(await balance(user)).toBe(5);

    // The browser need not say which conversation it had: the server asked ElevenLabs at the start.
    const ended = await endCall(user, started.body.sessionId);
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ provider: 'elevenlabs', status: 'ended', end_reason: 'user', duration_seconds: 95, refunded: false });
    const detail = await request(voice.url)
      .get(`/api/voice/sessions/${started.body.sessionId}`)
      .set(await as(user))
      .expect(200);
    expect(detail.body.transcript).toEqual([
      { role: 'agent', message: 'Tell me about yourself.', time_in_call_secs: 0 },
      { role: 'user', message: 'I build distributed systems.', time_in_call_secs: 4 },
    ]);
    expect(detail.body.report).toEqual({
      summary: 'The candidate described their background clearly.',
      questions_asked: 1,
      answers_given: 1,
      candidate_speaking_secs: 0,
    });
    expect(await balance(user)).toBe(5);
  });

  it('refunds a call ElevenLabs never saw connected, and one that never really took place, whatever the browser names', async () => {
    const user = env.newUser();
    const never = await startCall(user);
    fake.opens('conv_greeting_only');
    const greeted = await startCall(user);
    expect(await balance(user)).toBe(0);
    const a = await endCall(user, never, { conversation_id: 'conv_long' });
    expect(a.body.data).toMatchObject({ end_reason: 'never_connected', duration_seconds: 0, refunded: true });
    const b = await endCall(user, greeted, { conversation_id: 'conv_long' });
    expect(b.body.data).toMatchObject({ end_reason: 'user', duration_seconds: 12, refunded: true });
    expect(await balance(user)).toBe(10);
  });

  it('charges a call in which two turns were exchanged, whatever the browser says about its end', async () => {
    const user = env.newUser();
    fake.opens('conv_long');
    const id = await startCall(user);
    const ended = await endCall(user, id, { conversation_id: 'conv_missing' });
    expect(ended.body.data).toMatchObject({ end_reason: 'user', duration_seconds: 95, refunded: false, credits_charged: 5 });
    expect(await balance(user)).toBe(5);
  });

  it('stores a transcript bounded per turn and per call, however long ElevenLabs says it was', async () => {
    const user = env.newUser();
    fake.opens('conv_flood');
    const id = await startCall(user);
    expect((await endCall(user, id)).status).toBe(200);
    const detail = await request(voice.url)
      .get(`/api/voice/sessions/${id}`)
      .set(await as(user))
      .expect(200);
    const lengths = detail.body.transcript.map((t: { message: string }) => t.message.length);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(5_000);
    expect(lengths.reduce((a: number, b: number) => a + b, 0)).toBeLessThanOrEqual(60_000);
    expect(detail.body.transcript[0].message).toMatch(/\[…cut: the transcript keeps at most 5,000 characters of it\]$/);
  });

  it('answers 409 to a resume: an ElevenLabs call cannot be resumed, and stays as it was', async () => {
    const user = env.newUser();
    const sessionId = await startCall(user);
    const resumed = await request(voice.url)
      .post(`/api/voice/sessions/${sessionId}/resume`)
      .set(await as(user));
    expect(resumed.status).toBe(409);
    expect(resumed.body).toEqual({ error: { code: 'conflict', message: voiceMessages.elevenLabsNotResumable } });
    expect(await balance(user)).toBe(5);
  });

  it('charges nothing when ElevenLabs refuses the signed URL', async () => {
    const user = env.newUser();
    fake.failNext(true);
    try {
      const res = await request(voice.url)
        .get('/api/elevenlabs/signed-url')
        .set(await as(user));
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('upstream_unavailable');
    } finally {
      fake.failNext(false);
    }
    expect(await balance(user)).toBe(10);
    expect(
      (
        await request(voice.url)
          .get('/api/voice/sessions')
          .set(await as(user))
      ).body,
    ).toEqual([]);
  });

  it("ends calls whose end never came after 20 minutes and the URL life, charged or refunded by ElevenLabs' record", async () => {
    const user = env.newUser();
    fake.opens('conv_long');
    const held = await startCall(user);
    const never = await startCall(user);
    clock.advance(21 * 60_000 + 31_000);
    const swept = async (id: string) =>
      waitFor(async () => {
        const res = await request(voice.url)
          .get(`/api/voice/sessions/${id}`)
          .set(await as(user));
        return res.body.status === 'ended' && res.body;
      });
    expect(await swept(held)).toMatchObject({ end_reason: 'time_limit', duration_seconds: 1200, refunded: false });
    expect(await swept(never)).toMatchObject({ end_reason: 'never_connected', refunded: true });
    expect(await balance(user)).toBe(5);
  });
});
