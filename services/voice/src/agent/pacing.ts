import type { Clock } from '../clock';
import { sampleRate } from './protocol';

/** Before the chosen length ends, the interview skips to the candidate's questions. */
const wrapUpMs = 3 * 60_000;
/** The time a question asked only when time allows needs before the wrap-up: its answer and a probe or two. */
const extraQuestionMs = 3 * 60_000;
/** Silence after a question before the interviewer invites the answer. */
const silenceNudgeMs = 30_000;
/** A client still sending audio too fast is told again after this long. */
const tooFastReminderMs = 10_000;

interface PacingSettings {
  clock: Clock;
  connectedAt: number;
  /** The interview's chosen length. */
  minutes: number;
  /** Audio a client may send ahead of real time (network jitter); what comes faster is dropped. */
  audioAheadMs: number;
  /** Milliseconds of a monotonic clock: the pace of incoming audio is real time, whatever `clock` says. */
  monotonicNow(): number;
}

/**
 * The call's time: its timers (all stopped when it ends), the chosen length with its wrap-up and
 * its limit, the silence that invites an answer, and incoming audio held to real time.
 */
export class CallPacing {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly audioBudget: RealTimeBudget;
  /** When the client was last told its audio comes too fast (a flood gets one error, not one per chunk). */
  private toldTooFastAt?: number;

  constructor(private readonly settings: PacingSettings) {
    this.audioBudget = new RealTimeBudget(settings.audioAheadMs, settings.monotonicNow);
  }

  later(work: () => void, ms: number): void {
    this.timers.push(setTimeout(work, ms));
  }

  every(work: () => void, ms: number): void {
    this.timers.push(setInterval(work, ms));
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }

  secondsInCall(): number {
    return Math.max(0, Math.floor(this.elapsedMs() / 1000));
  }

  /** The chosen length is over: the call ends. */
  overLimit(): boolean {
    return this.elapsedMs() >= this.settings.minutes * 60_000;
  }

  /** The chosen length is nearly up: the interview goes to the candidate's questions. */
  wrappingUp(): boolean {
    return this.elapsedMs() >= this.settings.minutes * 60_000 - wrapUpMs;
  }

  /** A question asked only when time allows still fits before the wrap-up. */
  timeForMore(): boolean {
    return this.elapsedMs() + extraQuestionMs <= this.settings.minutes * 60_000 - wrapUpMs;
  }

  /** The candidate has been silent long enough since the interviewer stopped speaking to be invited to answer. */
  silentSince(speakingUntil: number): boolean {
    return this.settings.clock.now() - speakingUntil >= silenceNudgeMs;
  }

  /** 16-bit audio within real time (beyond the allowance it is to be dropped). */
  inRealTime(pcm: Buffer): boolean {
    return this.audioBudget.take((pcm.length / 2 / sampleRate) * 1000);
  }

  /** Whether to tell the client its audio comes too fast: at most once every few seconds. */
  tellTooFast(): boolean {
    const now = this.settings.monotonicNow();
    if (this.toldTooFastAt !== undefined && now - this.toldTooFastAt < tooFastReminderMs) return false;
    this.toldTooFastAt = now;
    return true;
  }

  private elapsedMs(): number {
    return this.settings.clock.now() - this.settings.connectedAt;
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
