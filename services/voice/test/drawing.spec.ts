import fs from 'node:fs';
import path from 'node:path';
import { describeDesignScene, designGaps, designSceneMessages } from '@app/contracts';
import { RunningService } from '@app/service-kit';
import { TestEnvironment, TestUser } from '@app/service-kit/testing';
import request from 'supertest';
import { createVoiceService } from '../src';
import { concepts } from '../src/interview/concepts';
import { interviewPlan } from '../src/interview/plan';
import { AgentClient, ManualClock } from './helpers';

jest.setTimeout(120_000);

/** A prepared drawing: a URL shortener whose one database has no cache in front and no replica. */
const scene = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../libs/contracts/fixtures/design-scenes/url-shortener-no-cache.json'), 'utf8'));
/** The drawing as the page sends it: @elevenlabs/client's contextual_update with the scene's JSON as its text. */
const sceneFrame = (elements: unknown) => ({ type: 'contextual_update', text: JSON.stringify({ design_scene: { elements } }) });

/** Issue 36 item 4: the local interviewer reads the candidate's drawing at each pause and probes what it lacks. */
describe('voice: the interviewer reads the drawing of a system design mock', () => {
  let env: TestEnvironment;
  let voice: RunningService;
  let user: TestUser;
  const clock = new ManualClock();

  beforeAll(async () => {
    env = await TestEnvironment.create();
    voice = await env.start(createVoiceService({ clock }), { VOICE_STARTER_CREDITS: '100' });
    user = env.newUser();
  });
  afterAll(() => env.close());

  it('refuses a hostile drawing with a clear error and goes on, then probes what the drawing lacks, each once, before what the answer left out', async () => {
    const { body } = await request(voice.url)
      .get('/api/elevenlabs/signed-url?minutes=10&topics=System%20Design')
      .set(await env.authHeader(user))
      .expect(200);
    const plan = interviewPlan({ seed: body.sessionId, company: null, level: null, topics: ['System Design'], minutes: 10 });
    const [, coding, design] = plan.items;
    expect(design.question!.kind).toBe('system design');
    const call = new AgentClient(voice, body.signedUrl);
    await call.opened;
    call.initiate();
    const reply = async (text: string) => {
      const heard = call.responses().length;
      clock.advance(20_000);
      call.send({ type: 'user_message', text });
      await call.waitForType('agent_response', heard + 1);
      return call.responses()[heard];
    };
    await call.waitForType('agent_response');
    await reply('I am a backend engineer.');
    const strong = `I would use ${coding.question!.concepts.map((key) => concepts[key].name).join(', ')}.`;
    expect(await reply(strong)).toBe(`That covers it well. ${design.text}`);

    // Hostile frames: too large, not JSON, not a scene. Each is answered with an error event; the call goes on.
    call.send(sceneFrame([{ id: 'a', type: 'text', text: 'x'.repeat(300_000) }]));
    call.sendRaw(JSON.stringify({ type: 'contextual_update', text: '{"design_scene": [' }));
    call.send(sceneFrame([{ id: 7, type: 'rectangle' }]));
    const errors = await call.waitForType('error', 3);
    expect(errors.map((e) => e.error_event)).toEqual([
      { code: 1009, error_type: 'scene_too_large', message: designSceneMessages.tooLarge },
      { code: 1009, error_type: 'invalid_scene', message: designSceneMessages.invalid },
      { code: 1009, error_type: 'invalid_scene', message: designSceneMessages.invalid },
    ]);

    call.send(sceneFrame(scene.elements));
    const expected = designGaps(describeDesignScene(scene), design.question!.concepts);
    expect(expected.length).toBeGreaterThanOrEqual(1);
    // The answer names none of it: the probe is about the drawing's own database.
    const first = await reply('Clients call an app server that writes each short code and its long URL to a database.');
    expect(first).toBe(`Thank you. ${expected[0].probe}`);
    expect(first).toContain('URL database');
    // Said aloud, the missing piece is not asked again: the next probe is another gap, or a concept the answer left out.
    const second = await reply(`Good point: ${concepts[expected[0].concept].name}.`);
    expect(second).not.toBe(first);
    expect(second).toBe(`Thank you. ${expected[1]?.probe ?? concepts[design.question!.concepts.find((c) => c !== expected[0].concept)!].probe}`);
    expect(call.open).toBe(true);
    call.close();
    await call.closed;
  });
});
