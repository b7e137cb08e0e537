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

/** Said at the end of an answer, these end the turn at once ("I'm done", "that's it", "that's my answer"). */
const doneSaying = /\b((i'?m|i am) (done|finished)|that'?s (it|all|my answer))$/;

/**
 * Words a finished sentence does not end on (a conjunction, an article, a preposition, a filler):
 * after them the candidate is still mid-thought, and the turn is held longer.
 */
const unfinishedEndings = new Set(
  'and so because but or nor then the a an my our your their this that these those which who when where while if to of for from with in on at by as like um uh er erm hmm'.split(
    ' ',
  ),
);

/** How the words before a pause end: the candidate saying they are done, a sentence left unfinished, or a finished one. */
export function answerEnding(words: string): 'done' | 'unfinished' | 'finished' {
  const text = words
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .trim();
  if (doneSaying.test(text)) return 'done';
  const last = text.split(/\s+/).pop() ?? '';
  return unfinishedEndings.has(last) ? 'unfinished' : 'finished';
}

export interface TurnTakingOptions {
  sampleRate: number;
  /** Voice needed to start a turn while the agent is silent. */
  startMs: number;
  /** Voice needed to interrupt the agent (longer: a cough should not cut a question off). */
  bargeInMs: number;
  /**
   * Silence that ends the candidate's turn after a finished sentence (changed per question with
   * `endOfTurnAfter`); after an unfinished one (`heard`) it is twice this.
   */
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
  /**
   * The turn's audio since its start or its previous pause: it goes on after this. `part` names it
   * for `heard`, which says how its words end.
   */
  | { type: 'paused'; audio: Buffer; part: number }
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
  /** Every part handed out gets a new number, whatever the turn. */
  private partsHandedOut = 0;
  /** The last part of the turn in progress, while the candidate has been silent since it. */
  private pausedAfter?: number;
  /** The silence that ends this pause, when the words before it called for another than `endOfTurnMs`. */
  private pauseEndMs?: number;

  private endOfTurnMs: number;

  constructor(private readonly options: TurnTakingOptions) {
    this.endOfTurnMs = options.endOfTurnMs;
  }

  /** From now on, this much silence ends a turn (longer while a technical question is being thought through). */
  endOfTurnAfter(ms: number): void {
    this.endOfTurnMs = ms;
  }

  /**
   * The words of a part handed out at a pause, once transcribed. While the candidate is still silent
   * after it, they decide the pause: "I'm done" ends the turn now, an unfinished sentence holds it
   * twice as long, a finished one leaves the usual silence. Voice after the pause makes them moot.
   */
  heard(part: number, words: string | undefined): TurnEvent[] {
    if (!words || part !== this.pausedAfter) return [];
    const ending = answerEnding(words);
    if (ending === 'done') return this.finish();
    this.pauseEndMs = ending === 'unfinished' ? this.endOfTurnMs * 2 : undefined;
    return [];
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
    this.pausedAfter = undefined;
    this.pauseEndMs = undefined;
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
        this.pausedAfter = undefined;
        this.pauseEndMs = undefined;
      } else {
        this.silence += ms;
      }
      if (this.silence >= (this.pauseEndMs ?? this.endOfTurnMs) || this.turnMs >= this.options.maxTurnMs) {
        const ended = this.end();
        if (ended) events.push(ended);
      } else if (this.silence >= this.options.segmentPauseMs && this.segmentVoice >= this.options.minVoiceMs) {
        this.pausedAfter = ++this.partsHandedOut;
        events.push({ type: 'paused', audio: Buffer.concat(this.segment), part: this.pausedAfter });
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
