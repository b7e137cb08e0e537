import { questionBank } from '../interview/question-bank';
import { normalised, sentencesOf, SpeechSynthesizer } from './speech';

// Synthesis runs about real time on a loaded machine.
jest.setTimeout(60_000);

const dbfsOf = (pcm: Buffer) => {
  let sum = 0;
  for (let i = 0; i < pcm.length / 2; i++) sum += pcm.readInt16LE(i * 2) ** 2;
  return 20 * Math.log10(Math.sqrt(sum / (pcm.length / 2)) / 32_768);
};
const seconds = (pcm: Buffer) => pcm.length / 2 / 16_000;
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('the interviewer voice', () => {
  it('splits what it says into sentences, keeping their punctuation', () => {
    expect(sentencesOf('Thank you. What is the time complexity? Great!')).toEqual(['Thank you.', 'What is the time complexity?', 'Great!']);
    expect(sentencesOf('No full stop at the end')).toEqual(['No full stop at the end']);
  });

  it('brings audio to -20 dBFS, and never past full scale', () => {
    const quiet = Buffer.alloc(3_200);
    for (let i = 0; i < 1_600; i++) quiet.writeInt16LE(Math.round(800 * Math.sin(i / 5)), i * 2);
    expect(dbfsOf(normalised(quiet))).toBeCloseTo(-20, 0);
    const spiky = Buffer.alloc(3_200);
    spiky.writeInt16LE(30_000, 0);
    const louder = normalised(spiky);
    expect(Math.abs(louder.readInt16LE(0))).toBeLessThanOrEqual(32_767);
    expect(normalised(Buffer.alloc(0))).toHaveLength(0);
  });

  it('speaks the questions in its default voice (rms) at 150-170 words a minute and -20 dBFS, a sentence at a time', async () => {
    const speech = new SpeechSynthesizer({ VOICE_TTS_VOICE: 'rms', VOICE_TTS_STRETCH: 1.1 });
    const text = questionBank
      .slice(0, 6)
      .map((q) => q.question)
      .join(' ');
    const sentences = speech.speak(text);
    expect(sentences).toHaveLength(sentencesOf(text).length);
    const audio = Buffer.concat(await Promise.all(sentences));
    const perMinute = words(text) / (seconds(audio) / 60);
    expect(perMinute).toBeGreaterThanOrEqual(150);
    expect(perMinute).toBeLessThanOrEqual(170);
    expect(dbfsOf(audio)).toBeGreaterThan(-21.5);
    expect(dbfsOf(audio)).toBeLessThan(-18.5);
    await speech.onApplicationShutdown();
  });

  it.each(['slt', 'awb', 'kal16'] as const)('speaks with the %s voice too, as loud as the others', async (voice) => {
    const speech = new SpeechSynthesizer({ VOICE_TTS_VOICE: voice, VOICE_TTS_STRETCH: 1 });
    const [audio] = speech.speak('Walk me through how you would design a URL shortener.');
    expect(dbfsOf(await audio)).toBeCloseTo(-20, 0);
    await speech.onApplicationShutdown();
  });
});
