import { interviewPlan } from '../interview/plan';
import { AgentSocket, ConversationDeps, ConversationSnapshot, InterviewConversation } from './conversation';

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

function conversation(socket: RecordingSocket, now: { t: number }, turns: string[] = []) {
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
