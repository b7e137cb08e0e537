import { Inject, Injectable } from '@nestjs/common';
import { CallEvaluation, TranscriptEntry, transcriptEntrySchema } from '@app/contracts';
import { SERVICE_CONFIG } from '@app/service-kit';
import { z } from 'zod';
import type { VoiceConfig } from '../config';

const signedUrlAnswer = z.object({ signed_url: z.string().url(), conversation_id: z.string().min(1).max(200).optional() });

const text = (max: number) => z.string().max(max);
/**
 * ElevenLabs' record of a conversation as GET /v1/convai/conversations/{id} answers it and the
 * post-call webhook's `data` carries it (the same shape): only the fields the service reads, each
 * bounded, so a flood of anything else costs nothing.
 */
const conversationRecord = z.object({
  agent_id: text(200).nullish(),
  conversation_id: text(200).nullish(),
  status: text(50).nullish(),
  user_id: text(200).nullish(),
  transcript: z
    .array(z.object({ role: text(20), message: z.string().nullish(), time_in_call_secs: z.number().nullish() }).passthrough())
    .max(2_000)
    .nullish(),
  metadata: z.object({ call_duration_secs: z.number().nullish(), start_time_unix_secs: z.number().nullish() }).passthrough().nullish(),
  analysis: z
    .object({
      transcript_summary: z.string().nullish(),
      evaluation_criteria_results: z
        .record(z.string(), z.object({ criteria_id: z.string().nullish(), result: z.string().nullish(), rationale: z.string().nullish() }).passthrough())
        .nullish(),
      data_collection_results: z
        .record(z.string(), z.object({ data_collection_id: z.string().nullish(), value: z.unknown(), rationale: z.string().nullish() }).passthrough())
        .nullish(),
    })
    .passthrough()
    .nullish(),
  conversation_initiation_client_data: z
    .object({ user_id: text(200).nullish() })
    .passthrough()
    .nullish(),
});

/** ElevenLabs' statuses: the call runs (initiated, in-progress), is analysed (processing), then is final (done, failed). */
const finalStatuses = new Set(['done', 'failed']);

export interface ElevenLabsConversation {
  conversationId: string | null;
  agentId: string | null;
  /** The app user's id the page passed as userId (ElevenLabs keeps it as user_id). */
  userId: string | null;
  status: string | null;
  /** done or failed: the transcript and analysis will not change any more. */
  final: boolean;
  /** When the call started, ms since the epoch; null when ElevenLabs did not say. */
  startedAt: number | null;
  transcript: TranscriptEntry[];
  durationSeconds: number | null;
  summary: string | null;
  evaluation: CallEvaluation;
}

const boundedText = (value: string | null | undefined, max = 2_000) => (value ?? '').slice(0, max);

/** A record (from the API or a webhook) as the service uses it; throws when it is not one. */
export function readConversation(json: unknown): ElevenLabsConversation {
  const answer = conversationRecord.parse(json);
  const transcript = (answer.transcript ?? []).flatMap((line) => {
    const entry = transcriptEntrySchema.safeParse({
      role: line.role,
      message: line.message ?? '',
      time_in_call_secs: Math.max(0, Math.floor(line.time_in_call_secs ?? 0)),
    });
    return entry.success && entry.data.message ? [entry.data] : [];
  });
  const duration = answer.metadata?.call_duration_secs;
  const start = answer.metadata?.start_time_unix_secs;
  const analysis = answer.analysis;
  const results = ['success', 'failure', 'unknown'] as const;
  const evaluation: CallEvaluation = {
    criteria: Object.entries(analysis?.evaluation_criteria_results ?? {})
      .slice(0, 50)
      .map(([id, c]) => ({
        id: boundedText(c.criteria_id ?? id, 200),
        result: results.find((r) => r === c.result) ?? 'unknown',
        rationale: boundedText(c.rationale),
      })),
    data: Object.entries(analysis?.data_collection_results ?? {})
      .slice(0, 50)
      .map(([id, d]) => ({
        id: boundedText(d.data_collection_id ?? id, 200),
        value: typeof d.value === 'string' ? boundedText(d.value) : typeof d.value === 'number' || typeof d.value === 'boolean' ? d.value : null,
        rationale: boundedText(d.rationale),
      })),
  };
  return {
    conversationId: answer.conversation_id ?? null,
    agentId: answer.agent_id ?? null,
    userId: answer.user_id ?? answer.conversation_initiation_client_data?.user_id ?? null,
    status: answer.status ?? null,
    final: finalStatuses.has(answer.status ?? ''),
    startedAt: typeof start === 'number' && Number.isFinite(start) ? Math.round(start * 1000) : null,
    transcript,
    durationSeconds: typeof duration === 'number' && Number.isFinite(duration) ? Math.max(0, Math.round(duration)) : null,
    summary: analysis?.transcript_summary ? boundedText(analysis.transcript_summary, 5_000) : null,
    evaluation,
  };
}

/** ElevenLabs' Conversational AI API: a signed websocket URL per call, and the call's record. */
@Injectable()
export class ElevenLabsClient {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: VoiceConfig) {}

  /** On when both the key and the agent are configured; otherwise the local interviewer answers. */
  get enabled(): boolean {
    return Boolean(this.config.ELEVENLABS_API_KEY && this.config.ELEVENLABS_AGENT_ID);
  }

  /** The agent whose conversations this app holds: a record of any other agent is not ours. */
  get agentId(): string | undefined {
    return this.config.ELEVENLABS_AGENT_ID;
  }

  /**
   * A single-use URL and, asked for with include_conversation_id, the id of the conversation it
   * opens: the server then reads that call's record itself instead of taking the browser's word.
   */
  async signedUrl(): Promise<{ signedUrl: string; conversationId: string | null }> {
    const url = new URL('/v1/convai/conversation/get-signed-url', this.config.ELEVENLABS_API_URL);
    url.searchParams.set('agent_id', this.config.ELEVENLABS_AGENT_ID ?? '');
    url.searchParams.set('include_conversation_id', 'true');
    const response = await this.get(url);
    if (!response.ok) throw new Error(`ElevenLabs signed URL: HTTP ${response.status}`);
    const answer = signedUrlAnswer.parse(await response.json());
    return { signedUrl: answer.signed_url, conversationId: answer.conversation_id ?? null };
  }

  /** The call as ElevenLabs recorded it; undefined when it has no such conversation (it never connected). */
  async conversation(conversationId: string): Promise<ElevenLabsConversation | undefined> {
    const url = new URL(`/v1/convai/conversations/${encodeURIComponent(conversationId)}`, this.config.ELEVENLABS_API_URL);
    const response = await this.get(url);
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`ElevenLabs conversation: HTTP ${response.status}`);
    return readConversation(await response.json());
  }

  private get(url: URL): Promise<Response> {
    return fetch(url, { headers: { 'xi-api-key': this.config.ELEVENLABS_API_KEY ?? '' }, signal: AbortSignal.timeout(10_000) });
  }
}
