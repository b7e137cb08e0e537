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

/**
 * A local stand-in for the two ElevenLabs endpoints the service calls (no network here): the
 * signed URL and a finished conversation. Answers 401 without the key, as ElevenLabs does.
 */
function fakeElevenLabs() {
  const calls: string[] = [];
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
      return json(200, { signed_url: `wss://api.elevenlabs.io/v1/convai/conversation?agent_id=${agentId}&conversation_signature=sig123` });
    }
    if (url.pathname === '/v1/convai/conversations/conv_long') {
      return json(200, {
        status: 'done',
        transcript: [
          { role: 'agent', message: 'Tell me about yourself.', time_in_call_secs: 0 },
          { role: 'user', message: 'I build distributed systems.', time_in_call_secs: 4.6 },
          { role: 'agent', message: null, time_in_call_secs: 9 },
        ],
        metadata: { call_duration_secs: 95, start_time_unix_secs: 1_763_000_000 },
        analysis: { transcript_summary: 'The candidate described their background clearly.' },
      });
    }
    return json(404, { detail: 'conversation not found' });
  });
  return {
    calls,
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

  it("answers ElevenLabs' signed URL, and after the call reads its transcript, duration and summary", async () => {
    const user = env.newUser();
    const started = await request(voice.url)
      .get('/api/elevenlabs/signed-url')
      .set(await as(user));
    expect(started.status).toBe(200);
    expect(started.body.signedUrl).toBe(`wss://api.elevenlabs.io/v1/convai/conversation?agent_id=${agentId}&conversation_signature=sig123`);
    expect(fake.calls).toContain(`GET /v1/convai/conversation/get-signed-url?agent_id=${agentId}`);
    expect(await balance(user)).toBe(5);

    const ended = await request(voice.url)
      .post(`/api/voice/sessions/${started.body.sessionId}/end`)
      .set(await as(user))
      .send({ conversation_id: 'conv_long' });
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
      questions_asked: 0,
      answers_given: 1,
      candidate_speaking_secs: 0,
    });
    expect(await balance(user)).toBe(5);
  });

  it('refunds a call ElevenLabs never saw', async () => {
    const user = env.newUser();
    const noId = (
      await request(voice.url)
        .get('/api/elevenlabs/signed-url')
        .set(await as(user))
    ).body.sessionId;
    const unknown = (
      await request(voice.url)
        .get('/api/elevenlabs/signed-url')
        .set(await as(user))
    ).body.sessionId;
    expect(await balance(user)).toBe(0);
    const a = await request(voice.url)
      .post(`/api/voice/sessions/${noId}/end`)
      .set(await as(user))
      .send({});
    const b = await request(voice.url)
      .post(`/api/voice/sessions/${unknown}/end`)
      .set(await as(user))
      .send({ conversation_id: 'conv_missing' });
    for (const res of [a, b]) expect(res.body.data).toMatchObject({ end_reason: 'never_connected', duration_seconds: 0, refunded: true });
    expect(await balance(user)).toBe(10);
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

  it('ends a call whose end never came after 20 minutes and the URL life, and charges it', async () => {
    const user = env.newUser();
    const id = (
      await request(voice.url)
        .get('/api/elevenlabs/signed-url')
        .set(await as(user))
    ).body.sessionId;
    clock.advance(21 * 60_000 + 31_000);
    const swept = await waitFor(async () => {
      const res = await request(voice.url)
        .get(`/api/voice/sessions/${id}`)
        .set(await as(user));
      return res.body.status === 'ended' && res.body;
    });
    expect(swept).toMatchObject({ end_reason: 'time_limit', duration_seconds: 1200, refunded: false });
    expect(await balance(user)).toBe(5);
  });
});
