/** Voice activity on 16-bit PCM by energy (reference notes: voice above an RMS of ~300, ≈ −40 dBFS). */
const voiceRms = 300;

function rms(pcm: Buffer): number {
  const samples = Math.floor(pcm.length / 2);
  if (samples === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples; i++) {
    const s = pcm.readInt16LE(i * 2);
    sum += s * s;
  }
  return Math.sqrt(sum / samples);
}

export interface TurnTakingOptions {
  sampleRate: number;
  /** Voice needed to start a turn while the agent is silent. */
  startMs: number;
  /** Voice needed to interrupt the agent (longer: a cough should not cut a question off). */
  bargeInMs: number;
  /** Silence that ends the candidate's turn (changed per question with `endOfTurnAfter`). */
  endOfTurnMs: number;
  /** A turn with less voice than this was noise, not an answer. */
  minVoiceMs: number;
  /** Audio kept from before the turn started, so its first syllable is not cut off. */
  preRollMs: number;
  /** A turn ends here however loud the room stays (steady noise must not buffer a whole call). */
  maxTurnMs: number;
  /**
   * A pause this long inside a turn hands out what was said since the last one (a `paused` event),
   * so it can be transcribed while the candidate goes on or while the end-of-turn silence runs out.
   */
  segmentPauseMs: number;
}

export type TurnEvent =
  | { type: 'started'; whileAgentSpeaking: boolean }
  /** The turn's audio since its start or its previous pause: it goes on after this. */
  | { type: 'paused'; audio: Buffer }
  /**
   * `rest`: the audio since the last `paused` event (all of it when there was none), undefined when
   * it holds no voice; `voiceMs`, `speechMs` (without the closing silence) and `longestPauseMs` (the
   * longest silence inside) are the whole turn's.
   */
  | { type: 'ended'; rest?: Buffer; voiceMs: number; speechMs: number; longestPauseMs: number };

/**
 * Decides, frame by frame of the incoming audio, when the candidate starts and stops talking.
 * Time is the audio's own (samples received), so it does not depend on network jitter.
 */
export class TurnTaking {
  private voicedRun = 0;
  private silence = 0;
  private inTurn = false;
  /** The audio since the turn started or last paused, and the voice in it. */
  private segment: Buffer[] = [];
  private segmentVoice = 0;
  private turnVoice = 0;
  private turnMs = 0;
  private longestPause = 0;
  private preRoll: Array<{ frame: Buffer; ms: number }> = [];

  private endOfTurnMs: number;

  constructor(private readonly options: TurnTakingOptions) {
    this.endOfTurnMs = options.endOfTurnMs;
  }

  /** From now on, this much silence ends a turn (longer while a technical question is being thought through). */
  endOfTurnAfter(ms: number): void {
    this.endOfTurnMs = ms;
  }

  /** The candidate said they are done: the turn in progress ends now, without waiting for the silence. */
  finish(): TurnEvent[] {
    const ended = this.inTurn ? this.end() : undefined;
    return ended ? [ended] : [];
  }

  get talking(): boolean {
    return this.inTurn;
  }

  /** Forget what was heard (e.g. while the agent was preparing its next words). */
  reset(): void {
    this.voicedRun = 0;
    this.silence = 0;
    this.inTurn = false;
    this.segment = [];
    this.segmentVoice = 0;
    this.turnVoice = 0;
    this.turnMs = 0;
    this.longestPause = 0;
    this.preRoll = [];
  }

  push(pcm: Buffer, agentSpeaking: boolean): TurnEvent[] {
    const events: TurnEvent[] = [];
    const frameBytes = Math.round(this.options.sampleRate / 50) * 2; // 20 ms
    for (let offset = 0; offset < pcm.length - 1; offset += frameBytes) {
      const frame = pcm.subarray(offset, Math.min(pcm.length, offset + frameBytes));
      const ms = (frame.length / 2 / this.options.sampleRate) * 1000;
      const voiced = rms(frame) > voiceRms;
      if (!this.inTurn) {
        this.preRoll.push({ frame, ms });
        let kept = this.preRoll.reduce((sum, f) => sum + f.ms, 0);
        while (kept > this.options.preRollMs && this.preRoll.length > 1) kept -= this.preRoll.shift()!.ms;
        this.voicedRun = voiced ? this.voicedRun + ms : 0;
        if (this.voicedRun >= (agentSpeaking ? this.options.bargeInMs : this.options.startMs)) {
          this.inTurn = true;
          this.segment = this.preRoll.map((f) => f.frame);
          this.segmentVoice = this.voicedRun;
          this.turnVoice = this.voicedRun;
          this.silence = 0;
          this.preRoll = [];
          events.push({ type: 'started', whileAgentSpeaking: agentSpeaking });
        }
        continue;
      }
      this.segment.push(frame);
      this.turnMs += ms;
      if (voiced) {
        this.turnVoice += ms;
        this.segmentVoice += ms;
        this.longestPause = Math.max(this.longestPause, this.silence);
        this.silence = 0;
      } else {
        this.silence += ms;
      }
      if (this.silence >= this.endOfTurnMs || this.turnMs >= this.options.maxTurnMs) {
        const ended = this.end();
        if (ended) events.push(ended);
      } else if (this.silence >= this.options.segmentPauseMs && this.segmentVoice >= this.options.minVoiceMs) {
        events.push({ type: 'paused', audio: Buffer.concat(this.segment) });
        this.segment = [];
        this.segmentVoice = 0;
      }
    }
    return events;
  }

  /** The turn in progress, closed; undefined when it had too little voice to be an answer. */
  private end(): TurnEvent | undefined {
    // A rest with less voice than starts a turn (a click, a breath) has no words to transcribe.
    const rest = this.segmentVoice >= this.options.startMs ? Buffer.concat(this.segment) : undefined;
    const voiceMs = this.turnVoice;
    const speechMs = this.turnMs - this.silence;
    const longestPauseMs = this.longestPause;
    this.reset();
    return voiceMs >= this.options.minVoiceMs ? { type: 'ended', rest, voiceMs, speechMs, longestPauseMs } : undefined;
  }
}
