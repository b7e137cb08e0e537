import { interviewPlan } from '../interview/plan';
import { ConversationDeps, ConversationSnapshot, InterviewConversation } from './conversation';
import { AgentSocket } from './protocol';

/** A socket that keeps what the interviewer sent. */
class RecordingSocket implements AgentSocket {
  readyState = 1;
  readonly bufferedAmount = 0;
  readonly sent: Array<{ type: string; agent_response_event?: { agent_response: string } }> = [];
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.readyState = 3;
  }
  lines(): string[] {
    return this.sent.flatMap((m) => (m.agent_response_event ? [m.agent_response_event.agent_response] : []));
  }
}

const plan = interviewPlan({ seed: 'snapshot', company: null, level: null, topics: [], minutes: 20 });

function conversation(socket: RecordingSocket, now: { t: number }, turns: string[] = [], overrides: Partial<ConversationDeps> = {}) {
  const deps: ConversationDeps = {
    speak: () => [Promise.resolve(Buffer.alloc(3_200))],
    transcribe: () => Promise.resolve(undefined),
    clock: { now: () => now.t },
    pingIntervalMs: 60_000,
    endOfTurnMs: 600,
    thinkingPauseMs: 1_500,
    audioAheadMs: 5_000,
    monotonicNow: () => performance.now(),
    turnTaken: (role) => turns.push(role),
    transcriptWaitMs: 1_000,
    company: null,
    topics: [],
    ...overrides,
  };
  return new InterviewConversation(socket, 'session', plan, 0, deps);
}

const initiation = JSON.stringify({ type: 'conversation_initiation_client_data' });
const until = (check: () => boolean) =>
  new Promise<void>((resolve) => {
    const poll = setInterval(() => check() && (clearInterval(poll), resolve()), 5);
  });

describe('a dropped interview, snapshotted and restored', () => {
  it('keeps the plan position, what was answered, the transcript and the speech counters, and asks the same question again', async () => {
    const now = { t: 0 };
    const first = new RecordingSocket();
    const before = conversation(first, now);
    before.receive(initiation);
    await until(() => first.lines().length === 1);
    now.t = 20_000;
    before.receive(JSON.stringify({ type: 'user_message', text: 'I build backend services.' }));
    await until(() => first.lines().length === 2);
    before.closed(1006);
    expect(await before.ended).toBe('error');
    await before.result;
    // Stored as JSON, read back by whichever replica resumes the call.
    const snapshot = JSON.parse(JSON.stringify(before.snapshot())) as ConversationSnapshot;
    expect(snapshot).toMatchObject({
      current: 1,
      asked: [
        { item: 0, entries: [1] },
        { item: 1, entries: [] },
      ],
      agentSpeakingMs: 200,
    });
    expect(snapshot.transcript.map((line) => line.role)).toEqual(['agent', 'user', 'agent']);

    now.t = 80_000;
    const second = new RecordingSocket();
    const turns: string[] = [];
    const after = conversation(second, now, turns);
    after.restore(snapshot);
    after.receive(initiation);
    await until(() => second.lines().length === 1);
    expect(second.lines()).toEqual([`Welcome back. Let us pick up where we left off. ${plan.items[1].text}`]);
    expect(turns).toEqual(['agent']);
    after.closed(1000);
    const { transcript, report } = await after.result;
    expect(transcript.map((line) => [line.role, line.time_in_call_secs])).toEqual([
      ['agent', 0],
      ['user', 20],
      ['agent', 20],
      ['agent', 80],
    ]);
    expect(transcript[1].message).toBe('I build backend services.');
    expect(report).toMatchObject({ questions_asked: 1, answers_given: 0 });
  });

  it('starts the interview when the call dropped before its first question', async () => {
    const socket = new RecordingSocket();
    const fresh = conversation(socket, { t: 0 });
    fresh.restore({ current: -1, asked: [], transcript: [], speakingMs: 0, agentSpeakingMs: 0, spokenWords: 0, spokenMs: 0, longestPauseMs: null });
    fresh.receive(initiation);
    await until(() => socket.lines().length === 1);
    expect(socket.lines()).toEqual([`Welcome back. Let us pick up where we left off. ${plan.items[0].text}`]);
    fresh.closed(1000);
  });
});

describe('a spoken answer', () => {
  const rate = 16_000;
  const tone = (ms: number, amplitude = 4_000) => {
    const pcm = Buffer.alloc(Math.round((rate * ms) / 1000) * 2);
    for (let i = 0; i < pcm.length / 2; i++) pcm.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * 220 * i) / rate)), i * 2);
    return pcm;
  };

  it('is transcribed part by part at its pauses while it is spoken, and filed as one answer', async () => {
    const now = { t: 0 };
    let monotonic = 0;
    const socket = new RecordingSocket();
    const parts: Array<{ seconds: number; answerEnded: boolean }> = [];
    const said = ['I would keep a hash map', 'so each look up is constant time'];
    let answerEnded = false;
    const call = conversation(socket, now, [], {
      endOfTurnMs: 1_800,
      monotonicNow: () => monotonic,
      transcribe: (pcm) => {
        parts.push({ seconds: pcm.length / 2 / rate, answerEnded });
        return Promise.resolve(said[parts.length - 1]);
      },
    });
    call.receive(initiation);
    await until(() => socket.lines().length === 1);
    now.t = 30_000;
    // 100 ms frames at real time: voice, a 0.8 s pause, voice, then silence until the turn ends.
    const audio = Buffer.concat([tone(1_000), tone(800, 20), tone(1_000), tone(1_700, 20)]);
    for (let offset = 0; offset < audio.length; offset += 3_200) {
      monotonic += 100;
      call.receive(JSON.stringify({ user_audio_chunk: audio.subarray(offset, offset + 3_200).toString('base64') }));
    }
    // Both parts were handed out at their pauses, before the end-of-turn silence ran out.
    expect(parts.map((p) => p.answerEnded)).toEqual([false, false]);
    expect(parts[0].seconds).toBeCloseTo(1.6, 1);
    answerEnded = true;
    monotonic += 200;
    call.receive(JSON.stringify({ user_audio_chunk: tone(200, 20).toString('base64') }));
    await until(() => socket.sent.some((m) => m.type === 'user_transcript'));
    // The rest after the second pause is silence: nothing more to transcribe.
    expect(parts).toHaveLength(2);
    expect(socket.sent.find((m) => m.type === 'user_transcript')).toEqual({
      type: 'user_transcript',
      user_transcription_event: { user_transcript: 'I would keep a hash map so each look up is constant time' },
    });
    call.closed(1000);
    const { transcript } = await call.result;
    expect(transcript.filter((line) => line.role === 'user').map((line) => line.message)).toEqual(['I would keep a hash map so each look up is constant time']);
  });
});

describe('an interview whose answers come quickly', () => {
  /** Answers every line the interviewer says with `answer` until one matches `stop`; that line. */
  async function answerUntil(call: InterviewConversation, socket: RecordingSocket, stop: RegExp): Promise<string[]> {
    for (let turn = 0; turn < 60; turn++) {
      await until(() => socket.lines().length > turn);
      const line = socket.lines()[turn];
      if (stop.test(line)) return socket.lines();
      call.receive(JSON.stringify({ type: 'user_message', text: 'I would use a hash map and go through the input once, in linear time.' }));
    }
    throw new Error(`never said ${stop}`);
  }

  it('asks more technical questions while time allows, then goes to the candidate questions for the wrap-up', async () => {
    const now = { t: 0 };
    const socket = new RecordingSocket();
    const call = conversation(socket, now);
    call.receive(initiation);
    // Two minutes in, the planned questions are done: one more technical question.
    const early = await answerUntil(call, socket, /^(That covers it well\. )?We still have some time, so here is one more technical question\./);
    expect(early.some((line) => line.includes('Now a few questions about your experience'))).toBe(true);
    // Past 14 of the 20 minutes an extra question no longer fits before the 3-minute wrap-up.
    now.t = 14 * 60_000 + 1_000;
    const late = await answerUntil(call, socket, /What questions do you have for me\?$/);
    expect(late.slice(early.length).filter((line) => line.includes('one more technical question'))).toEqual([]);
    call.closed(1000);
    const { report } = await call.result;
    expect(report.questions_asked).toBe(plan.items.filter((i) => i.question && !i.whenTimeAllows).length + 1);
  });
});

describe('a typed answer sent while the silence nudge is being prepared', () => {
  it('is taken instead: the nudge is not said, nor its hint counted, and the interviewer replies to the answer', async () => {
    const now = { t: 0 };
    const socket = new RecordingSocket();
    let nudgeReady!: (audio: Buffer) => void;
    let nudgePrepared = false;
    const speak = (text: string) => {
      if (!text.startsWith('Take your time.')) return [Promise.resolve(Buffer.alloc(3_200))];
      nudgePrepared = true;
      return [new Promise<Buffer>((resolve) => (nudgeReady = resolve))];
    };
    const call = conversation(socket, now, [], { speak });
    call.receive(initiation);
    await until(() => socket.lines().length === 1);
    // Long silent after the question: the once-a-second check starts preparing a nudge.
    now.t = 60_000;
    await until(() => nudgePrepared);
    call.receive(JSON.stringify({ type: 'user_message', text: 'I build backend services.' }));
    nudgeReady(Buffer.alloc(3_200));
    await until(() => socket.lines().length === 2);
    expect(socket.lines()).toEqual([plan.items[0].text, plan.items[1].text]);
    const audioIds = socket.sent.flatMap((m) => (m.type === 'audio' ? [(m as { audio_event?: { event_id: number } }).audio_event!.event_id] : []));
    expect(audioIds).toEqual([1, 3]);
    call.closed(1000);
    const { transcript } = await call.result;
    expect(transcript.map((line) => line.message)).toEqual([plan.items[0].text, 'I build backend services.', plan.items[1].text]);
  });
});
