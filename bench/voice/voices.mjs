#!/usr/bin/env node
// The local interviewer's voices compared (issue 24 item 5): for each voice Flite's WASI build
// carries, at the pace and loudness the service uses, the words a minute, the loudness (RMS dBFS),
// the time to make the first sentence and a whole introduction, and how well pocketsphinx reads
// the questions back (word error rate) when it is installed (Debian pocketsphinx pocketsphinx-en-us).
//
//   npx nx run voice:build && node bench/voice/voices.mjs [stretch=1.1]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { wordErrors } from './word-errors.mjs';

const require = createRequire(import.meta.url);
const { SpeechSynthesizer } = require('../../services/voice/dist/agent/speech.js');
const { pcmToWav } = require('../../services/voice/dist/agent/wav.js');
const { questionBank } = require('../../services/voice/dist/interview/question-bank.js');

const stretch = Number(process.argv[2] ?? 1.1);
const voices = ['slt', 'rms', 'awb', 'kal16'];
const introduction =
  'Hello, and thanks for joining. I will be your interviewer today for Acme. This is a 20 minute interview: a few technical questions, a behavioural one, then time for your questions. To start, please tell me briefly about yourself.';
// The first 30 technical questions: what the candidate hears most.
const questions = questionBank
  .filter((q) => q.kind !== 'behavioural')
  .slice(0, 30)
  .map((q) => q.question);

const words = (text) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
const dbfs = (pcm) => {
  let sum = 0;
  for (let i = 0; i < pcm.length / 2; i++) sum += pcm.readInt16LE(i * 2) ** 2;
  return 20 * Math.log10(Math.sqrt(sum / (pcm.length / 2)) / 32_768);
};
let recogniser = true;
try {
  execFileSync('pocketsphinx_continuous', ['-h'], { stdio: 'ignore' });
} catch (err) {
  recogniser = err.status !== undefined && err.code !== 'ENOENT';
}
const dir = mkdtempSync(path.join(os.tmpdir(), 'voices-'));

console.log(`Flite voices at duration_stretch ${stretch}, ${questions.length} questions; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}`);
console.log('voice   words/min   dBFS    first sentence   introduction   word error rate (pocketsphinx)');
try {
  for (const voice of voices) {
    const speech = new SpeechSynthesizer({ VOICE_TTS_VOICE: voice, VOICE_TTS_STRETCH: stretch });
    // As the service does at start: Flite compiled before the first words are asked for.
    await speech.speak('Warm up.')[0];
    let t = performance.now();
    await speech.speak('Hello, and thanks for joining.')[0];
    const firstMs = performance.now() - t;
    t = performance.now();
    await Promise.all(speech.speak(introduction));
    const introMs = performance.now() - t;
    let spokenWords = 0;
    let secs = 0;
    let all = [];
    const heard = { errors: 0, words: 0 };
    for (const question of questions) {
      const audio = Buffer.concat(await Promise.all(speech.speak(question)));
      all.push(audio);
      spokenWords += words(question).length;
      secs += audio.length / 32_000;
      if (!recogniser) continue;
      const file = path.join(dir, 'question.wav');
      writeFileSync(file, pcmToWav(audio, 16_000));
      const text = execFileSync('pocketsphinx_continuous', ['-infile', file, '-samprate', '16000', '-logfn', '/dev/null']).toString();
      const e = wordErrors(words(question), words(text));
      heard.errors += e.errors;
      heard.words += e.words;
    }
    const rate = recogniser ? `${((100 * heard.errors) / heard.words).toFixed(1)}%` : 'n/a (pocketsphinx not installed)';
    console.log(
      `${voice.padEnd(7)} ${String(Math.round(spokenWords / (secs / 60))).padStart(9)}   ${dbfs(Buffer.concat(all)).toFixed(1).padStart(5)}   ${`${Math.round(firstMs)} ms`.padStart(14)}   ${`${Math.round(introMs)} ms`.padStart(12)}   ${rate}`,
    );
    await speech.onModuleDestroy();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
