import { randomUUID } from 'node:crypto';
import { EventData, eventSchemas, EventType } from '@app/contracts';
import type { TestEnvironment } from '@app/service-kit/testing';
import { AckPolicy, connect, StringCodec } from 'nats';
import WebSocket from 'ws';
import type { Clock } from '../src';

/** Polls until `check` answers something truthy (0 and '' count as not yet). */
export async function waitFor<T>(check: () => Promise<T | undefined | null | false | 0> | T | undefined | null | false | 0, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A clock the test moves by hand (it does not move by itself). */
export class ManualClock implements Clock {
  private t = Date.now();
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

/** Publishes an event to this environment's stream as a producer's outbox relay would; `msgId` differing from the id gets past JetStream's dedup (a true redelivery). */
export async function publishEvent<T extends EventType>(env: TestEnvironment, type: T, data: EventData<T>, options: { id?: string; msgId?: string } = {}) {
  const envelope = { id: options.id ?? randomUUID(), type, occurred_at: new Date().toISOString(), version: 1, data: eventSchemas[type].parse(data) };
  const nc = await connect({ servers: env.natsUrl });
  try {
    await nc.jetstream().publish(`${env.prefix}.${type}`, new TextEncoder().encode(JSON.stringify(envelope)), { msgID: options.msgId ?? envelope.id });
  } finally {
    await nc.close();
  }
  return envelope;
}

const rate = 16_000;

/** A 220 Hz tone (voice to the agent's energy detector), 16-bit mono PCM at 16 kHz. */
export function tone(ms: number, amplitude = 4000): Buffer {
  const samples = Math.round((rate * ms) / 1000);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * 220 * i) / rate)), i * 2);
  return pcm;
}

/** Room noise well under the voice threshold. */
export function quiet(ms: number): Buffer {
  const samples = Math.round((rate * ms) / 1000);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round((Math.random() - 0.5) * 40), i * 2);
  return pcm;
}

export type AgentMessage = { type?: string; [key: string]: unknown };

/** A websocket client that speaks as @elevenlabs/client does, recording what the agent sends. */
export class AgentClient {
  readonly messages: AgentMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;
  autoPong = true;

  constructor(
    readonly url: string,
    protocols: string[] = ['convai'],
  ) {
    const ws = new WebSocket(`${url}${url.includes('?') ? '&' : '?'}source=js_sdk&version=1.25.0`, protocols);
    this.ws = ws;
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    this.closed = new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as AgentMessage;
      this.messages.push(message);
      if (message.type === 'ping' && this.autoPong) this.send({ type: 'pong', event_id: (message.ping_event as { event_id: number }).event_id });
    });
  }

  private readonly ws: WebSocket;

  get protocol(): string {
    return this.ws.protocol;
  }

  send(message: unknown): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  initiate(): void {
    this.send({ type: 'conversation_initiation_client_data', source_info: { source: 'js_sdk', version: '1.25.0' } });
  }

  /** Sends audio as the browser does: quarter-second user_audio_chunk frames. */
  speak(pcm: Buffer): void {
    for (let offset = 0; offset < pcm.length; offset += 8192) this.send({ user_audio_chunk: pcm.subarray(offset, offset + 8192).toString('base64') });
  }

  of(type: string): AgentMessage[] {
    return this.messages.filter((m) => m.type === type);
  }

  /** Agent lines so far (agent_response texts). */
  responses(): string[] {
    return this.of('agent_response').map((m) => (m.agent_response_event as { agent_response: string }).agent_response);
  }

  waitForType(type: string, count = 1, timeoutMs = 15_000): Promise<AgentMessage[]> {
    return waitFor(() => (this.of(type).length >= count ? this.of(type) : undefined), timeoutMs);
  }

  close(code = 1000): void {
    this.ws.close(code);
  }
}

/** Every event published in this environment's stream under `subject` (e.g. "voice.session.*"), oldest first. */
export async function publishedEvents(env: TestEnvironment, subject: string): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
  const nc = await connect({ servers: env.natsUrl });
  try {
    const stream = `${env.prefix}_EVENTS`;
    const info = await (
      await nc.jetstreamManager()
    ).consumers.add(stream, {
      filter_subject: `${env.prefix}.${subject}`,
      ack_policy: AckPolicy.None,
      inactive_threshold: 10_000_000_000,
    });
    const consumer = await nc.jetstream().consumers.get(stream, info.name);
    const events = [];
    for (let pending = info.num_pending; pending > 0; pending--) {
      const msg = await consumer.next({ expires: 2000 });
      if (!msg) break;
      events.push(JSON.parse(StringCodec().decode(msg.data)));
    }
    return events;
  } finally {
    await nc.close();
  }
}
