import { createHmac } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';

/** What @elevenlabs/client sends first on the convai socket (reference-notes: ElevenLabs websocket). */
export interface InitiationData {
  type: 'conversation_initiation_client_data';
  conversation_config_override?: {
    agent?: { prompt?: { prompt?: string }; first_message?: string; language?: string };
    asr?: { keywords?: string[] };
    tts?: Record<string, unknown>;
  };
  dynamic_variables?: Record<string, string | number | boolean>;
  user_id?: string;
  source_info?: Record<string, unknown>;
}

type Line = { role: 'agent' | 'user'; message: string; time_in_call_secs: number };

/** ElevenLabs' record of one conversation, in the fields of GET /v1/convai/conversations/{id}. */
interface Conversation {
  conversation_id: string;
  agent_id: string;
  user_id: string | null;
  status: 'in-progress' | 'processing' | 'done';
  transcript: Line[];
  metadata: { start_time_unix_secs: number; call_duration_secs?: number };
  analysis?: Record<string, unknown>;
}

/** What the fake saw of one call on its socket: the browser's side of the protocol. */
export interface CallSeen {
  initiation?: InitiationData;
  audioBytes: number;
  pongs: number[];
  closedWith?: number;
}

const rate = 16_000;

/** The interviewer's "voice": a soft tone of `seconds`, 16 kHz 16-bit PCM, as audio events carry it. */
function tone(seconds: number): string {
  const pcm = Buffer.alloc(Math.round(rate * seconds) * 2);
  for (let i = 0; i < pcm.length / 2; i++) pcm.writeInt16LE(Math.round(3_000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  return pcm.toString('base64');
}

/**
 * ElevenLabs as the voice service and the browser meet it, on 127.0.0.1: the API the service calls
 * (get-signed-url with include_conversation_id, GET conversation, behind xi-api-key) and the convai
 * websocket its signed URLs open, speaking what @elevenlabs/client 1.25 expects. The interviewer
 * follows the page's overrides as an agent allowed them would: it opens with the first message,
 * and asks the prompt's first question once the candidate has spoken. Each call's record is made
 * from what the socket carried, so the service's checks read what the browser really sent.
 */
export class FakeElevenLabs {
  /** Every API call as "METHOD path?query", for what the service asked. */
  readonly calls: string[] = [];
  readonly conversations = new Map<string, Conversation>();
  readonly seen = new Map<string, CallSeen>();
  /** The hostile case: the next record names this user, whoever the browser said it was. */
  recordUserOverride?: string;
  url = '';
  private readonly handedOut = new Set<string>();
  private ids = 0;
  private server?: Server;
  private readonly wss = new WebSocketServer({ noServer: true, handleProtocols: (p) => (p.has('convai') ? 'convai' : false) });

  constructor(
    readonly apiKey: string,
    readonly agentId: string,
    /** What the candidate "said", as ElevenLabs' recogniser would transcribe the microphone. */
    private readonly heard = 'I am a backend engineer, I mostly build payment services in TypeScript.',
  ) {}

  async listen(): Promise<void> {
    this.server = createServer((req, res) => this.api(req, res));
    this.server.on('upgrade', (req, socket, head) => this.wss.handleUpgrade(req, socket, head, (ws) => this.call(ws, req)));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The websocket origin the gateway's CSP must allow (CSP_CONNECT_SRC). */
  get socketOrigin(): string {
    return this.url.replace(/^http/, 'ws');
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** How often the service read a conversation's record (its binding check, the end, the poller). */
  reads(conversationId: string): number {
    return this.calls.filter((c) => c === `GET /v1/convai/conversations/${conversationId}`).length;
  }

  /** ElevenLabs has analysed a finished call: the record is final, with the evaluation given. */
  analysed(conversationId: string, analysis: Record<string, unknown>): void {
    const conversation = this.conversations.get(conversationId)!;
    conversation.analysis = analysis;
    conversation.status = 'done';
  }

  /** The post_call_transcription delivery for a conversation, and its ElevenLabs-Signature (HMAC-SHA256 of "<t>.<body>"). */
  webhook(conversationId: string, secret: string): { body: string; signature: string } {
    const body = JSON.stringify({
      type: 'post_call_transcription',
      event_timestamp: Math.floor(Date.now() / 1000),
      data: { ...this.conversations.get(conversationId)!, has_audio: false, has_user_audio: false, has_response_audio: false },
    });
    const t = Math.floor(Date.now() / 1000);
    return { body, signature: `t=${t},v0=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}` };
  }

  private api(req: IncomingMessage, res: import('node:http').ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    this.calls.push(`${req.method} ${url.pathname}${url.search}`);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['xi-api-key'] !== this.apiKey) return json(401, { detail: { status: 'invalid_api_key' } });
    if (req.method === 'GET' && url.pathname === '/v1/convai/conversation/get-signed-url') {
      if (url.searchParams.get('agent_id') !== this.agentId) return json(404, { detail: 'agent not found' });
      const id = `conv_e2e_${++this.ids}_${Date.now().toString(36)}`;
      this.handedOut.add(id);
      return json(200, {
        signed_url: `${this.socketOrigin}/v1/convai/conversation?agent_id=${this.agentId}&conversation_signature=sig_${id}`,
        ...(url.searchParams.get('include_conversation_id') === 'true' ? { conversation_id: id } : {}),
      });
    }
    const match = /^\/v1\/convai\/conversations\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const conversation = this.conversations.get(decodeURIComponent(match[1]));
      if (!conversation) return json(404, { detail: { status: 'conversation_not_found' } });
      return json(200, { ...conversation, has_audio: false, has_user_audio: false, has_response_audio: false });
    }
    json(404, { detail: 'Not Found' });
  }

  /** One call on a signed URL: single use, convai subprotocol, the initiation before anything else. */
  private call(ws: WebSocket, req: IncomingMessage): void {
    const url = new URL(req.url ?? '/', this.url);
    const id = (url.searchParams.get('conversation_signature') ?? '').replace(/^sig_/, '');
    if (ws.protocol !== 'convai' || !this.handedOut.delete(id)) return ws.close(1008, 'invalid signed URL');
    const seen: CallSeen = { audioBytes: 0, pongs: [] };
    this.seen.set(id, seen);
    const opened = Date.now();
    const at = () => Math.floor((Date.now() - opened) / 1000);
    let conversation: Conversation | undefined;
    let eventId = 0;
    const say = (message: string) => {
      conversation!.transcript.push({ role: 'agent', message, time_in_call_secs: at() });
      ws.send(JSON.stringify({ type: 'agent_response', agent_response_event: { agent_response: message } }));
      ws.send(JSON.stringify({ type: 'audio', audio_event: { audio_base_64: tone(1.5), event_id: ++eventId } }));
    };
    let answered = false;
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (!conversation) {
        // Anything before the initiation is a protocol error on ElevenLabs' side too.
        if (frame.type !== 'conversation_initiation_client_data') return ws.close(1008, 'initiation expected');
        seen.initiation = frame;
        conversation = {
          conversation_id: id,
          agent_id: this.agentId,
          user_id: this.recordUserOverride ?? frame.user_id ?? null,
          status: 'in-progress',
          transcript: [],
          metadata: { start_time_unix_secs: Math.floor(opened / 1000) },
        };
        this.recordUserOverride = undefined;
        this.conversations.set(id, conversation);
        ws.send(
          JSON.stringify({
            type: 'conversation_initiation_metadata',
            conversation_initiation_metadata_event: { conversation_id: id, agent_output_audio_format: 'pcm_16000', user_input_audio_format: 'pcm_16000' },
          }),
        );
        ws.send(JSON.stringify({ type: 'ping', ping_event: { event_id: 1, ping_ms: 0 } }));
        say(frame.conversation_config_override?.agent?.first_message ?? 'Hello! Tell me about yourself.');
        return;
      }
      if (typeof frame.user_audio_chunk === 'string') {
        seen.audioBytes += Buffer.from(frame.user_audio_chunk, 'base64').length;
        // Three seconds of microphone after the greeting: the candidate answered; the interviewer asks its first question.
        if (!answered && seen.audioBytes >= 3 * rate * 2) {
          answered = true;
          conversation.transcript.push({ role: 'user', message: this.heard, time_in_call_secs: at() });
          ws.send(JSON.stringify({ type: 'user_transcript', user_transcription_event: { user_transcript: this.heard } }));
          const prompt = seen.initiation?.conversation_config_override?.agent?.prompt?.prompt ?? '';
          say(/Ask exactly: "([^"]+)"/.exec(prompt)?.[1] ?? 'Let us start with a technical question.');
        }
      } else if (frame.type === 'pong') seen.pongs.push(frame.event_id);
    });
    ws.on('close', (code) => {
      seen.closedWith = code;
      if (!conversation) return;
      // Over: ElevenLabs analyses the call (processing) until the test says it is done.
      conversation.status = 'processing';
      conversation.metadata.call_duration_secs = Math.max(1, at());
    });
  }
}
