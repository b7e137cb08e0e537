import path from 'node:path';
import { voiceMessages } from '@app/contracts';
import { RunningService } from '@app/service-kit';
import { TestEnvironment, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { createVoiceService } from '../src';
import { interviewPlan } from '../src/interview/plan';
import { AgentClient, creditBalance, ManualClock, quiet, said, spoken } from './helpers';

jest.setTimeout(120_000);

/**
 * Issue 38 item 9: spoken answers, streamed in real time as a browser streams them, with the
 * service's own pauses (3 s after a finished sentence, 3.5 s on a technical question). The
 * recogniser is test/fake-recogniser.cjs, which hears each tone's pitch as a phrase (`said`).
 */
describe('voice: spoken answers as the interviewer hears them', () => {
  let env: TestEnvironment;
  let voice: RunningService;
  const clock = new ManualClock();
  /** The call in progress, cut if the test fails before hanging up (the service would wait for it). */
  let live: AgentClient | undefined;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    voice = await env.start(createVoiceService({ clock }), {
      VOICE_ASR_COMMAND: `${process.execPath} ${path.join(__dirname, 'fake-recogniser.cjs')} {audio}`,
    });
  });
  afterAll(async () => {
    live?.terminate();
    await env.close();
  });

  /** Silence streamed until the interviewer's next line: how much of it was sent by then. */
  const silenceUntilReply = async (call: AgentClient, line: number): Promise<number> => {
    let sent = 0;
    while (call.responses().length < line) {
      if (sent > 15_000) throw new Error(`no reply after ${sent} ms of silence`);
      await call.speakAtRealTime(quiet(250));
      sent += 250;
    }
    return sent;
  };
  /**
   * Past the interviewer's words (none runs 25 s), so that the answer is not taken for a barge-in;
   * a sentence made after the clock moved (a busy machine) moves it again.
   */
  const listening = async (call: AgentClient) => {
    let heard: number;
    do {
      await spoken(call);
      heard = call.of('audio').length;
      clock.advance(25_000);
      await spoken(call);
    } while (call.of('audio').length !== heard);
  };
  const signedUrl = async (user: TestUser, minutes: number) =>
    (
      await request(voice.url)
        .get(`/api/elevenlabs/signed-url?minutes=${minutes}`)
        .set(await env.authHeader(user))
        .expect(200)
    ).body as { signedUrl: string; sessionId: string };
  const lastTranscript = (call: AgentClient) => {
    const heard = call.of('user_transcript');
    return (heard[heard.length - 1].user_transcription_event as { user_transcript: string }).user_transcript;
  };

  it('holds the turn through a 2.5 s pause on the introduction, longer after an unfinished sentence, and ends it at once on "I\'m done"', async () => {
    const { signedUrl: url, sessionId } = await signedUrl(env.newUser(), 20);
    const plan = interviewPlan({ seed: sessionId, company: null, level: null, topics: [], minutes: 20 });
    const story = plan.items.find((item) => item.stage === 'behavioural')!;
    const call = new AgentClient(voice, url);
    live = call;
    await call.opened;
    call.initiate();
    await call.waitForType('agent_response');
    expect(call.responses()[0]).toContain('please tell me briefly about yourself');

    // The introduction (the case): a sentence, a 2.5 s pause, more, then the pause that ends it.
    await listening(call);
    await call.speakAtRealTime(Buffer.concat([said.finished(800), quiet(2_500), said.finished(800)]));
    expect(call.responses()).toHaveLength(1);
    const introPause = await silenceUntilReply(call, 2);
    expect(introPause).toBeGreaterThanOrEqual(3_000);
    expect(call.responses()[1]).toMatch(/^Thank you\. Let us start with a technical question/);
    // Both parts are one answer.
    await call.waitForType('user_transcript');
    expect(lastTranscript(call)).toBe('I would keep a hash map of the numbers seen so far. I would keep a hash map of the numbers seen so far.');

    // A technical question: a trailing "and", 4.5 s of silence (over the 3.5 s thinking pause), then "I'm done".
    await listening(call);
    await call.speakAtRealTime(Buffer.concat([said.unfinished(800), quiet(4_500)]));
    expect(call.responses()).toHaveLength(2);
    await call.speakAtRealTime(said.done(600));
    // The 0.6 s pause that hands the words to the recogniser, then its run and the reply: well before
    // the 3.5 s a technical question's silence takes. A busy machine slows the recogniser's start
    // (2.5 s in a loaded CI run), so the bound is the silence that would end the turn anyway, less 0.5 s.
    expect(await silenceUntilReply(call, 3)).toBeLessThan(3_000);
    await call.waitForType('user_transcript', 2);
    expect(lastTranscript(call)).toBe("First I tried the brute force and I'm done.");

    // On to the behavioural question, typed past the technical ones.
    for (let turn = 4; !call.responses().some((line) => line.includes(story.text)); turn++) {
      if (turn > 12) throw new Error(`never asked the behavioural question: ${call.responses().join(' | ')}`);
      call.send({ type: 'user_message', text: "Sorry, I don't know." });
      await call.waitForType('agent_response', turn);
    }
    const asked = call.responses().length;
    await listening(call);
    // Unfinished, then 4.5 s: past the 3 s that ends a finished sentence, within the 6 s an unfinished one gets.
    await call.speakAtRealTime(Buffer.concat([said.unfinished(800), quiet(4_500), said.finished(800)]));
    expect(call.responses()).toHaveLength(asked);
    expect(await silenceUntilReply(call, asked + 1)).toBeGreaterThanOrEqual(3_000);
    await waitFor(() => lastTranscript(call) === 'First I tried the brute force and I would keep a hash map of the numbers seen so far.');
    expect(call.of('interruption')).toEqual([]);
    call.close();
    await call.closed;
  });

  it('reports a call in which no word was recognised as unheard, scores nothing and charges nothing', async () => {
    const user = env.newUser();
    const { signedUrl: url, sessionId } = await signedUrl(user, 10);
    const call = new AgentClient(voice, url);
    live = call;
    await call.opened;
    call.initiate();
    await call.waitForType('agent_response');
    await listening(call);
    await call.speakAtRealTime(Buffer.concat([said.mumble(1_000), quiet(3_500)]));
    await call.waitForType('agent_response', 2);
    expect(lastTranscript(call)).toBe(voiceMessages.noWordsRecognised);
    call.close();
    await call.closed;
    const auth = await env.authHeader(user);
    const done = await waitFor(async () => {
      const { body } = await request(voice.url).get(`/api/voice/sessions/${sessionId}`).set(auth).expect(200);
      return body.report && body.refunded && body;
    });
    expect(done.report).toMatchObject({ summary: voiceMessages.nothingHeard, answers_given: 0, talk_share: null, words_per_minute: null });
    expect(done.report.questions[0]).toMatchObject({ score: null, score_reason: 'Nothing was heard.' });
    expect(done.credits_charged).toBe(0);
    expect(await creditBalance(voice.url, auth)).toBe(10);
  });
});
