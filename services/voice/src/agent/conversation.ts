import { DesignSceneDescription, designGaps, TranscriptEntry, voiceMessages, VoiceReport } from '@app/contracts';
import type { Clock } from '../clock';
import { asksForTime, nextTurn, wordCount } from '../interview/assessment';
import type { ConceptKey } from '../interview/concepts';
import type { InterviewPlan } from '../interview/plan';
import { AskedQuestion, interviewReport } from '../interview/report';
import { nothingHeard } from '../sessions/heard';
import { boundTurn } from '../sessions/transcript-bounds';
import { ClientFrame, parseClientFrame, protocolErrorType, userMessageMax } from './client-frames';
import { CallPacing } from './pacing';
import { AgentProtocol, AgentSocket, sampleRate } from './protocol';
import { TurnEvent, TurnTaking } from './turn-taking';

export interface ConversationDeps {
  /** The words as audio, a promise per sentence (the first is played while the rest are made). */
  speak(text: string): Array<Promise<Buffer>>;
  /** undefined: no recogniser installed (or it failed). */
  transcribe(pcm: Buffer, sampleRate: number): Promise<string | undefined>;
  clock: Clock;
  pingIntervalMs: number;
  endOfTurnMs: number;
  /** The silence that ends a turn on a technical or design question (people stop to think there). */
  thinkingPauseMs: number;
  /** Audio a client may send ahead of real time (network jitter); what comes faster is dropped. */
  audioAheadMs: number;
  /** Milliseconds of a monotonic clock: the pace of incoming audio is real time, whatever `clock` says. */
  monotonicNow(): number;
  /** A turn was exchanged (the interviewer spoke, or the candidate answered): what the refund rule reads. */
  turnTaken(role: TranscriptEntry['role']): void;
  /** How long the next turn waits for a spoken answer's transcript before deciding without it. */
  transcriptWaitMs: number;
  /** For the report's next steps. */
  company: string | null;
  topics: string[];
}

export type ConversationEnd = 'user' | 'agent' | 'time_limit' | 'error';

export interface ConversationResult {
  reason: ConversationEnd;
  transcript: TranscriptEntry[];
  report: VoiceReport;
}

/**
 * Where an interview stood when its call dropped, as JSON: the plan's position and what was asked
 * and answered (indexes into the plan and the transcript), the transcript and the speech counters.
 */
export interface ConversationSnapshot {
  current: number;
  asked: Array<{ item: number; entries: number[]; hinted: boolean; probes: number; drawingProbed?: ConceptKey[] }>;
  transcript: TranscriptEntry[];
  speakingMs: number;
  agentSpeakingMs: number;
  spokenWords: number;
  spokenMs: number;
  longestPauseMs: number | null;
}

const welcomeBack = 'Welcome back. Let us pick up where we left off.';

const initiationTimeoutMs = 15_000;

/**
 * A pause inside an answer after which what was said so far is transcribed: under the shortest
 * end-of-turn silence, so that when the answer ends only its last words are left to transcribe.
 */
const segmentPauseMs = 600;

interface Prompt {
  text: string;
  last: boolean;
  /** The once-a-turn invitation to answer: it is not repeated until the next line is said. */
  nudge?: boolean;
  /** The question whose hint the nudge gives: counted as hinted once the nudge is said. */
  hinting?: Asked;
}

/** A question being asked: what was said to it and how far the probing went. */
interface Asked extends AskedQuestion {
  entries: TranscriptEntry[];
  probes: number;
  /** The concepts probed because the drawing lacked them: each is asked about once. */
  drawingProbed: ConceptKey[];
}

/** The report of a call in which no word was heard: it says so, and scores and measures nothing. */
function unheard(report: VoiceReport): VoiceReport {
  return {
    ...report,
    summary: voiceMessages.nothingHeard,
    answers_given: 0,
    candidate_speaking_secs: 0,
    talk_share: null,
    words_per_minute: null,
    filler_words: [],
    longest_pause_secs: null,
    questions: report.questions?.map((q) => ({ ...q, concepts_covered: [], score: null, score_reason: 'Nothing was heard.' })),
  };
}

/**
 * One call with the local interviewer, the interview's dialogue: the initiation handshake, then per
 * turn the interviewer's words and their audio, the candidate's turn found by voice activity,
 * barge-in as an interruption, the goodbye and a 1000 close after the last question, and
 * max_duration_exceeded at the chosen length. The frames are AgentProtocol's, the timing CallPacing's.
 */
export class InterviewConversation {
  private readonly asked: Asked[] = [];
  /** The plan's item being asked; -1 before the first. */
  private current = -1;
  /** The goodbye has been said: nothing more is heard. */
  private finished = false;
  private eventId = 0;
  private speakingUntil = 0;
  /** The utterance the candidate talked over: what is left of it is not sent. */
  private interrupted = 0;
  /** True from the moment the agent decides to speak until its audio is sent: voice is not a turn then. */
  private preparing = false;
  private initiated = false;
  private ending?: ConversationEnd;
  private readonly protocol: AgentProtocol;
  private readonly pacing: CallPacing;
  private readonly turns: TurnTaking;
  private readonly transcript: TranscriptEntry[] = [];
  private readonly pending: Array<Promise<void>> = [];
  private speakingMs = 0;
  private agentSpeakingMs = 0;
  private spokenWords = 0;
  private spokenMs = 0;
  private longestPauseMs: number | null = null;
  /** Resumed after a dropped call: the first words are a welcome back and the question being asked. */
  private resumed = false;
  private answerStartedAt = 0;
  /** The transcripts of the answer in progress, one per part already handed out at a pause. */
  private answerParts: Array<Promise<string | undefined>> = [];
  private nudged = false;
  /** An answer typed while the silence nudge was being prepared: taken instead of saying the nudge. */
  private typedMeanwhile?: string;
  /** The candidate's drawing as last sent (a system design mock with the canvas): read when the next turn is chosen. */
  private drawing?: DesignSceneDescription;
  /** The next turn is being chosen (the answer's transcript awaited): what is said meanwhile is not a new answer. */
  private deciding = false;
  private readonly done: Promise<ConversationResult>;
  private resolveDone!: (result: ConversationResult) => void;
  private readonly over: Promise<ConversationEnd>;
  private resolveOver!: (reason: ConversationEnd) => void;

  constructor(
    socket: AgentSocket,
    private readonly conversationId: string,
    private readonly plan: InterviewPlan,
    connectedAt: number,
    private readonly deps: ConversationDeps,
  ) {
    this.protocol = new AgentProtocol(socket);
    this.turns = new TurnTaking({
      sampleRate,
      startMs: 100,
      bargeInMs: 400,
      endOfTurnMs: deps.endOfTurnMs,
      minVoiceMs: 250,
      preRollMs: 300,
      maxTurnMs: 180_000,
      segmentPauseMs,
    });
    this.pacing = new CallPacing({ clock: deps.clock, connectedAt, minutes: plan.minutes, audioAheadMs: deps.audioAheadMs, monotonicNow: deps.monotonicNow });
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
    this.over = new Promise((resolve) => (this.resolveOver = resolve));
    // The client sends its initiation data as soon as the socket opens; a socket that never does is not a call.
    this.pacing.later(() => {
      if (!this.initiated) this.protocol.close(1008, 'no conversation initiation received');
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
    if (frame.kind === 'invalid') return this.protocol.refuse(1003, protocolErrorType, frame.reason);
    if (!this.initiated) {
      if (frame.kind === 'initiation') this.initiate();
      return;
    }
    if (frame.kind === 'audio') this.hearAtRealTime(frame.pcm);
    else if (frame.kind === 'pong') this.protocol.pong(frame.eventId);
    else if (frame.kind === 'user_message') this.typed(frame.text);
    else if (frame.kind === 'answer_done') this.answerDone();
    else if (frame.kind === 'design_scene') this.drawing = frame.scene;
    else if (frame.kind === 'design_scene_refused') this.protocol.refuse(1009, frame.errorType, frame.reason);
  }

  /** The user ended the call from the page (the sessions service was told first). */
  hangUp(): void {
    this.ending ??= 'user';
    this.protocol.close(1000, 'ended by the candidate');
  }

  /** The chosen length is over: the client ends the session itself on this error; the close is a fallback. */
  timeUp(): void {
    if (this.ending) return;
    this.ending = 'time_limit';
    this.protocol.maxDurationExceeded(this.plan.minutes);
    this.pacing.later(() => this.protocol.close(1000, 'max duration exceeded'), 2_000);
  }

  /** The socket closed (whoever closed it): stop, finish the transcripts, and report. */
  closed(code: number): void {
    this.pacing.stop();
    this.ending ??= code === 1000 || code === 1005 ? 'user' : 'error';
    const reason = this.ending;
    this.resolveOver(reason);
    void Promise.allSettled(this.pending).then(() => {
      const transcript = [...this.transcript].sort((a, b) => a.time_in_call_secs - b.time_in_call_secs);
      const answers = this.asked.flatMap((a) => a.entries.map((e) => e.message));
      const report = interviewReport(
        this.asked.map((a) => ({ ...a, answers: a.entries.map((e) => e.message) })),
        {
          candidateSpeakingMs: this.speakingMs,
          agentSpeakingMs: this.agentSpeakingMs,
          spokenWords: this.spokenWords,
          spokenMs: this.spokenMs,
          longestPauseMs: this.longestPauseMs,
          answers,
        },
        { company: this.deps.company, topics: this.deps.topics },
      );
      this.resolveDone({ reason, transcript, report: nothingHeard(transcript) ? unheard(report) : report });
    });
  }

  /**
   * The question being asked: the last one put. Not `asked[current]`: `current` indexes the plan,
   * whose items are not all asked (time-allowing ones passed over, the wrap-up skipping ahead).
   */
  private get asking(): Asked | undefined {
    return this.asked[this.asked.length - 1];
  }

  /** Where the interview stands (once `result` has settled, every answer is transcribed in it). */
  snapshot(): ConversationSnapshot {
    return {
      current: this.current,
      asked: this.asked.map((a) => ({
        item: this.plan.items.indexOf(a.item),
        entries: a.entries.map((entry) => this.transcript.indexOf(entry)),
        hinted: a.hinted,
        probes: a.probes,
        drawingProbed: a.drawingProbed,
      })),
      transcript: this.transcript,
      speakingMs: this.speakingMs,
      agentSpeakingMs: this.agentSpeakingMs,
      spokenWords: this.spokenWords,
      spokenMs: this.spokenMs,
      longestPauseMs: this.longestPauseMs,
    };
  }

  /** Goes on from a dropped call's snapshot (before the client's initiation): its transcript and counters continue. */
  restore(snapshot: ConversationSnapshot): void {
    this.resumed = true;
    this.transcript.push(...snapshot.transcript);
    for (const a of snapshot.asked) {
      this.asked.push({
        item: this.plan.items[a.item],
        answers: [],
        entries: a.entries.map((i) => this.transcript[i]),
        hinted: a.hinted,
        probes: a.probes,
        drawingProbed: a.drawingProbed ?? [],
      });
    }
    this.current = snapshot.current;
    this.speakingMs = snapshot.speakingMs;
    this.agentSpeakingMs = snapshot.agentSpeakingMs;
    this.spokenWords = snapshot.spokenWords;
    this.spokenMs = snapshot.spokenMs;
    this.longestPauseMs = snapshot.longestPauseMs;
  }

  /** After a drop, the question that was being asked is asked again (the interview starts if none was). */
  private async pickUp(): Promise<void> {
    const asked = this.asking;
    if (!asked) return this.ask(0, `${welcomeBack} `);
    this.turns.endOfTurnAfter(asked.item.stage === 'main' ? this.deps.thinkingPauseMs : this.deps.endOfTurnMs);
    await this.say({ text: `${welcomeBack} ${asked.item.text}`, last: false });
  }

  private initiate(): void {
    this.initiated = true;
    this.protocol.initiationMetadata(this.conversationId);
    this.pacing.every(() => this.protocol.ping(), this.deps.pingIntervalMs);
    this.pacing.every(() => {
      if (this.pacing.overLimit()) this.timeUp();
      else this.nudgeIfSilent();
    }, 1_000);
    void (this.resumed ? this.pickUp() : this.ask(0, ''));
  }

  /** Audio faster than real time (beyond the allowance) is dropped, and the client told (at most every few seconds). */
  private hearAtRealTime(pcm: Buffer): void {
    if (this.pacing.inRealTime(pcm)) return this.hear(pcm);
    if (this.pacing.tellTooFast())
      this.protocol.refuse(1008, 'audio_faster_than_real_time', 'audio arrives faster than real time: chunks beyond it are dropped');
  }

  private hear(pcm: Buffer): void {
    if (this.ending || this.preparing || this.finished) {
      this.turns.reset();
      return;
    }
    const agentSpeaking = this.deps.clock.now() < this.speakingUntil;
    for (const event of this.turns.push(pcm, agentSpeaking)) {
      if (event.type === 'started') {
        if (event.whileAgentSpeaking) this.interrupt();
        this.answerStartedAt = this.pacing.secondsInCall();
        this.answerParts = [];
      } else if (event.type === 'paused') {
        const words = this.deps.transcribe(event.audio, sampleRate);
        this.answerParts.push(words);
        void words.then((text) => this.pauseHeard(event.part, text));
      } else {
        this.answered(event);
      }
    }
  }

  /** The words before a pause are known: said "I'm done", the answer ends now; left unfinished, the turn is held longer. */
  private pauseHeard(part: number, words: string | undefined): void {
    if (this.ending || this.preparing || this.finished) return;
    for (const event of this.turns.heard(part, words)) if (event.type === 'ended') this.answered(event);
  }

  /**
   * "I'm done" from the page: the answer being spoken ends now instead of after the pause; pressed
   * with nothing said, the interviewer goes on as after an empty answer (a hint first). Ignored
   * while the interviewer speaks or is already choosing its next words.
   */
  private answerDone(): void {
    if (this.ending || this.preparing || this.finished || this.deciding || this.current < 0) return;
    if (this.deps.clock.now() < this.speakingUntil) return;
    const [ended] = this.turns.finish();
    if (ended?.type === 'ended') return this.answered(ended);
    void this.respond(Promise.resolve());
  }

  private interrupt(): void {
    this.speakingUntil = 0;
    this.interrupted = this.eventId;
    this.protocol.interruption(this.eventId);
  }

  /**
   * An answer has ended: its transcript is the parts transcribed at its pauses and what came after
   * the last one (usually only that rest is still to do, so the reply waits on little).
   */
  private answered({ rest, voiceMs, speechMs, longestPauseMs }: Extract<TurnEvent, { type: 'ended' }>): void {
    this.speakingMs += voiceMs;
    this.longestPauseMs = Math.max(this.longestPauseMs ?? 0, longestPauseMs);
    const entry = this.record('');
    const parts = rest ? [...this.answerParts, this.deps.transcribe(rest, sampleRate)] : this.answerParts;
    this.answerParts = [];
    const transcribed = Promise.all(parts).then((texts) => {
      const known = texts.filter((text) => text !== undefined);
      return known.length === 0 ? undefined : known.join(' ').replace(/\s+/g, ' ').trim();
    });
    const heard = transcribed.then((text) => {
      entry.message = boundTurn(text === undefined ? voiceMessages.notTranscribed : text || voiceMessages.noWordsRecognised);
      if (text) {
        this.spokenWords += wordCount(text);
        this.spokenMs += speechMs;
      }
      this.protocol.userTranscript(entry.message);
    });
    this.pending.push(heard);
    void this.respond(heard);
  }

  /** The candidate's turn, in the transcript and under the question being asked. */
  private record(message: string): TranscriptEntry {
    const entry: TranscriptEntry = { role: 'user', message, time_in_call_secs: message ? this.pacing.secondsInCall() : this.answerStartedAt };
    this.transcript.push(entry);
    this.asking?.entries.push(entry);
    this.deps.turnTaken('user');
    return entry;
  }

  /**
   * The next turn, chosen from what the candidate said to this question: a spoken answer's
   * transcript is waited for (a bounded time), since the follow-up depends on it.
   */
  private async respond(heard: Promise<void>): Promise<void> {
    if (this.deciding) return;
    this.deciding = true;
    this.preparing = true;
    await Promise.race([heard, new Promise((resolve) => this.pacing.later(() => resolve(undefined), this.deps.transcriptWaitMs))]);
    this.deciding = false;
    this.preparing = false;
    if (this.ending) return;
    const asked = this.asking;
    if (!asked) return;
    const { item } = asked;
    const last = asked.entries[asked.entries.length - 1]?.message;
    // "Let me think": the turn stays the candidate's, and the silence invitation waits again.
    if (last && asksForTime(last)) return this.say({ text: 'Of course, take your time.', last: false });
    if (item.stage === 'candidate questions') return this.goodbye();
    if (!item.question) return this.ask(this.current + 1, '');
    const said = asked.entries.map((e) => e.message).filter((m) => m && m !== voiceMessages.notTranscribed);
    const latest = last && last !== voiceMessages.notTranscribed ? last : undefined;
    const timeShort = this.pacing.wrappingUp();
    // A design question reads the drawing as it stands at this pause.
    const gaps = item.question.kind === 'system design' && this.drawing ? designGaps(this.drawing, item.question.concepts) : [];
    const turn = nextTurn(item.question, said.join(' '), latest, asked, timeShort, gaps);
    if (turn.kind === 'hint') {
      asked.hinted = true;
      return this.say({ text: turn.text, last: false });
    }
    if (turn.kind === 'probe') {
      asked.probes++;
      if (turn.fromDrawing) asked.drawingProbed.push(turn.concept);
      return this.say({ text: `Thank you. ${turn.text}`, last: false });
    }
    const next = timeShort ? this.plan.items.length - 1 : this.current + 1;
    return this.ask(next, turn.complete ? 'That covers it well. ' : '');
  }

  /** The plan's item `index`, asked (the candidate's questions at the end); one the time does not allow is passed over. */
  private async ask(index: number, lead: string): Promise<void> {
    const timeForMore = this.pacing.timeForMore();
    let at = Math.min(index, this.plan.items.length - 1);
    while (this.plan.items[at].whenTimeAllows && !timeForMore) at++;
    const item = this.plan.items[at];
    this.current = at;
    this.asked.push({ item, answers: [], entries: [], hinted: false, probes: 0, drawingProbed: [] });
    this.turns.endOfTurnAfter(item.stage === 'main' ? this.deps.thinkingPauseMs : this.deps.endOfTurnMs);
    await this.say({ text: `${lead}${item.text}`, last: false });
  }

  private async goodbye(): Promise<void> {
    this.finished = true;
    await this.say({ text: this.plan.goodbye, last: true });
  }

  /** A typed answer longer than the contract's bound is refused (not cut): the candidate can shorten it. */
  private typed(raw: string): void {
    const text = raw.trim();
    if (text.length > userMessageMax) {
      return this.protocol.refuse(
        1009,
        'message_too_long',
        `a typed answer can be at most ${userMessageMax.toLocaleString('en')} characters; this one was not taken`,
      );
    }
    if (!text || this.ending || this.finished) return;
    // While the next turn is being chosen, the typed words join the answer it is chosen from.
    if (this.deciding) return void this.record(text);
    // An answer typed while the silence nudge is being prepared is kept, and the nudge is not said.
    if (this.preparing && this.nudged) {
      this.typedMeanwhile = this.typedMeanwhile ? `${this.typedMeanwhile} ${text}` : text;
      return;
    }
    if (this.preparing) return;
    this.record(text);
    void this.respond(Promise.resolve());
  }

  /**
   * Once per turn, a candidate silent long after the interviewer spoke is invited to answer: with
   * the question's hint the first time, as silence is often being stuck (it is not repeated).
   */
  private nudgeIfSilent(): void {
    const asked = this.asking;
    if (this.ending || this.preparing || this.nudged || this.turns.talking || this.finished || !asked) return;
    if (!this.pacing.silentSince(this.speakingUntil)) return;
    const hint = asked.item.question && !asked.hinted ? asked.item.question.hint : undefined;
    void this.say({
      text: `Take your time. ${hint ? `Here is a hint: ${hint}` : 'Whenever you are ready, please go ahead with your answer.'}`,
      last: false,
      nudge: true,
      hinting: hint ? asked : undefined,
    });
  }

  private async say(prompt: Prompt): Promise<void> {
    this.preparing = true;
    this.nudged = prompt.nudge ?? false;
    this.turns.reset();
    const id = ++this.eventId;
    const line: TranscriptEntry = { role: 'agent', message: prompt.text, time_in_call_secs: this.pacing.secondsInCall() };
    if (!prompt.nudge) this.transcript.push(line);
    const sentences = this.deps.speak(prompt.text).map((audio) => audio.catch(() => Buffer.alloc(0)));
    const first = await (sentences[0] ?? Promise.resolve(Buffer.alloc(0)));
    this.preparing = false;
    if (this.ending) return;
    if (prompt.nudge) {
      // The candidate answered while the nudge was being prepared: it is not said (nor its hint counted).
      const typed = this.typedMeanwhile;
      this.typedMeanwhile = undefined;
      if (typed) return this.typed(typed);
      this.transcript.push(line);
      if (prompt.hinting) prompt.hinting.hinted = true;
    }
    this.protocol.agentResponse(prompt.text);
    this.deps.turnTaken('agent');
    // The browser plays each sentence after the one before; one made later than that is played when it arrives.
    const startedAt = this.deps.clock.now();
    let playedMs = 0;
    for (const [index, sentence] of sentences.entries()) {
      const audio = index === 0 ? first : await sentence;
      // A barge-in, or the call ending, drops what was still to be said.
      if (this.interrupted === id || (this.ending && !prompt.last)) return;
      this.protocol.audio(audio, id);
      const durationMs = (audio.length / 2 / sampleRate) * 1000;
      playedMs = Math.max(playedMs, this.deps.clock.now() - startedAt) + durationMs;
      this.agentSpeakingMs += durationMs;
      this.speakingUntil = startedAt + playedMs;
    }
    if (prompt.last) {
      this.ending = 'agent';
      // The browser plays what it has buffered; closing earlier would cut the goodbye off.
      this.pacing.later(() => this.protocol.close(1000, 'interview complete'), Math.max(0, this.speakingUntil - this.deps.clock.now()) + 750);
    }
  }
}
