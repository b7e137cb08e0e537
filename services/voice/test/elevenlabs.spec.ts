import { voiceMessages } from '@app/contracts';
import { RunningService } from '@app/service-kit';
import { TestEnvironment, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { createVoiceService } from '../src';
import { FakeElevenLabs } from './fake-elevenlabs';
import { ManualClock, creditBalance } from './helpers';

jest.setTimeout(60_000);

const apiKey = 'xi-test-key';
const agentId = 'agent_interviewer';

let calls = 0;
/** A call in which two turns were exchanged (one that took place, however short), done when the end comes; its id. */
function longCall(fake: FakeElevenLabs): string {
  const id = `conv_long_${++calls}`;
  fake.connect(id, { metadata: { start_time_unix_secs: 1_763_000_000 } });
  fake.hangUp(
    id,
    {
      transcript: [
        { role: 'agent', message: 'Tell me about yourself.', time_in_call_secs: 0 },
        { role: 'user', message: 'I build distributed systems.', time_in_call_secs: 4.6 },
        { role: 'agent', message: null, time_in_call_secs: 9 },
      ],
      duration: 95,
      analysis: { transcript_summary: 'The candidate described their background clearly.' },
    },
    0,
  );
  return id;
}

/** What ElevenLabs recorded of other calls the tests end: finished (status done) when the end comes. */
function recordCalls(fake: FakeElevenLabs) {
  // The greeting, then nothing: a call that never really took place.
  fake.connect('conv_greeting_only');
  fake.hangUp('conv_greeting_only', { transcript: [{ role: 'agent', message: 'Hello! Shall we begin?', time_in_call_secs: 0 }], duration: 12 }, 0);
  // A transcript far over every bound (a turn of 20,000 characters, forty of them).
  fake.connect('conv_flood');
  fake.hangUp(
    'conv_flood',
    {
      transcript: Array.from({ length: 40 }, (_, i) => ({ role: i % 2 ? 'user' : 'agent', message: String(i % 10).repeat(20_000), time_in_call_secs: i * 10 })),
      duration: 600,
    },
    0,
  );
}

describe('voice with ElevenLabs configured', () => {
  let env: TestEnvironment;
  let voice: RunningService;
  const fake = new FakeElevenLabs(apiKey, agentId);
  const clock = new ManualClock();

  beforeAll(async () => {
    env = await TestEnvironment.create();
    const apiUrl = await fake.listen();
    recordCalls(fake);
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
  const balance = async (user: TestUser) => creditBalance(voice.url, await as(user));

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
    fake.opens(longCall(fake));
    const started = await request(voice.url)
      .get('/api/elevenlabs/signed-url')
      .set(await as(user));
    expect(started.status).toBe(200);
    expect(started.body.signedUrl).toBe(`wss://api.elevenlabs.io/v1/convai/conversation?agent_id=${agentId}&conversation_signature=sig_conv_long_1`);
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
    // The introduction is no planned question: the report says so, after ElevenLabs' summary.
    expect(detail.body.report).toMatchObject({
      summary: 'The candidate described their background clearly. The interview ended before its first question.',
      questions_asked: 0,
      answers_given: 0,
      // The candidate's turn lasts until the next line (none: the call's end at 95 s).
      candidate_speaking_secs: 91,
    });
    expect(await balance(user)).toBe(5);
  });

  it('refunds a call ElevenLabs never saw connected, and one that never really took place, whatever the browser names', async () => {
    const user = env.newUser();
    const never = await startCall(user);
    fake.opens('conv_greeting_only');
    const greeted = await startCall(user);
    expect(await balance(user)).toBe(0);
    const a = await endCall(user, never, { conversation_id: 'conv_long_1' });
    expect(a.body.data).toMatchObject({ end_reason: 'never_connected', duration_seconds: 0, refunded: true });
    const b = await endCall(user, greeted, { conversation_id: 'conv_long_1' });
    expect(b.body.data).toMatchObject({ end_reason: 'user', duration_seconds: 12, refunded: true });
    expect(await balance(user)).toBe(10);
  });

  it('charges a call in which two turns were exchanged, whatever the browser says about its end', async () => {
    const user = env.newUser();
    fake.opens(longCall(fake));
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
    fake.failSignedUrl = true;
    try {
      const res = await request(voice.url)
        .get('/api/elevenlabs/signed-url')
        .set(await as(user));
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('upstream_unavailable');
    } finally {
      fake.failSignedUrl = false;
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
    fake.opens(longCall(fake));
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
