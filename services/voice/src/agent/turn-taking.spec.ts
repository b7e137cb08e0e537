import { TurnTaking } from './turn-taking';

const rate = 16_000;
const tone = (ms: number, amplitude = 4000) => {
  const pcm = Buffer.alloc(Math.round((rate * ms) / 1000) * 2);
  for (let i = 0; i < pcm.length / 2; i++) pcm.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * 220 * i) / rate)), i * 2);
  return pcm;
};
const quiet = (ms: number) => tone(ms, 20);
const options = { sampleRate: rate, startMs: 100, bargeInMs: 400, endOfTurnMs: 600, minVoiceMs: 250, preRollMs: 300, maxTurnMs: 5_000 };

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
    expect(ended.audio.length / 2 / rate).toBeGreaterThan(1.5);
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
});
