import { execFileSync } from 'node:child_process';
import { RunningService } from '@app/service-kit';
import { TestEnvironment, TestUser } from '@app/service-kit/testing';
import request from 'supertest';
import { createVoiceService } from '../src';
import { SpeechSynthesizer } from '../src/agent/speech';
import { AgentClient, ManualClock, quiet } from './helpers';

jest.setTimeout(120_000);

const installed = (() => {
  try {
    return Boolean(execFileSync('sh', ['-c', 'command -v pocketsphinx_continuous'], { encoding: 'utf8' }).trim());
  } catch {
    return false;
  }
})();

/**
 * Technical words spoken into the local interviewer come back in its transcript (issue 24: with
 * the general English model "recursion" was "recreation", "cache" "cash", "breadth" "bread"). Needs
 * Debian's pocketsphinx and pocketsphinx-en-us (.ci/run installs them).
 */
(installed ? describe : describe.skip)('voice: the local interviewer hears technical words', () => {
  let env: TestEnvironment;
  let voice: RunningService;
  let user: TestUser;
  const clock = new ManualClock();
  const speech = new SpeechSynthesizer({ VOICE_TTS_VOICE: 'rms', VOICE_TTS_STRETCH: 1 });

  beforeAll(async () => {
    env = await TestEnvironment.create();
    voice = await env.start(createVoiceService({ clock }), { VOICE_END_OF_TURN_MS: '1500', VOICE_AUDIO_AHEAD_MS: '3600000' });
    user = env.newUser();
  });
  afterAll(async () => {
    await speech.onApplicationShutdown();
    await env.close();
  });

  it('transcribes "recursion", "cache" and "breadth first" as said, spoken by Flite', async () => {
    const said = 'I would solve it with recursion and a cache. For the shortest path I would use breadth first search.';
    const audio = Buffer.concat((await Promise.all(speech.speak(said))).flatMap((sentence) => [sentence, quiet(250)]));
    const { signedUrl } = (
      await request(voice.url)
        .get('/api/elevenlabs/signed-url')
        .set(await env.authHeader(user))
        .expect(200)
    ).body as { signedUrl: string };
    const call = new AgentClient(voice, signedUrl);
    await call.opened;
    call.initiate();
    await call.waitForType('agent_response');
    // Past the introduction, so that the answer is not a barge-in.
    clock.advance(30_000);
    call.speak(Buffer.concat([quiet(300), audio, quiet(2_000)]));
    const [heard] = await call.waitForType('user_transcript', 1, 60_000);
    const transcript = (heard.user_transcription_event as { user_transcript: string }).user_transcript;
    expect(transcript).toMatch(/\brecursion\b/);
    expect(transcript).toMatch(/\bcache\b/);
    expect(transcript).toMatch(/\bbreadth first\b/);
    expect(transcript).not.toMatch(/\b(recreation|cash|bread)\b/);
    call.close();
    await call.closed;
  });
});
