import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { TestEnvironment, TestUser, waitFor } from '@app/service-kit/testing';
import fc from 'fast-check';
import request from 'supertest';
import { AgentClient } from './helpers';

jest.setTimeout(240_000);

/** At least 1,000 generated frames go to one live call (issue 20: one `null` used to kill the process). */
const RUNS = 30;
const FRAMES_PER_RUN = 40;

interface Frame {
  data: string | Buffer;
  binary?: boolean;
  [fc.toStringMethod]?: () => string;
}

const json = fc.jsonValue({ maxDepth: 3 });
const notAString = json.filter((v) => typeof v !== 'string');
const protocolTypes = ['pong', 'user_message', 'conversation_initiation_client_data', 'user_activity', 'contextual_update', 'feedback', 'client_tool_result'];
/** A frame prints short in a counterexample (some are a megabyte). */
const frameOf = (data: string | Buffer, binary = false): Frame => ({
  data,
  binary,
  [fc.toStringMethod]: () => `${binary ? 'binary ' : ''}${JSON.stringify(data.toString().slice(0, 80))}${data.length > 80 ? `…(${data.length})` : ''}`,
});
const text = (data: string): Frame => frameOf(data);
const asJson = (value: unknown): Frame => frameOf(JSON.stringify(value));

/**
 * Anything a client can put in a frame. Typed answers are never valid ones: those would move the
 * interview on to its goodbye, and the point is that the call outlives what is thrown at it.
 */
const frame: fc.Arbitrary<Frame> = fc.oneof(
  fc.constantFrom('null', '[]', '""', '0', '-1e309', 'true', '{}', '[null]', '{"type":null}', '{"type":{}}', '{"__proto__":{"type":"pong"}}').map(text),
  json.map(asJson),
  fc.string({ maxLength: 200 }).map(text),
  fc.string({ unit: 'binary', maxLength: 200 }).map(text),
  fc
    .tuple(fc.oneof(fc.string({ maxLength: 40 }), json), fc.dictionary(fc.string({ maxLength: 10 }), json, { maxKeys: 4 }))
    .map(([type, rest]) => asJson({ ...rest, type })),
  // The protocol's own types with fields missing, of the wrong type, or extra.
  fc
    .tuple(fc.constantFrom(...protocolTypes), fc.dictionary(fc.constantFrom('event_id', 'text', 'user_audio_chunk'), notAString, { maxKeys: 3 }))
    .map(([type, fields]) => asJson({ ...fields, type })),
  fc.constantFrom('', '   ', '\n').map((blank) => asJson({ type: 'user_message', text: blank })),
  // Typed answers over the contract's 5,000 characters, up to a megabyte (the socket's frame limit is 1 MiB).
  fc.integer({ min: 5_001, max: 1_000_000 }).map((n) => asJson({ type: 'user_message', text: 'a'.repeat(n) })),
  // Audio: real base64 far faster than real time, and chunks that are not base64 at all.
  fc.uint8Array({ maxLength: 16_384 }).map((bytes) => asJson({ user_audio_chunk: Buffer.from(bytes).toString('base64') })),
  fc.oneof(notAString, fc.string({ maxLength: 100 })).map((chunk) => asJson({ user_audio_chunk: chunk })),
  fc.uint8Array({ maxLength: 4_096 }).map((bytes) => frameOf(Buffer.from(bytes), true)),
  // Drawings (a system design mock's canvas): scene frames of any shape, elements half right, and broken JSON.
  fc
    .oneof(
      json.map((scene) => JSON.stringify({ design_scene: scene })),
      fc
        .array(
          fc.record(
            {
              id: fc.oneof(fc.string({ maxLength: 8 }), json),
              type: fc.oneof(fc.constantFrom('rectangle', 'text', 'arrow', 'ellipse'), json),
              text: fc.oneof(fc.string({ maxLength: 20 }), json),
              containerId: fc.oneof(fc.constantFrom('a', 'b', null), json),
              startBinding: fc.oneof(fc.record({ elementId: fc.constantFrom('a', 'b') }), json),
              isDeleted: fc.oneof(fc.boolean(), json),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 20 },
        )
        .map((elements) => JSON.stringify({ design_scene: { elements } })),
      fc.string({ maxLength: 200 }).map((rest) => `{${rest}`),
    )
    .map((scene) => asJson({ type: 'contextual_update', text: scene })),
);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * The voice service as its own process (as the launcher runs it), so that a frame that used to
 * kill it shows as an exit here, not as a failure inside the test's process.
 */
describe('voice: no frame a client can send stops the service', () => {
  let env: TestEnvironment;
  let voice: ChildProcess;
  let service: { url: string };
  let exited: { code: number | null; signal: string | null } | undefined;
  let stderr = '';
  let user: TestUser;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    const port = await freePort();
    service = { url: `http://127.0.0.1:${port}` };
    voice = spawn(process.execPath, [path.join(__dirname, 'source-main.js'), path.join(__dirname, '..', 'src', 'main.ts')], {
      env: {
        ...process.env,
        ...env.env('voice', {
          PORT: String(port),
          VOICE_ASR_COMMAND: 'none',
          VOICE_STARTER_CREDITS: '1000',
          VOICE_AUDIO_AHEAD_MS: '1000',
          // Random audio must not add up to answers that carry the interview to its goodbye.
          VOICE_END_OF_TURN_MS: '600000',
        }),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    voice.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    voice.once('exit', (code, signal) => (exited = { code, signal }));
    await waitFor(async () => {
      if (exited) throw new Error(`voice exited (${JSON.stringify(exited)}): ${stderr}`);
      return fetch(`${service.url}/readyz`).then(
        (res) => res.ok,
        () => false,
      );
    }, 90_000);
    user = env.newUser();
  });

  afterAll(async () => {
    if (!exited) {
      voice.kill('SIGTERM');
      await once(voice, 'exit');
    }
    await env.close();
  });

  const alive = () => {
    if (exited) throw new Error(`voice exited (${JSON.stringify(exited)}): ${stderr}`);
    return true;
  };

  /** A call connected and initiated, its first question asked. */
  const call = async () => {
    const started = await request(service.url)
      .get('/api/elevenlabs/signed-url')
      .set(await env.authHeader(user))
      .expect(200);
    const client = new AgentClient(service, started.body.signedUrl);
    await client.opened;
    client.initiate();
    await client.waitForType('agent_response');
    return client;
  };

  /** Resolves once the agent has handled every frame sent before (its answer to a marker frame arrived). */
  const handled = async (client: AgentClient, marker: string) => {
    const answered = () => client.of('error').some((m) => (m.error_event as { message: string }).message.includes(marker));
    await waitFor(async () => {
      alive();
      client.sendRaw(JSON.stringify({ type: marker }));
      return waitFor(answered, 2_000).catch(() => false);
    }, 60_000);
  };

  it('answers 1,200 generated frames on a live call with protocol errors, and that call, another and a fresh one go on', async () => {
    const bystander = await call();
    const target = await call();
    let sent = 0;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: FRAMES_PER_RUN, maxLength: FRAMES_PER_RUN }), async (frames) => {
        for (const { data, binary } of frames) target.sendRaw(data, binary);
        sent += frames.length;
        await handled(target, `marker-${++run}`);
        expect(alive()).toBe(true);
        expect(target.open).toBe(true);
      }),
      { numRuns: RUNS, seed: 20_2026, endOnFailure: true },
    );
    expect(sent).toBeGreaterThanOrEqual(1_000);
    const errorTypes = new Set(target.of('error').map((m) => (m.error_event as { error_type: string }).error_type));
    expect(errorTypes).toContain('invalid_message');
    expect(errorTypes).toContain('message_too_long');
    expect(errorTypes).toContain('invalid_scene');
    for (const type of errorTypes)
      expect(['invalid_message', 'message_too_long', 'audio_faster_than_real_time', 'invalid_scene', 'scene_too_large']).toContain(type);

    // A text frame that is not UTF-8 and one of 5 MB end only their own call, with the protocol's codes.
    const garbled = await call();
    garbled.sendRaw(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
    expect((await garbled.closed).code).toBe(1007);
    const huge = await call();
    huge.sendRaw(JSON.stringify({ type: 'user_message', text: 'b'.repeat(5 * 1024 * 1024) }));
    expect((await huge.closed).code).toBe(1009);

    // The calls that were open go on: a typed answer gets the follow-up question.
    for (const client of [target, bystander]) {
      client.send({ type: 'user_message', text: 'I would use a hash map and count.' });
      await client.waitForType('agent_response', 2);
      expect(client.responses()[1]).toMatch(/^Thank you\./);
    }
    // And a fresh call works from its first frame.
    const fresh = await call();
    expect(fresh.messages[0].type).toBe('conversation_initiation_metadata');
    await fresh.waitForType('audio');
    fresh.send({ type: 'user_message', text: 'Happy to be here.' });
    await fresh.waitForType('agent_response', 2);
    for (const client of [target, bystander, fresh]) client.close();
    expect(alive()).toBe(true);
    expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
  });
});
