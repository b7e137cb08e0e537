import { Inject, Injectable } from '@nestjs/common';
import { TranscriptEntry, transcriptEntrySchema } from '@app/contracts';
import { SERVICE_CONFIG } from '@app/service-kit';
import { z } from 'zod';
import type { VoiceConfig } from '../config';

const signedUrlAnswer = z.object({ signed_url: z.string().url(), conversation_id: z.string().min(1).max(200).optional() });
const conversationAnswer = z.object({
  status: z.string().optional(),
  transcript: z.array(z.object({ role: z.string(), message: z.string().nullable().optional(), time_in_call_secs: z.number().optional() })).default([]),
  metadata: z.object({ call_duration_secs: z.number().optional(), start_time_unix_secs: z.number().optional() }).partial().default({}),
  analysis: z.object({ transcript_summary: z.string().nullable().optional() }).partial().nullable().optional(),
});

export interface ElevenLabsConversation {
  transcript: TranscriptEntry[];
  durationSeconds: number | null;
  summary: string | null;
}

/** ElevenLabs' Conversational AI API: a signed websocket URL per call, and the call's transcript afterwards. */
@Injectable()
export class ElevenLabsClient {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: VoiceConfig) {}

  /** On when both the key and the agent are configured; otherwise the local interviewer answers. */
  get enabled(): boolean {
    return Boolean(this.config.ELEVENLABS_API_KEY && this.config.ELEVENLABS_AGENT_ID);
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
    const answer = conversationAnswer.parse(await response.json());
    const transcript = answer.transcript.flatMap((line) => {
      const entry = transcriptEntrySchema.safeParse({
        role: line.role,
        message: line.message ?? '',
        time_in_call_secs: Math.floor(line.time_in_call_secs ?? 0),
      });
      return entry.success && entry.data.message ? [entry.data] : [];
    });
    const duration = answer.metadata.call_duration_secs;
    return {
      transcript,
      durationSeconds: duration === undefined ? null : Math.max(0, Math.round(duration)),
      summary: answer.analysis?.transcript_summary ?? null,
    };
  }

  private get(url: URL): Promise<Response> {
    return fetch(url, { headers: { 'xi-api-key': this.config.ELEVENLABS_API_KEY ?? '' }, signal: AbortSignal.timeout(10_000) });
  }
}
