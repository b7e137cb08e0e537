import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { signWebhook } from '../src/elevenlabs/webhook-signature';

/** What the fake holds of one conversation, in the fields of ElevenLabs' GET conversation. */
export interface FakeConversation {
  agent_id: string;
  conversation_id: string;
  user_id?: string | null;
  /** Statuses still to come, one per read, the last one staying (initiated → in-progress → processing → done). */
  statuses: string[];
  transcript: Array<{ role: string; message: string | null; time_in_call_secs: number }>;
  metadata: { start_time_unix_secs?: number; call_duration_secs?: number };
  analysis?: Record<string, unknown>;
  conversation_initiation_client_data?: Record<string, unknown>;
}

/**
 * A stand-in for ElevenLabs' Conversational AI API on 127.0.0.1 (no network here), implementing
 * what the service calls as ElevenLabs documents it: GET /v1/convai/conversation/get-signed-url
 * (with include_conversation_id) and GET /v1/convai/conversations/{id}, both behind xi-api-key
 * (401 without it), a conversation's status moving on with each read, and the post-call webhook
 * (post_call_transcription, signed t=…,v0=… with HMAC-SHA256 of "<t>.<raw body>").
 */
export class FakeElevenLabs {
  readonly calls: string[] = [];
  readonly conversations = new Map<string, FakeConversation>();
  /** Answer get-signed-url without a conversation id (as before include_conversation_id existed). */
  withholdIds = false;
  failSignedUrl = false;
  private readonly nextIds: string[] = [];
  private handedOut = 0;
  private server?: Server;
  url = '';

  constructor(
    readonly apiKey: string,
    readonly agentId: string,
  ) {}

  async listen(): Promise<string> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      this.calls.push(`${req.method} ${url.pathname}${url.search}`);
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers['xi-api-key'] !== this.apiKey) return json(401, { detail: { status: 'invalid_api_key' } });
      if (req.method === 'GET' && url.pathname === '/v1/convai/conversation/get-signed-url') {
        if (this.failSignedUrl) return json(500, { detail: 'boom' });
        const agent = url.searchParams.get('agent_id');
        if (agent !== this.agentId) return json(404, { detail: 'agent not found' });
        const id = this.nextIds.shift() ?? `conv_handed_out_${++this.handedOut}`;
        const withId = url.searchParams.get('include_conversation_id') === 'true' && !this.withholdIds;
        return json(200, {
          signed_url: `wss://api.elevenlabs.io/v1/convai/conversation?agent_id=${agent}&conversation_signature=sig_${id}`,
          ...(withId ? { conversation_id: id } : {}),
        });
      }
      const match = /^\/v1\/convai\/conversations\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        const conversation = this.conversations.get(decodeURIComponent(match[1]));
        if (!conversation) return json(404, { detail: { status: 'conversation_not_found' } });
        return json(200, this.read(conversation));
      }
      return json(404, { detail: 'Not Found' });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The conversation the next signed URL opens (else a new id nobody connects to). */
  opens(conversationId: string): void {
    this.nextIds.push(conversationId);
  }

  /** A conversation ElevenLabs holds, as the browser's connection makes it (status initiated, then in progress). */
  connect(conversationId: string, options: Partial<Omit<FakeConversation, 'conversation_id'>> = {}): FakeConversation {
    const conversation: FakeConversation = {
      agent_id: this.agentId,
      conversation_id: conversationId,
      statuses: ['initiated', 'in-progress'],
      transcript: [],
      metadata: { start_time_unix_secs: Math.floor(Date.now() / 1000) },
      ...options,
    };
    this.conversations.set(conversationId, conversation);
    return conversation;
  }

  /** The call is over: ElevenLabs analyses it (processing, `processingReads` reads), then it is done. */
  hangUp(
    conversationId: string,
    call: { transcript: FakeConversation['transcript']; duration: number; analysis?: Record<string, unknown>; status?: 'done' | 'failed' },
    processingReads = 2,
  ): void {
    const conversation = this.conversations.get(conversationId)!;
    conversation.transcript = call.transcript;
    conversation.metadata = { ...conversation.metadata, call_duration_secs: call.duration };
    conversation.analysis = call.analysis;
    conversation.statuses = [...Array<string>(processingReads).fill('processing'), call.status ?? 'done'];
  }

  /** How many reads the API answered for a conversation. */
  reads(conversationId: string): number {
    return this.calls.filter((c) => c === `GET /v1/convai/conversations/${conversationId}`).length;
  }

  /** The post_call_transcription body ElevenLabs sends for a conversation (its record as it now stands, status done). */
  webhookBody(conversationId: string): string {
    const conversation = this.conversations.get(conversationId)!;
    const { statuses: _statuses, ...record } = conversation;
    return JSON.stringify({
      type: 'post_call_transcription',
      event_timestamp: Math.floor(Date.now() / 1000),
      data: { ...record, status: 'done', has_audio: false, has_user_audio: false, has_response_audio: false },
    });
  }

  /** Delivers a post-call webhook as ElevenLabs does, signed with `secret` at `timestamp` (default: now). */
  async deliver(
    target: string,
    secret: string,
    body: string,
    options: { timestamp?: number; signature?: string } = {},
  ): Promise<{ status: number; body: unknown }> {
    const signature = options.signature ?? signWebhook(body, secret, options.timestamp ?? Math.floor(Date.now() / 1000));
    const res = await fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/json', 'ElevenLabs-Signature': signature }, body });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  private read(conversation: FakeConversation) {
    const status = conversation.statuses.length > 1 ? conversation.statuses.shift()! : conversation.statuses[0];
    const { statuses: _statuses, ...record } = conversation;
    return { ...record, status, has_audio: false, has_user_audio: false, has_response_audio: false };
  }
}
