import { voiceConstants } from '@app/contracts';

/** The socket as the conversation uses it (a `ws` WebSocket). */
export interface AgentSocket {
  readonly readyState: number;
  /** Bytes sent but not yet written to the network: a client that does not read makes it grow. */
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code: number, reason: string): void;
}

/** The audio both ways: pcm_16000, 16-bit mono. */
export const sampleRate = 16_000;
const audioFormat = voiceConstants.defaultInputFormat;
const open = 1;
/** Audio is sent in half-second events, as a streaming TTS would. */
const audioEventBytes = sampleRate;
/** Replies to bad frames are dropped while the client is not reading what it was sent. */
const maxUnreadBytes = 64 * 1024;

/**
 * What the interviewer sends, in ElevenLabs' websocket protocol as @elevenlabs/client reads it
 * (the client's frames are parsed in client-frames.ts): the initiation metadata, agent_response
 * and its audio events, interruptions, transcripts, the ping heartbeat, error events and the close.
 */
export class AgentProtocol {
  private pingId = 0;
  private readonly pingsSent = new Map<number, number>();
  private lastPingMs: number | null = null;

  constructor(private readonly socket: AgentSocket) {}

  initiationMetadata(conversationId: string): void {
    this.send({
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: {
        conversation_id: conversationId,
        agent_output_audio_format: audioFormat,
        user_input_audio_format: audioFormat,
      },
    });
  }

  /** The heartbeat: each ping carries the round trip of the last one answered. */
  ping(): void {
    const id = ++this.pingId;
    this.pingsSent.set(id, Date.now());
    this.send({ type: 'ping', ping_event: { event_id: id, ping_ms: this.lastPingMs } });
  }

  pong(id: number): void {
    const sent = this.pingsSent.get(id);
    if (sent === undefined) return;
    this.pingsSent.delete(id);
    this.lastPingMs = Date.now() - sent;
  }

  agentResponse(text: string): void {
    this.send({ type: 'agent_response', agent_response_event: { agent_response: text } });
  }

  /** One sentence's audio, in half-second events of the utterance `eventId`. */
  audio(audio: Buffer, eventId: number): void {
    for (let offset = 0; offset < audio.length; offset += audioEventBytes) {
      this.send({ type: 'audio', audio_event: { audio_base_64: audio.subarray(offset, offset + audioEventBytes).toString('base64'), event_id: eventId } });
    }
  }

  interruption(eventId: number): void {
    this.send({ type: 'interruption', interruption_event: { event_id: eventId } });
  }

  userTranscript(text: string): void {
    this.send({ type: 'user_transcript', user_transcription_event: { user_transcript: text } });
  }

  /** The client ends the session itself on this error. */
  maxDurationExceeded(minutes: number): void {
    this.send({
      type: 'error',
      error_event: { code: 1000, error_type: 'max_duration_exceeded', message: `The interview reached its ${minutes}-minute limit` },
    });
  }

  /** The protocol's error event (the client reports it and the call goes on); skipped while the client is not reading. */
  refuse(code: number, errorType: string, message: string): void {
    if (this.socket.bufferedAmount > maxUnreadBytes) return;
    this.send({ type: 'error', error_event: { code, error_type: errorType, message } });
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === open) this.socket.close(code, reason);
  }

  private send(message: unknown): void {
    if (this.socket.readyState === open) this.socket.send(JSON.stringify(message));
  }
}
