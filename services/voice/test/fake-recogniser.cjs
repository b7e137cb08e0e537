#!/usr/bin/env node
// A recogniser for tests (VOICE_ASR_COMMAND="node test/fake-recogniser.cjs {audio}"): it hears tones,
// not words. Each burst of voice in the WAV is read by its pitch as one phrase of an answer, so a test
// speaks a finished sentence, an unfinished one, "I'm done" or a mumble with a tone (helpers.ts, `said`).
const { readFileSync } = require('node:fs');

const phrases = [
  { hz: 220, words: 'I would keep a hash map of the numbers seen so far.' },
  { hz: 330, words: 'First I tried the brute force and' },
  { hz: 440, words: "I'm done." },
  // A mumble: voice in which no word is found.
  { hz: 660, words: '' },
];

const wav = readFileSync(process.argv[2]);
const rate = wav.readUInt32LE(24);
const pcm = wav.subarray(44, 44 + wav.readUInt32LE(40));
const frame = Math.round(rate / 50);
const heard = [];
let burst = null;
// Crossings counted with hysteresis (the signal must pass ±300), so room noise adds none.
let side = 0;
for (let start = 0; start + frame <= pcm.length / 2; start += frame) {
  let energy = 0;
  let crossings = 0;
  for (let i = start; i < start + frame; i++) {
    const s = pcm.readInt16LE(i * 2);
    energy += s * s;
    const now = s > 300 ? 1 : s < -300 ? -1 : side;
    if (side !== 0 && now !== side) crossings++;
    side = now;
  }
  const voiced = Math.sqrt(energy / frame) > 300;
  if (voiced) {
    burst ??= { crossings: 0, frames: 0 };
    burst.crossings += crossings;
    burst.frames++;
  } else if (burst) {
    heard.push(burst);
    burst = null;
  }
}
if (burst) heard.push(burst);
const words = heard
  .filter((b) => b.frames >= 5)
  .map((b) => {
    const hz = b.crossings / 2 / (b.frames / 50);
    return phrases.reduce((best, p) => (Math.abs(p.hz - hz) < Math.abs(best.hz - hz) ? p : best)).words;
  });
process.stdout.write(words.filter(Boolean).join(' '));
