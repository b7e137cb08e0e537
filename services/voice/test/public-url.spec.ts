import { RunningService } from '@app/service-kit';
import { TestEnvironment } from '@app/service-kit/testing';
import request from 'supertest';
import { createVoiceService } from '../src';

jest.setTimeout(60_000);

/** Issue 20: a forged Host was reflected into the URL the service signs. */
describe('voice: the agent URL comes from PUBLIC_URL, never from the request', () => {
  let env: TestEnvironment;
  let voice: RunningService;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    voice = await env.start(createVoiceService(), { PUBLIC_URL: 'https://prep.example.com', VOICE_ASR_COMMAND: 'none' });
  });
  afterAll(() => env.close());

  it('signs the ws(s) twin of PUBLIC_URL whatever Host and X-Forwarded-Host say', async () => {
    const res = await request(voice.url)
      .get('/api/elevenlabs/signed-url')
      .set(await env.authHeader(env.newUser()))
      .set('Host', 'evil.example')
      .set('X-Forwarded-Proto', 'http')
      .set('X-Forwarded-Host', 'attacker.example')
      .expect(200);
    expect(res.body.signedUrl).toMatch(new RegExp(`^wss://prep\\.example\\.com/api/voice/agent/${res.body.sessionId}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
  });

  it('does not start with a PUBLIC_URL that is not an http(s) URL', async () => {
    await expect(env.start(createVoiceService(), { PUBLIC_URL: 'javascript:alert(1)' })).rejects.toThrow(/PUBLIC_URL/);
  });
});
