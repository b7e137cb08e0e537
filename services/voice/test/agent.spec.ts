import { voiceMessages } from '@app/contracts';
import { RunningService } from '@app/service-kit';
import { TestEnvironment, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { createVoiceService } from '../src';
import { SpeechSynthesizer } from '../src/agent/speech';
import { AgentClient, ManualClock, quiet, tone } from './helpers';

jest.setTimeout(240_000);

/** The local interviewer, spoken to as @elevenlabs/client speaks to ElevenLabs. */
describe('voice: the local interviewer agent', () => {
  let env: TestEnvironment;
  let voice: RunningService;
  let user: TestUser;
  const clock = new ManualClock();

  beforeAll(async () => {
    env = await TestEnvironment.create();
    voice = await env.start(createVoiceService({ clock }), {
      VOICE_PING_INTERVAL_MS: '200',
      VOICE_END_OF_TURN_MS: '600',
      VOICE_STARTER_CREDITS: '1000',
      // These tests play each answer at once, far faster than real time (the pace is tested in frames.spec.ts).
      VOICE_AUDIO_AHEAD_MS: '3600000',
    });
    user = env.newUser();
  });
  afterAll(() => env.close());

  const signedUrl = async (query = '') =>
    (
      await request(voice.url)
        .get(`/api/elevenlabs/signed-url${query}`)
        .set(await env.authHeader(user))
        .expect(200)
    ).body as { signedUrl: string; sessionId: string };
  const session = async (id: string) =>
    (
      await request(voice.url)
        .get(`/api/voice/sessions/${id}`)
        .set(await env.authHeader(user))
        .expect(200)
    ).body;
  /** An answer: voice, then the silence that ends the turn. */
  const answer = (call: AgentClient, voiceMs = 700) => call.speak(Buffer.concat([tone(voiceMs), quiet(900)]));

  it('echoes the convai subprotocol and answers the initiation with the metadata, then asks its first question with pcm_16000 audio', async () => {
    const { signedUrl: url, sessionId } = await signedUrl();
    const call = new AgentClient(voice, url);
    await call.opened;
    expect(call.protocol).toBe('convai');
    call.initiate();
    await call.waitForType('audio');
    expect(call.messages[0]).toEqual({
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: { conversation_id: sessionId, agent_output_audio_format: 'pcm_16000', user_input_audio_format: 'pcm_16000' },
    });
    const [first] = call.responses();
    expect(first).toMatch(/^Hello, and thanks for joining\. .*Tell me about a time you disagreed with a teammate/);
    const audio = call.of('audio').map((m) => m.audio_event as { audio_base_64: string; event_id: number });
    expect(new Set(audio.map((a) => a.event_id))).toEqual(new Set([1]));
    const seconds = audio.reduce((sum, a) => sum + Buffer.from(a.audio_base_64, 'base64').length, 0) / 32_000;
    expect(seconds).toBeGreaterThan(3);
    expect((await session(sessionId)).status).toBe('connected');
    call.close();
    await call.closed;
  });

  it('closes with 1008 a bad signature, an expired URL and a URL used twice', async () => {
    const good = await signedUrl();
    const forged = new AgentClient(voice, good.signedUrl.replace(/signature=[0-9a-f]{4}/, 'signature=0000'));
    expect(await forged.closed).toEqual({ code: 1008, reason: 'invalid or expired signed URL' });

    const first = new AgentClient(voice, good.signedUrl);
    await first.opened;
    const second = new AgentClient(voice, good.signedUrl);
    expect(await second.closed).toEqual({ code: 1008, reason: 'this signed URL was already used' });
    first.close();
    await first.closed;

    const expired = await signedUrl();
    clock.advance(61_000);
    expect(await new AgentClient(voice, expired.signedUrl).closed).toEqual({ code: 1008, reason: 'invalid or expired signed URL' });
  });

  it('closes with 1008 a connection without the convai subprotocol, and the URL stays usable', async () => {
    const { signedUrl: url, sessionId } = await signedUrl();
    const bare = new AgentClient(voice, url, []);
    expect(await bare.closed).toEqual({ code: 1008, reason: 'the convai subprotocol is required' });
    expect((await session(sessionId)).status).toBe('pending');
    const proper = new AgentClient(voice, url);
    await proper.opened;
    proper.close();
    await proper.closed;
  });

  it('pings every few seconds and measures the pong', async () => {
    const { signedUrl: url } = await signedUrl();
    const call = new AgentClient(voice, url);
    await call.opened;
    call.initiate();
    const pings = (await call.waitForType('ping', 3)).map((m) => m.ping_event as { event_id: number; ping_ms: number | null });
    expect(pings.slice(0, 3).map((p) => p.event_id)).toEqual([1, 2, 3]);
    expect(pings[0].ping_ms).toBeNull();
    expect(typeof pings[2].ping_ms).toBe('number');
    call.close();
    await call.closed;
  });

  it('takes barge-in as an interruption of what it was saying, and listens', async () => {
    const { signedUrl: url } = await signedUrl();
    const call = new AgentClient(voice, url);
    await call.opened;
    call.initiate();
    await call.waitForType('audio');
    answer(call, 800); // while the question is still playing: the clock has not moved
    const [interruption] = await call.waitForType('interruption');
    expect(interruption.interruption_event).toEqual({ event_id: 1 });
    await call.waitForType('agent_response', 2);
    expect(call.responses()[1]).toMatch(/^Thank you\. Looking back, what would you do differently/);
    call.close();
    await call.closed;
  });

  it('asks a plan from the chosen company and level, with follow-ups, says goodbye and closes with 1000; the transcript and report are kept', async () => {
    const speech = voice.app.get(SpeechSynthesizer);
    const spoken = await speech.speak('I would count every character with a hash map and then scan the string again.');
    const { signedUrl: url, sessionId } = await signedUrl(
      `?company=Acme&level=${encodeURIComponent('Senior (L6, E5, IC3, SDE III)')}&topics=Graphs&topics=Hash%20Tables`,
    );
    const call = new AgentClient(voice, url);
    await call.opened;
    call.initiate();
    const expected = [
      /I will be your interviewer today for Acme at the Senior level\. .*Why do you want to work at Acme/,
      /^Thank you\. Tell me about a project you are proud of/,
      /shortest path between two people in a social network/,
      /^Thank you\. How would you scale that to a billion users/,
      /How does a hash table work/,
      /^Thank you\. When would a hash table perform badly/,
      /design a URL shortener/,
      /^Thank you\. How would your design handle a hundred times more traffic/,
      /^That was my last question\. .*Goodbye!$/,
    ];
    for (let turn = 0; turn < expected.length; turn++) {
      await call.waitForType('agent_response', turn + 1);
      expect(call.responses()[turn]).toMatch(expected[turn]);
      if (turn === expected.length - 1) break;
      clock.advance(20_000); // the question has been heard (and the candidate answers well before being invited to)
      if (turn === 0) call.speak(Buffer.concat([quiet(300), spoken, quiet(1000)]));
      else answer(call);
    }
    expect(await call.closed).toEqual({ code: 1000, reason: 'interview complete' });
    expect(call.of('interruption')).toEqual([]);

    const done = await waitFor(async () => {
      const s = await session(sessionId);
      return s.report && s.transcript.filter((t: { role: string }) => t.role === 'user').every((t: { message: string }) => t.message) && s;
    }, 150_000); // eight answers through pocketsphinx, one at a time, on a busy machine
    expect(done).toMatchObject({ status: 'ended', end_reason: 'agent', duration_seconds: 160, refunded: false, company: 'Acme' });
    expect(done.report).toMatchObject({ questions_asked: 4, answers_given: 8 });
    const roles = done.transcript.map((t: { role: string }) => t.role);
    expect(roles).toEqual([
      'agent',
      'user',
      'agent',
      'user',
      'agent',
      'user',
      'agent',
      'user',
      'agent',
      'user',
      'agent',
      'user',
      'agent',
      'user',
      'agent',
      'user',
      'agent',
    ]);
    const firstAnswer = done.transcript[1].message as string;
    if (firstAnswer === voiceMessages.notTranscribed) console.warn('pocketsphinx is not installed: answers were not transcribed');
    else expect(firstAnswer).toMatch(/hash|character|string/);
  });

  it('invites a silent candidate to answer once, then waits', async () => {
    const { signedUrl: url } = await signedUrl();
    const call = new AgentClient(voice, url);
    await call.opened;
    call.initiate();
    await call.waitForType('agent_response');
    clock.advance(45_000);
    await call.waitForType('agent_response', 2);
    expect(call.responses()[1]).toBe('Take your time. Whenever you are ready, please go ahead with your answer.');
    clock.advance(45_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(call.responses()).toHaveLength(2);
    answer(call);
    await call.waitForType('agent_response', 3);
    expect(call.responses()[2]).toMatch(/^Thank you\. Looking back/);
    call.close();
    await call.closed;
  });

  it('tells the client max_duration_exceeded at 20 minutes and closes', async () => {
    const { signedUrl: url, sessionId } = await signedUrl();
    const call = new AgentClient(voice, url);
    await call.opened;
    call.initiate();
    await call.waitForType('agent_response');
    clock.advance(20 * 60_000);
    const [error] = await call.waitForType('error');
    expect(error.error_event).toMatchObject({ error_type: 'max_duration_exceeded' });
    expect((await call.closed).code).toBe(1000);
    const ended = await waitFor(async () => {
      const s = await session(sessionId);
      return s.status === 'ended' && s;
    });
    expect(ended).toMatchObject({ end_reason: 'time_limit', duration_seconds: 1200 });
  });
});
