import { answerEnding, TurnEvent, TurnTaking } from './turn-taking';

const rate = 16_000;
const tone = (ms: number, amplitude = 4000) => {
  const pcm = Buffer.alloc(Math.round((rate * ms) / 1000) * 2);
  for (let i = 0; i < pcm.length / 2; i++) pcm.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * 220 * i) / rate)), i * 2);
  return pcm;
};
const quiet = (ms: number) => tone(ms, 20);
const options = { sampleRate: rate, startMs: 100, bargeInMs: 400, endOfTurnMs: 600, minVoiceMs: 250, preRollMs: 300, maxTurnMs: 5_000, segmentPauseMs: 10_000 };
/** As the interviewer runs it: a pause shorter than the end of a turn hands out the answer so far. */
const segmented = { ...options, segmentPauseMs: 450 };

describe('turn-taking by voice activity', () => {
  it('starts a turn after 100 ms of voice and ends it after the silence, with the audio heard', () => {
    const turns = new TurnTaking(options);
    expect(turns.push(Buffer.concat([quiet(500), tone(80)]), false)).toEqual([]);
    expect(turns.push(tone(40), false).map((e) => e.type)).toEqual(['started']);
    expect(turns.push(Buffer.concat([tone(800), quiet(500)]), false)).toEqual([]);
    const [ended] = turns.push(quiet(100), false);
    expect(ended).toMatchObject({ type: 'ended' });
    if (ended.type !== 'ended') throw new Error('no end');
    expect(ended.voiceMs).toBeGreaterThanOrEqual(900);
    expect(ended.rest!.length / 2 / rate).toBeGreaterThan(1.5);
  });

  it('measures the longest pause inside an answer and its length without the closing silence', () => {
    const turns = new TurnTaking(options);
    const [, ended] = turns.push(Buffer.concat([tone(500), quiet(400), tone(500), quiet(200), tone(300), quiet(700)]), false);
    if (ended?.type !== 'ended') throw new Error('no end');
    expect(ended.longestPauseMs).toBeGreaterThanOrEqual(380);
    expect(ended.longestPauseMs).toBeLessThanOrEqual(420);
    expect(ended.speechMs).toBeGreaterThanOrEqual(1_800);
    expect(ended.speechMs).toBeLessThanOrEqual(1_960);
  });

  it('needs 400 ms of voice to interrupt the agent', () => {
    const turns = new TurnTaking(options);
    expect(turns.push(tone(300), true)).toEqual([]);
    expect(turns.push(tone(120), true)).toEqual([{ type: 'started', whileAgentSpeaking: true }]);
  });

  it('takes a short noise for no answer, and never keeps a turn past its maximum', () => {
    const noise = new TurnTaking(options);
    expect(noise.push(Buffer.concat([tone(200), quiet(700)]), false).map((e) => e.type)).toEqual(['started']);
    const loud = new TurnTaking(options);
    expect(loud.push(tone(5_120), false).map((e) => e.type)).toEqual(['started', 'ended']);
  });

  it('waits out a longer pause once told to (a technical question), and a pause within it does not end the turn', () => {
    const turns = new TurnTaking(options);
    turns.endOfTurnAfter(1_500);
    const heard = turns.push(Buffer.concat([tone(500), quiet(1_200), tone(500), quiet(1_400)]), false);
    expect(heard.map((e) => e.type)).toEqual(['started']);
    const [ended] = turns.push(quiet(120), false);
    if (ended?.type !== 'ended') throw new Error('no end');
    expect(ended.longestPauseMs).toBeGreaterThanOrEqual(1_180);
    expect(ended.voiceMs).toBeGreaterThanOrEqual(1_000);
  });

  it('ends the turn in progress when the candidate says they are done, and has nothing to end otherwise', () => {
    const turns = new TurnTaking(options);
    expect(turns.finish()).toEqual([]);
    turns.push(Buffer.concat([tone(600), quiet(200)]), false);
    const [ended] = turns.finish();
    expect(ended).toMatchObject({ type: 'ended' });
    expect(turns.talking).toBe(false);
    expect(turns.finish()).toEqual([]);
    // A breath is not an answer: too little voice ends nothing.
    turns.push(tone(150), false);
    expect(turns.finish()).toEqual([]);
  });

  it('hands out each part of an answer at its pauses, and at the end only what came after the last', () => {
    const turns = new TurnTaking(segmented);
    turns.endOfTurnAfter(1_500);
    const events = turns.push(Buffer.concat([tone(1_000), quiet(500), tone(700), quiet(300), tone(400), quiet(1_520)]), false);
    expect(events.map((e) => e.type)).toEqual(['started', 'paused', 'paused', 'ended']);
    const [, first, second, ended] = events;
    if (first.type !== 'paused' || second.type !== 'paused' || ended.type !== 'ended') throw new Error('not a paused answer');
    const seconds = (pcm: Buffer) => pcm.length / 2 / rate;
    // The first part: the voice up to the pause (the turn started 100 ms in, with its pre-roll) and 450 ms of it.
    expect(seconds(first.audio)).toBeCloseTo(1.45, 1);
    // The second part: the rest of that pause, then voice, a 300 ms breath (no cut), voice, and 450 ms of silence.
    expect(seconds(second.audio)).toBeCloseTo(0.05 + 0.7 + 0.3 + 0.4 + 0.45, 1);
    // What is left is silence: nothing to transcribe; the turn's figures are the whole answer's.
    expect(ended.rest).toBeUndefined();
    expect(ended.voiceMs).toBeGreaterThanOrEqual(2_000);
    expect(ended.longestPauseMs).toBeGreaterThanOrEqual(480);
  });

  it('does not cut at a pause until enough has been said, and gives the words after the last pause as the rest', () => {
    const turns = new TurnTaking(segmented);
    turns.endOfTurnAfter(1_500);
    // 200 ms of voice is under the 250 ms an answer needs: the pause after it cuts nothing.
    expect(turns.push(Buffer.concat([tone(200), quiet(500), tone(600), quiet(300)]), false).map((e) => e.type)).toEqual(['started']);
    const [ended] = turns.finish();
    if (ended?.type !== 'ended') throw new Error('no end');
    // All of it, from the first syllable (kept by the pre-roll) to the press of "I'm done".
    expect(ended.rest!.length / 2 / rate).toBeCloseTo(1.6, 2);
  });

  it('tells how the words before a pause end: done, an unfinished sentence, or a finished one', () => {
    expect(answerEnding("So that is my approach. I'm done.")).toBe('done');
    expect(answerEnding('i am finished')).toBe('done');
    expect(answerEnding("I think that's it")).toBe('done');
    for (const words of ['I used a hash map and', 'so', 'I chose it because', 'then I sorted the', 'um']) expect(answerEnding(words)).toBe('unfinished');
    expect(answerEnding('I used a hash map.')).toBe('finished');
    expect(answerEnding("I'm done with the brute force, then I sorted it")).toBe('finished');
  });

  describe('the words before a pause decide it', () => {
    /** A part of an answer said, then a pause long enough to hand it out: its part number. */
    const spoken = (turns: TurnTaking) => {
      const paused = turns.push(Buffer.concat([tone(700), quiet(500)]), false).find((e): e is Extract<TurnEvent, { type: 'paused' }> => e.type === 'paused');
      if (!paused) throw new Error('no part handed out');
      return paused.part;
    };

    it('a finished sentence: the usual silence ends the turn', () => {
      const turns = new TurnTaking({ ...segmented, endOfTurnMs: 1_000 });
      expect(turns.heard(spoken(turns), 'I would use a hash map.')).toEqual([]);
      expect(turns.push(quiet(400), false)).toEqual([]);
      expect(turns.push(quiet(120), false).map((e) => e.type)).toEqual(['ended']);
    });

    it('an unfinished sentence holds the turn through twice the silence, until voice comes again', () => {
      const turns = new TurnTaking({ ...segmented, endOfTurnMs: 1_000 });
      expect(turns.heard(spoken(turns), 'I would use a hash map and')).toEqual([]);
      expect(turns.push(quiet(1_400), false)).toEqual([]);
      // Voice again: that pause is over, and the next one is decided by its own words.
      const next = spoken(turns);
      expect(turns.heard(next, 'it is linear.')).toEqual([]);
      expect(turns.push(quiet(520), false).map((e) => e.type)).toEqual(['ended']);
      const held = new TurnTaking({ ...segmented, endOfTurnMs: 1_000 });
      held.heard(spoken(held), 'because');
      expect(held.push(quiet(1_400), false)).toEqual([]);
      expect(held.push(quiet(120), false).map((e) => e.type)).toEqual(['ended']);
    });

    it('"I\'m done" ends the turn at once; words that arrive after the candidate went on change nothing', () => {
      const turns = new TurnTaking({ ...segmented, endOfTurnMs: 1_000 });
      const [ended] = turns.heard(spoken(turns), "That's my answer, I'm done");
      expect(ended).toMatchObject({ type: 'ended', voiceMs: expect.any(Number) });
      expect(turns.talking).toBe(false);
      const late = new TurnTaking({ ...segmented, endOfTurnMs: 1_000 });
      const part = spoken(late);
      late.push(tone(200), false);
      expect(late.heard(part, "I'm done")).toEqual([]);
      expect(late.talking).toBe(true);
    });
  });
});
