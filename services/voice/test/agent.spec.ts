import path from 'node:path';
import { voiceConstants } from '@app/contracts';
import { RunningService } from '@app/service-kit';
import { TestEnvironment, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { createVoiceService } from '../src';
import { concepts } from '../src/interview/concepts';
import { interviewPlan } from '../src/interview/plan';
import { questionBank } from '../src/interview/question-bank';
import { AgentClient, ManualClock, quiet, spoken, tone } from './helpers';

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
      // The same words wherever it runs (a 220 Hz tone is a finished sentence to it), with or without pocketsphinx.
      VOICE_ASR_COMMAND: `${process.execPath} ${path.join(__dirname, 'fake-recogniser.cjs')} {audio}`,
      VOICE_END_OF_TURN_MS: '600',
      VOICE_THINKING_PAUSE_MS: '1500',
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
  /** The bank question an interviewer's line asks. */
  const questionAsked = (line: string) => questionBank.find((q) => line.includes(q.question))!;
  /** An answer: voice, then the silence that ends the turn (on a technical question too). */
  const answer = (call: AgentClient, voiceMs = 700) => call.speak(Buffer.concat([tone(voiceMs), quiet(1_600)]));

  it('echoes the convai subprotocol and answers the initiation with the metadata, then asks its first question with pcm_16000 audio', async () => {
    const { signedUrl: url, sessionId } = await signedUrl();
    const call = new AgentClient(voice, url);
    await call.opened;
    expect(call.protocol).toBe('convai');
    call.initiate();
    // The introduction is sent as half-second audio events: eight of them are four seconds of it.
    await call.waitForType('audio', 8);
    expect(call.messages[0]).toEqual({
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: { conversation_id: sessionId, agent_output_audio_format: 'pcm_16000', user_input_audio_format: 'pcm_16000' },
    });
    const [first] = call.responses();
    expect(first).toMatch(/^Hello, and thanks for joining\. .*This is a 20 minute interview.*please tell me briefly about yourself\.$/);
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
    // The first connection has claimed the session (the socket opens before the claim is written).
    await waitFor(async () => (await session(good.sessionId)).status === 'connected');
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
    expect(call.responses()[1]).toMatch(/^Thank you\. Let us start with a technical question\. /);
    call.close();
    await call.closed;
  });

  it('follows each answer: a strong one moves on, a weak one is probed for what it missed, "I don\'t know" gets a hint; the report judges each question', async () => {
    const { signedUrl: url, sessionId } = await signedUrl('?company=Acme&minutes=10&topics=Hash%20Table');
    // The plan is drawn with the session id as its seed: the test draws the same one.
    const plan = interviewPlan({ seed: sessionId, company: 'Acme', level: null, topics: ['Hash Table'], minutes: 10 });
    const [, first, second, story] = plan.items;
    const questions = plan.items[plan.items.length - 1];
    const call = new AgentClient(voice, url);
    await call.opened;
    call.initiate();
    const reply = async (text: string) => {
      let heard = call.responses().length;
      clock.advance(20_000);
      call.send({ type: 'user_message', text });
      // The clock's jump is silence to the once-a-second nudge: on a busy machine its tick may come
      // before the answer is read, and the nudge is said first. The answer's reply is the next one.
      for (;;) {
        await call.waitForType('agent_response', heard + 1);
        if (!call.responses()[heard].startsWith('Take your time.')) return call.responses()[heard];
        heard += 1;
      }
    };
    await call.waitForType('agent_response');
    expect(call.responses()[0]).toMatch(/for Acme\. This is a 10 minute interview/);
    expect(await reply('I am a backend engineer who likes data structures.')).toBe(first.text);

    const strong = `I would use ${first.question!.concepts.map((key) => concepts[key].name).join(', ')}.`;
    const afterStrong = await reply(strong);
    const afterWeak = await reply('I would try every possibility one by one.');
    const afterStuck = await reply("I don't know.");
    expect(afterStrong).toBe(`That covers it well. ${second.text}`);
    expect(afterWeak).toBe(`Thank you. ${concepts[second.question!.concepts[0]].probe}`);
    expect(afterStuck).toBe(`That is fine, let me help a little. ${second.question!.hint}`);
    expect(new Set([afterStrong, afterWeak, afterStuck]).size).toBe(3);
    expect(await reply('Sorry, still no idea.')).toBe(story.text);
    // Six minutes in, a technical question held for when time allows no longer fits before the wrap-up.
    clock.advance(4 * 60_000);
    expect(await reply('At my last job our team had a deadline. My task was the billing service. I proposed a plan and as a result we shipped.')).toBe(
      `That covers it well. ${questions.text}`,
    );
    expect(await reply('What does the team work on?')).toBe(plan.goodbye);
    expect(await call.closed).toEqual({ code: 1000, reason: 'interview complete' });

    const done = await waitFor(async () => {
      const s = await session(sessionId);
      return s.report && s;
    });
    expect(done).toMatchObject({ end_reason: 'agent', refunded: false, credits_charged: 5 });
    expect(done.report).toMatchObject({ questions_asked: 3, answers_given: 3, talk_share: null, words_per_minute: null, longest_pause_secs: null });
    expect(done.report.summary).toMatch(/^You answered 3 of 3 questions, with an average score of 3\.0 out of 4\.$/);
    const [one, two, three] = done.report.questions;
    expect(one).toMatchObject({ question: first.question!.question, concepts_missed: [], complexity_stated: true, score: 4, answer: strong });
    expect(two).toMatchObject({ question: second.question!.question, concepts_covered: [], complexity_stated: false, score: 1 });
    expect(two.answer).toBe("I would try every possibility one by one. I don't know. Sorry, still no idea.");
    expect(three).toMatchObject({ kind: 'behavioural', star: { situation: true, task: true, action: true, result: true }, score: 4 });
    expect(done.report.next_steps).toHaveLength(3);
    expect(done.report.next_steps[0].href).toMatch(/^\/leetcode\?tags=/);
    expect(done.report.next_steps[1]).toEqual({
      text: 'Read what Acme candidates were asked, round by round, on the company page.',
      href: '/candidate-interviews/Acme',
    });
  });

  it('holds a spoken interview to its goodbye and reports the speech: talk-time share and longest pause, counted per question', async () => {
    const { signedUrl: url, sessionId } = await signedUrl(`?level=${encodeURIComponent('Senior (L6, E5, IC3, SDE III)')}&minutes=10`);
    const call = new AgentClient(voice, url);
    await call.opened;
    call.initiate();
    // Each answer has a 0.4 s pause inside it; the recogniser hears each as a sentence about a hash map, probed or hinted at.
    for (let turn = 1; turn < 30; turn++) {
      await call.waitForType('agent_response', turn, 30_000);
      if (call.responses()[turn - 1].endsWith('Goodbye!')) break;
      await spoken(call);
      // From the behavioural question on, the 10 minutes are too far gone for a question held for when time allows.
      clock.advance(call.responses()[turn - 1].includes('questions about your experience') ? 4 * 60_000 : 20_000);
      call.speak(Buffer.concat([tone(700), quiet(400), tone(500), quiet(1_600)]));
    }
    expect(await call.closed).toEqual({ code: 1000, reason: 'interview complete' });
    expect(call.of('interruption')).toEqual([]);

    const done = await waitFor(async () => {
      const s = await session(sessionId);
      return s.report && s.transcript.filter((t: { role: string }) => t.role === 'user').every((t: { message: string }) => t.message) && s;
    });
    expect(done.report).toMatchObject({ questions_asked: 3, answers_given: 3 });
    expect(done.report.questions.map((q: { kind: string }) => q.kind)).toEqual(['coding', 'system design', 'behavioural']);
    expect(done.report.talk_share).toBeGreaterThan(0);
    expect(done.report.talk_share).toBeLessThan(1);
    expect(done.report.longest_pause_secs).toBeGreaterThanOrEqual(0.3);
    expect(done.report.longest_pause_secs).toBeLessThanOrEqual(0.6);
    expect(done.report.next_steps).toHaveLength(3);
    expect(done.transcript.filter((t: { role: string }) => t.role === 'agent')).toHaveLength(call.responses().length);
  });

  /** The introduction answered by typing: the first technical question is asked. */
  const toFirstQuestion = async (call: AgentClient) => {
    await call.opened;
    call.initiate();
    await call.waitForType('agent_response');
    clock.advance(20_000);
    call.send({ type: 'user_message', text: 'I build backend services.' });
    await call.waitForType('agent_response', 2);
    expect(call.responses()[1]).toMatch(/^Thank you\. Let us start with a technical question/);
    await spoken(call);
    clock.advance(20_000);
  };

  it('leaves a technical question time to think: a pause inside the answer is not its end, and "I\'m done" ends it at once', async () => {
    const call = new AgentClient(voice, (await signedUrl()).signedUrl);
    await toFirstQuestion(call);
    // A 1.2 s pause: over the 0.6 s that ends a turn elsewhere, under this test's 1.5 s thinking pause.
    call.speak(Buffer.concat([tone(700), quiet(1_200), tone(700), quiet(1_000)]));
    await new Promise((r) => setTimeout(r, 1_500));
    expect(call.responses()).toHaveLength(2);
    call.send({ type: 'contextual_update', text: voiceConstants.answerDoneText });
    await call.waitForType('agent_response', 3);
    // Both parts were one answer: one transcript, one reply.
    await call.waitForType('user_transcript');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(call.of('user_transcript')).toHaveLength(1);
    expect(call.responses()).toHaveLength(3);
    // Another context update is only context, and "I'm done" while the interviewer speaks is ignored.
    call.send({ type: 'contextual_update', text: 'The candidate switched to Python.' });
    call.send({ type: 'contextual_update', text: voiceConstants.answerDoneText });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(call.responses()).toHaveLength(3);
    expect(call.of('error')).toEqual([]);
    call.close();
    await call.closed;
  });

  it('holds the turn when the candidate asks for time ("let me think"), then takes the answer that follows', async () => {
    const call = new AgentClient(voice, (await signedUrl()).signedUrl);
    await toFirstQuestion(call);
    call.send({ type: 'user_message', text: 'Hmm, let me think.' });
    await call.waitForType('agent_response', 3);
    expect(call.responses()[2]).toBe('Of course, take your time.');
    clock.advance(20_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(call.responses()).toHaveLength(3);
    call.send({ type: 'user_message', text: "I don't know." });
    await call.waitForType('agent_response', 4);
    expect(call.responses()[3]).toMatch(/^That is fine, let me help a little\. /);
    call.close();
    await call.closed;
  });

  it('invites a silent candidate to answer once, then waits', async () => {
    const { signedUrl: url } = await signedUrl();
    const call = new AgentClient(voice, url);
    await call.opened;
    call.initiate();
    await call.waitForType('agent_response');
    // Past the end of what it said (the introduction runs about 16 s) by more than the 30 s it waits.
    await spoken(call);
    clock.advance(60_000);
    await call.waitForType('agent_response', 2);
    expect(call.responses()[1]).toBe('Take your time. Whenever you are ready, please go ahead with your answer.');
    await spoken(call);
    clock.advance(60_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(call.responses()).toHaveLength(2);
    answer(call);
    await call.waitForType('agent_response', 3);
    expect(call.responses()[2]).toMatch(/^Thank you\. Let us start with a technical question/);
    // Silence after a question is often being stuck: the invitation comes with the question's hint.
    const question = questionAsked(call.responses()[2]);
    await spoken(call);
    clock.advance(60_000);
    await call.waitForType('agent_response', 4);
    expect(call.responses()[3]).toBe(`Take your time. Here is a hint: ${question.hint}`);
    call.close();
    await call.closed;
  });

  it('ends a 10-minute interview at 10 minutes: max_duration_exceeded, then the close, charged for those 10', async () => {
    const { signedUrl: url, sessionId } = await signedUrl('?minutes=10');
    const call = new AgentClient(voice, url);
    await call.opened;
    call.initiate();
    await call.waitForType('agent_response');
    expect(call.responses()[0]).toContain('This is a 10 minute interview');
    clock.advance(10 * 60_000 - 5_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(call.of('error')).toEqual([]);
    clock.advance(5_000);
    const [error] = await call.waitForType('error');
    expect(error.error_event).toMatchObject({ error_type: 'max_duration_exceeded', message: 'The interview reached its 10-minute limit' });
    expect((await call.closed).code).toBe(1000);
    const ended = await waitFor(async () => {
      const s = await session(sessionId);
      return s.status === 'ended' && s;
    });
    expect(ended).toMatchObject({ end_reason: 'time_limit', duration_seconds: 600, minutes: 10, credits_charged: 5 });
  });
});
