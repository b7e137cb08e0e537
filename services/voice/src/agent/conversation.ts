import { TranscriptEntry, voiceConstants, voiceMessages, VoiceReport } from '@app/contracts';
import type { Clock } from '../clock';
import { reportFor } from '../sessions/sessions.service';
import { boundTurn } from '../sessions/transcript-bounds';
import { ClientFrame, parseClientFrame, protocolErrorType, userMessageMax } from './client-frames';
import type { InterviewPlan } from './plan';
import { TurnTaking } from './turn-taking';

/** The socket as the conversation uses it (a `ws` WebSocket). */
export interface AgentSocket {
  readonly readyState: number;
  /** Bytes sent but not yet written to the network: a client that does not read makes it grow. */
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code: number, reason: string): void;
}

export interface ConversationDeps {
  speak(text: string): Promise<Buffer>;
  /** undefined: no recogniser installed (or it failed). */
  transcribe(pcm: Buffer, sampleRate: number): Promise<string | undefined>;
  clock: Clock;
  pingIntervalMs: number;
  endOfTurnMs: number;
  /** Audio a client may send ahead of real time (network jitter); what comes faster is dropped. */
  audioAheadMs: number;
  /** Milliseconds of a monotonic clock: the pace of incoming audio is real time, whatever `clock` says. */
  monotonicNow(): number;
  /** A turn was exchanged (the interviewer spoke, or the candidate answered): what the refund rule reads. */
  turnTaken(role: TranscriptEntry['role']): void;
}

export type ConversationEnd = 'user' | 'agent' | 'time_limit' | 'error';

export interface ConversationResult {
  reason: ConversationEnd;
  transcript: TranscriptEntry[];
  report: VoiceReport;
}

const sampleRate = 16_000;
const audioFormat = voiceConstants.defaultInputFormat;
const open = 1;
/** Audio is sent in half-second events, as a streaming TTS would. */
const audioEventBytes = sampleRate;
const limitMs = voiceConstants.sessionLimitMinutes * 60_000;
const initiationTimeoutMs = 15_000;
/** Silence after a question before the interviewer invites the answer. */
const silenceNudgeMs = 30_000;
/** A client still sending audio too fast is told again after this long. */
const tooFastReminderMs = 10_000;
/** Replies to bad frames are dropped while the client is not reading what it was sent. */
const maxUnreadBytes = 64 * 1024;

interface Prompt {
  text: string;
  /** A new question (counted in the report), not a follow-up or the goodbye. */
  question: boolean;
  last: boolean;
}

/**
 * One call with the local interviewer, in ElevenLabs' websocket protocol as @elevenlabs/client
 * speaks it: the initiation handshake, then per turn an agent_response and its pcm_16000 audio,
 * the candidate's turn found by voice activity, barge-in as an interruption, a ping heartbeat, the
 * goodbye and a 1000 close after the last question, and max_duration_exceeded at 20 minutes.
 */
export class InterviewConversation {
  private readonly prompts: Prompt[];
  private next = 0;
  private eventId = 0;
  private pingId = 0;
  private readonly pingsSent = new Map<number, number>();
  private lastPingMs: number | null = null;
  private speakingUntil = 0;
  /** True from the moment the agent decides to speak until its audio is sent: voice is not a turn then. */
  private preparing = false;
  private initiated = false;
  private ending?: ConversationEnd;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly turns: TurnTaking;
  private readonly transcript: TranscriptEntry[] = [];
  private readonly pending: Array<Promise<void>> = [];
  private speakingMs = 0;
  private answerStartedAt = 0;
  private nudged = false;
  private questionsAsked = 0;
  private readonly audioBudget: RealTimeBudget;
  /** When the client was last told its audio comes too fast (a flood gets one error, not one per chunk). */
  private toldTooFastAt?: number;
  private readonly done: Promise<ConversationResult>;
  private resolveDone!: (result: ConversationResult) => void;
  private readonly over: Promise<ConversationEnd>;
  private resolveOver!: (reason: ConversationEnd) => void;

  constructor(
    private readonly socket: AgentSocket,
    private readonly conversationId: string,
    plan: InterviewPlan,
    private readonly connectedAt: number,
    private readonly deps: ConversationDeps,
  ) {
    this.prompts = [];
    plan.questions.forEach((q, i) => {
      const lead = i === 0 ? `${plan.greeting} ` : i === 1 ? 'Thank you. Now, a different question. ' : 'Thanks. Next question. ';
      this.prompts.push({ text: `${lead}${q.question}`, question: true, last: false });
      this.prompts.push({ text: `Thank you. ${q.followUp}`, question: false, last: false });
    });
    this.prompts.push({ text: plan.goodbye, question: false, last: true });
    this.turns = new TurnTaking({
      sampleRate,
      startMs: 100,
      bargeInMs: 400,
      endOfTurnMs: deps.endOfTurnMs,
      minVoiceMs: 250,
      preRollMs: 300,
      maxTurnMs: 180_000,
    });
    this.audioBudget = new RealTimeBudget(deps.audioAheadMs, deps.monotonicNow);
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
    this.over = new Promise((resolve) => (this.resolveOver = resolve));
    // The client sends its initiation data as soon as the socket opens; a socket that never does is not a call.
    this.later(() => {
      if (!this.initiated) this.close(1008, 'no conversation initiation received');
    }, initiationTimeoutMs);
  }

  /** Settles as soon as the socket has closed, with why. */
  get ended(): Promise<ConversationEnd> {
    return this.over;
  }

  /** Settles once the socket has closed and every answer is transcribed. */
  get result(): Promise<ConversationResult> {
    return this.done;
  }

  /** One text frame from the client: a frame outside the protocol is answered with an error event, never thrown. */
  receive(raw: string): void {
    this.handle(parseClientFrame(raw));
  }

  /** The protocol is JSON text: a binary frame is answered like any other frame outside it. */
  receiveBinary(): void {
    this.handle({ kind: 'invalid', reason: 'binary frames are not part of the protocol (send JSON text)' });
  }

  private handle(frame: ClientFrame): void {
    if (frame.kind === 'invalid') return this.refuse(1003, protocolErrorType, frame.reason);
    if (!this.initiated) {
      if (frame.kind === 'initiation') this.initiate();
      return;
    }
    if (frame.kind === 'audio') this.hearAtRealTime(frame.pcm);
    else if (frame.kind === 'pong') this.pong(frame.eventId);
    else if (frame.kind === 'user_message') this.typed(frame.text);
  }

  /** The user ended the call from the page (the sessions service was told first). */
  hangUp(): void {
    this.ending ??= 'user';
    this.close(1000, 'ended by the candidate');
  }

  /** The 20-minute limit: the client ends the session itself on this error; the close is a fallback. */
  timeUp(): void {
    if (this.ending) return;
    this.ending = 'time_limit';
    this.send({
      type: 'error',
      error_event: { code: 1000, error_type: 'max_duration_exceeded', message: `The interview reached its ${voiceConstants.sessionLimitMinutes}-minute limit` },
    });
    this.later(() => this.close(1000, 'max duration exceeded'), 2_000);
  }

  /** The socket closed (whoever closed it): stop, finish the transcripts, and report. */
  closed(code: number): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.ending ??= code === 1000 || code === 1005 ? 'user' : 'error';
    const reason = this.ending;
    this.resolveOver(reason);
    void Promise.allSettled(this.pending).then(() => {
      const transcript = [...this.transcript].sort((a, b) => a.time_in_call_secs - b.time_in_call_secs);
      this.resolveDone({
        reason,
        transcript,
        report: reportFor(transcript, null, this.questionsAsked, this.speakingMs / 1000),
      });
    });
  }

  private initiate(): void {
    this.initiated = true;
    this.send({
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: {
        conversation_id: this.conversationId,
        agent_output_audio_format: audioFormat,
        user_input_audio_format: audioFormat,
      },
    });
    const ping = setInterval(() => this.ping(), this.deps.pingIntervalMs);
    const limit = setInterval(() => {
      if (this.deps.clock.now() - this.connectedAt >= limitMs) this.timeUp();
      else this.nudgeIfSilent();
    }, 1_000);
    this.timers.push(ping, limit);
    void this.speakNext();
  }

  private ping(): void {
    const id = ++this.pingId;
    this.pingsSent.set(id, Date.now());
    this.send({ type: 'ping', ping_event: { event_id: id, ping_ms: this.lastPingMs } });
  }

  private pong(id: number): void {
    const sent = this.pingsSent.get(id);
    if (sent === undefined) return;
    this.pingsSent.delete(id);
    this.lastPingMs = Date.now() - sent;
  }

  /** Audio faster than real time (beyond the allowance) is dropped, and the client told (at most every few seconds). */
  private hearAtRealTime(pcm: Buffer): void {
    if (this.audioBudget.take((pcm.length / 2 / sampleRate) * 1000)) return this.hear(pcm);
    const now = this.deps.monotonicNow();
    if (this.toldTooFastAt !== undefined && now - this.toldTooFastAt < tooFastReminderMs) return;
    this.toldTooFastAt = now;
    this.refuse(1008, 'audio_faster_than_real_time', 'audio arrives faster than real time: chunks beyond it are dropped');
  }

  private hear(pcm: Buffer): void {
    if (this.ending || this.preparing || this.next >= this.prompts.length) {
      this.turns.reset();
      return;
    }
    const agentSpeaking = this.deps.clock.now() < this.speakingUntil;
    for (const event of this.turns.push(pcm, agentSpeaking)) {
      if (event.type === 'started') {
        if (event.whileAgentSpeaking) this.interrupt();
        this.answerStartedAt = this.secondsInCall();
      } else {
        this.answered(event.audio, event.voiceMs);
      }
    }
  }

  private interrupt(): void {
    this.speakingUntil = 0;
    this.send({ type: 'interruption', interruption_event: { event_id: this.eventId } });
  }

  private answered(audio: Buffer, voiceMs: number): void {
    this.speakingMs += voiceMs;
    const entry: TranscriptEntry = { role: 'user', message: '', time_in_call_secs: this.answerStartedAt };
    this.transcript.push(entry);
    this.deps.turnTaken('user');
    this.pending.push(
      this.deps.transcribe(audio, sampleRate).then((text) => {
        entry.message = boundTurn(text === undefined ? voiceMessages.notTranscribed : text || '(no words recognised)');
        this.send({ type: 'user_transcript', user_transcription_event: { user_transcript: entry.message } });
      }),
    );
    void this.speakNext();
  }

  /** A typed answer longer than the contract's bound is refused (not cut): the candidate can shorten it. */
  private typed(raw: string): void {
    const text = raw.trim();
    if (text.length > userMessageMax) {
      return this.refuse(1009, 'message_too_long', `a typed answer can be at most ${userMessageMax.toLocaleString('en')} characters; this one was not taken`);
    }
    if (!text || this.ending || this.preparing || this.next >= this.prompts.length) return;
    this.transcript.push({ role: 'user', message: text, time_in_call_secs: this.secondsInCall() });
    this.deps.turnTaken('user');
    void this.speakNext();
  }

  /** Once per question, a candidate silent long after it was asked is invited to answer (it is not repeated). */
  private nudgeIfSilent(): void {
    if (this.ending || this.preparing || this.nudged || this.turns.talking || this.next >= this.prompts.length) return;
    if (this.deps.clock.now() - this.speakingUntil < silenceNudgeMs) return;
    this.nudged = true;
    void this.say({ text: 'Take your time. Whenever you are ready, please go ahead with your answer.', question: false, last: false });
  }

  private async speakNext(): Promise<void> {
    const prompt = this.prompts[this.next++];
    if (!prompt) return;
    this.nudged = false;
    await this.say(prompt);
  }

  private async say(prompt: Prompt): Promise<void> {
    this.preparing = true;
    this.turns.reset();
    const id = ++this.eventId;
    if (prompt.question) this.questionsAsked++;
    this.transcript.push({ role: 'agent', message: prompt.text, time_in_call_secs: this.secondsInCall() });
    let audio: Buffer;
    try {
      audio = await this.deps.speak(prompt.text);
    } catch {
      audio = Buffer.alloc(0);
    }
    this.preparing = false;
    if (this.ending) return;
    this.send({ type: 'agent_response', agent_response_event: { agent_response: prompt.text } });
    this.deps.turnTaken('agent');
    for (let offset = 0; offset < audio.length; offset += audioEventBytes) {
      this.send({ type: 'audio', audio_event: { audio_base_64: audio.subarray(offset, offset + audioEventBytes).toString('base64'), event_id: id } });
    }
    const durationMs = (audio.length / 2 / sampleRate) * 1000;
    this.speakingUntil = this.deps.clock.now() + durationMs;
    if (prompt.last) {
      this.ending = 'agent';
      // The browser plays what it has buffered; closing earlier would cut the goodbye off.
      this.later(() => this.close(1000, 'interview complete'), durationMs + 750);
    }
  }

  private secondsInCall(): number {
    return Math.max(0, Math.floor((this.deps.clock.now() - this.connectedAt) / 1000));
  }

  private later(work: () => void, ms: number): void {
    this.timers.push(setTimeout(work, ms));
  }

  private send(message: unknown): void {
    if (this.socket.readyState === open) this.socket.send(JSON.stringify(message));
  }

  /** The protocol's error event (the client reports it and the call goes on); skipped while the client is not reading. */
  private refuse(code: number, errorType: string, message: string): void {
    if (this.socket.bufferedAmount > maxUnreadBytes) return;
    this.send({ type: 'error', error_event: { code, error_type: errorType, message } });
  }

  private close(code: number, reason: string): void {
    if (this.socket.readyState === open) this.socket.close(code, reason);
  }
}

/**
 * Audio accepted at no more than real time: a token bucket in milliseconds of audio, filled by the
 * wall clock and holding at most `aheadMs` (so silence cannot be saved up for a flood later).
 */
export class RealTimeBudget {
  private availableMs: number;
  private last: number;

  constructor(
    private readonly aheadMs: number,
    private readonly now: () => number,
  ) {
    this.availableMs = aheadMs;
    this.last = now();
  }

  take(audioMs: number): boolean {
    const t = this.now();
    this.availableMs = Math.min(this.aheadMs, this.availableMs + (t - this.last));
    this.last = t;
    if (audioMs > this.availableMs) return false;
    this.availableMs -= audioMs;
    return true;
  }
}
