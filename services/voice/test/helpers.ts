import { waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import WebSocket from 'ws';
import type { Clock } from '../src';

/** A clock the test moves by hand (it does not move by itself). */
export class ManualClock implements Clock {
  private t = Date.now();
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
  set(ms: number): void {
    this.t = ms;
  }
}

const rate = 16_000;

/** A tone, 220 Hz unless told (voice to the agent's energy detector), 16-bit mono PCM at 16 kHz. */
export function tone(ms: number, amplitude = 4000, hz = 220): Buffer {
  const samples = Math.round((rate * ms) / 1000);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate)), i * 2);
  return pcm;
}

/**
 * What test/fake-recogniser.cjs hears in a tone of each pitch: a finished sentence, one left
 * unfinished (a trailing "and"), "I'm done", and no word at all.
 */
export const said = {
  finished: (ms: number) => tone(ms, 4000, 220),
  unfinished: (ms: number) => tone(ms, 4000, 330),
  done: (ms: number) => tone(ms, 4000, 440),
  mumble: (ms: number) => tone(ms, 4000, 660),
};

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

  /** `url` as the service signed it (relative without PUBLIC_URL) is resolved against `service`, as a browser resolves it against the page. */
  constructor(
    service: { url: string },
    readonly url: string,
    protocols: string[] = ['convai'],
  ) {
    const absolute = new URL(url, service.url.replace(/^http/, 'ws')).toString();
    const ws = new WebSocket(`${absolute}${absolute.includes('?') ? '&' : '?'}source=js_sdk&version=1.25.0`, protocols);
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

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(message: unknown): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  /** A frame as given: any text (JSON or not, even invalid UTF-8 as bytes) or a binary frame. */
  sendRaw(data: string | Buffer, binary = false): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(data, { binary });
  }

  /** Audio as a browser streams it: each quarter-second chunk once its duration has passed. */
  async speakAtRealTime(pcm: Buffer): Promise<void> {
    for (let offset = 0; offset < pcm.length; offset += 8192) {
      const chunk = pcm.subarray(offset, offset + 8192);
      await new Promise((resolve) => setTimeout(resolve, (chunk.length / 2 / rate) * 1000));
      this.send({ user_audio_chunk: chunk.toString('base64') });
    }
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

  /** The connection cut without a closing handshake, as when the network or the browser goes away (1006 on the agent's side). */
  terminate(): void {
    this.ws.terminate();
  }
}

/**
 * Every sentence of what the interviewer is saying has arrived: speech is made a sentence at a
 * time, and a manual clock must not jump while the later ones are still being made.
 */
export async function spoken(call: AgentClient): Promise<void> {
  let before = -1;
  while (call.of('audio').length !== before) {
    before = call.of('audio').length;
    await new Promise((r) => setTimeout(r, 700));
  }
}

/** A user's AI interview credits, as GET /api/voice/credits tells them. */
export async function creditBalance(voiceUrl: string, auth: Record<string, string>): Promise<number> {
  const res = await request(voiceUrl).get('/api/voice/credits').set(auth).expect(200);
  return res.body.balance as number;
}
