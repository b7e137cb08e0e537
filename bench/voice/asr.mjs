#!/usr/bin/env node
// How well the local interviewer hears answers (issue 24 item 4). Held-out answers
// (bench/voice/asr-answers.mjs: 36 technical, 6 ordinary) are synthesised in two voices, played
// into the agent's websocket in real time as a browser's microphone would (100 ms user_audio_chunk
// frames, room noise between answers), and the transcripts the agent filed with the session are
// compared with what was said. Printed per voice: the word error rate, the reply latency (the end
// of the answer's voice → the interviewer's first audio, with and without the pause rule), and the
// length of the first interview, a full default one (20 minutes, no company or level), held to its
// goodbye: when the answers run out before it, they are played again (each is counted once in the
// word error rate).
//
//   node bench/voice/asr.mjs [voices=rms,slt] [model=interview|general]
//
// Needs Postgres and NATS (DATABASE_URL / NATS_URL, default 127.0.0.1) and Debian's pocketsphinx.
// The service runs in this process from its TypeScript sources, with a clock that runs at real time
// but jumps over the interviewer's speech (the candidate would listen to it; the bench does not
// wait it out): simulated call time = wall time + the interviewer audio skipped.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { wordErrors } from './word-errors.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const require = createRequire(import.meta.url);

// The service's TypeScript is compiled on load by services/voice/test/source-main.js (as the
// tests run it): run this file again through it.
if (!require.extensions['.ts']) {
  const { status } = spawnSync(
    process.execPath,
    [path.join(root, 'services/voice/test/source-main.js'), fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(status ?? 1);
}

// Loaded through require(esm): no top-level await below.
const [voicesArg = 'rms,slt', model = 'interview'] = process.argv.slice(3);
const voices = voicesArg.split(',');
const { answers, technicalAnswers } = require('./asr-answers.mjs');
const { TestEnvironment } = require(path.join(root, 'libs/service-kit/src/testing/index.ts'));
const { createVoiceService } = require(path.join(root, 'services/voice/src/index.ts'));
const { SpeechSynthesizer } = require(path.join(root, 'services/voice/src/agent/speech.ts'));
const { wordsOf } = require(path.join(root, 'services/voice/src/agent/language-model.ts'));
const { interviewCorpus } = require(path.join(root, 'services/voice/src/interview/vocabulary.ts'));
// The voice service's own websocket client (its dependency), as the browser's stand-in.
const WebSocket = createRequire(path.join(root, 'services/voice/package.json'))('ws');

const rate = 16_000;
const chunkMs = 100;
const chunkBytes = (rate * 2 * chunkMs) / 1000;
const endOfTurnMs = 1_800;
const thinkingPauseMs = 3_500;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The held-out answers must not be in the model's corpus; how much of their word triples it contains is shown. */
function heldOutCheck() {
  const corpus = interviewCorpus().map((line) => wordsOf(line).join(' '));
  const joined = new Set(corpus);
  const leaked = answers.filter(
    (a) => joined.has(wordsOf(a).join(' ')) || corpus.some((line) => line.length > 20 && wordsOf(a).join(' ').includes(line) && line.split(' ').length >= 8),
  );
  if (leaked.length > 0) throw new Error(`test answers found in the language model's corpus: ${leaked.join(' | ')}`);
  const triples = new Set();
  for (const line of corpus) {
    const w = line.split(' ');
    for (let i = 0; i + 2 < w.length; i++) triples.add(w.slice(i, i + 3).join(' '));
  }
  let inCorpus = 0;
  let total = 0;
  for (const a of answers) {
    const w = wordsOf(a);
    for (let i = 0; i + 2 < w.length; i++) {
      total++;
      if (triples.has(w.slice(i, i + 3).join(' '))) inCorpus++;
    }
  }
  return { inCorpus, total };
}

/** Spelling variants a reader takes as the same words. */
const variants = { hashmap: 'hash map', hashset: 'hash set', serialise: 'serialize', neighbours: 'neighbors', lookup: 'look up' };
const normalised = (text) => wordsOf(text).flatMap((w) => (variants[w] ?? w).split(' '));

/** Room noise, well under the agent's voice threshold: a microphone never sends digital silence. */
function roomNoise(ms) {
  const pcm = Buffer.alloc(Math.round((rate * ms) / 1000) * 2);
  for (let i = 0; i < pcm.length / 2; i++) pcm.writeInt16LE(Math.round((Math.random() - 0.5) * 60), i * 2);
  return pcm;
}

async function synthesise(voice) {
  // The candidate speaks at Flite's natural pace (stretch 1), a little under the interviewer's level.
  const speech = new SpeechSynthesizer({ VOICE_TTS_VOICE: voice, VOICE_TTS_STRETCH: 1 });
  const out = [];
  for (const text of answers) {
    const sentences = await Promise.all(speech.speak(text));
    out.push(Buffer.concat(sentences.flatMap((s) => [s, roomNoise(250)])));
  }
  await speech.onModuleDestroy();
  return out;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** A clock at real time that can jump over what the interviewer says. */
class SkippingClock {
  skipped = 0;
  now() {
    return Date.now() + this.skipped;
  }
  skip(ms) {
    this.skipped += ms;
  }
}

/**
 * One call: plays answers from `pending` until the goodbye (or they run out; with `untilGoodbye`,
 * answers already played are played again, flagged as replays, so the call reaches its end); what
 * was played, and the reply latencies.
 */
async function interview(voiceService, env, user, clock, pending, audio, untilGoodbye) {
  const res = await fetch(`${voiceService.url}/api/elevenlabs/signed-url`, { headers: await env.authHeader(user) });
  if (res.status !== 200) throw new Error(`signed-url answered ${res.status}: ${await res.text()}`);
  const { signedUrl, sessionId } = await res.json();
  const ws = new WebSocket(new URL(signedUrl, voiceService.url.replace(/^http/, 'ws')).toString(), ['convai']);
  const played = [];
  const latencies = [];
  let stage = 'introduction';
  let lastAudioAt = 0;
  let receivedMs = 0;
  let waitingReply;
  let closed = false;
  const lines = [];
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString());
    if (m.type === 'ping') ws.send(JSON.stringify({ type: 'pong', event_id: m.ping_event.event_id }));
    if (m.type === 'agent_response') {
      const line = m.agent_response_event.agent_response;
      lines.push(line);
      if (line.includes('Take your time and think out loud.')) stage = 'main';
      else if (/Now a few questions about your experience|Thanks\. Another one\./.test(line)) stage = 'behavioural';
      else if (line.includes('What questions do you have for me?')) stage = 'candidate questions';
    }
    if (m.type === 'audio') {
      if (waitingReply) {
        waitingReply.resolve(performance.now());
        waitingReply = undefined;
      }
      lastAudioAt = performance.now();
      receivedMs += (Buffer.from(m.audio_event.audio_base_64, 'base64').length / 2 / rate) * 1000;
    }
  });
  const done = new Promise((resolve) => ws.once('close', () => resolve((closed = true))));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));

  // The microphone: 100 ms frames at real time, the answer when there is one, else room noise.
  let speaking;
  const microphone = (async () => {
    const start = performance.now();
    for (let frame = 0; !closed; frame++) {
      let chunk;
      if (speaking && speaking.offset < speaking.pcm.length) {
        chunk = speaking.pcm.subarray(speaking.offset, speaking.offset + chunkBytes);
        speaking.offset += chunkBytes;
        if (speaking.offset >= speaking.pcm.length) speaking.finished(performance.now());
      } else chunk = roomNoise(chunkMs);
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ user_audio_chunk: chunk.toString('base64') }));
      await sleep(Math.max(0, start + (frame + 1) * chunkMs - performance.now()));
    }
  })();

  while (!closed) {
    // The interviewer's words have all arrived when none came for 600 ms: the clock then jumps over them.
    while (!closed && (receivedMs === 0 || performance.now() - lastAudioAt < 600)) await sleep(50);
    if (closed) break;
    clock.skip(receivedMs + 300);
    receivedMs = 0;
    if (/Goodbye!$/.test(lines[lines.length - 1] ?? '')) {
      await done;
      break;
    }
    if (pending.length === 0 && !untilGoodbye) break;
    const replay = pending.length === 0;
    const index = replay ? played[played.length % Math.max(1, played.filter((p) => !p.replay).length)].index : pending.shift();
    const rule = stage === 'main' ? thinkingPauseMs : endOfTurnMs;
    // The answer's own voice ends before its trailing room noise (250 ms): that is when the candidate stopped.
    const pcm = audio[index];
    const voiceEnd = await new Promise((resolve) => {
      speaking = { pcm, offset: 0, finished: (t) => resolve(t - 250) };
    });
    const reply = await new Promise((resolve) => {
      waitingReply = { resolve };
      void done.then(() => resolve(undefined));
    });
    played.push({ index, replay });
    if (reply !== undefined) latencies.push({ ms: reply - voiceEnd, rule });
  }
  if (!closed) ws.close(1000);
  await done;
  await microphone;
  return { sessionId, played, latencies };
}

async function main() {
  const check = heldOutCheck();
  const env = await TestEnvironment.create();
  const clock = new SkippingClock();
  const overrides = { VOICE_STARTER_CREDITS: '100000' };
  if (model === 'general') overrides.VOICE_ASR_COMMAND = 'pocketsphinx_continuous -infile {audio} -samprate {rate} -logfn /dev/null';
  const voiceService = await env.start(createVoiceService({ clock }), overrides);
  const user = env.newUser();
  console.log(
    `${answers.length} held-out answers (${technicalAnswers.length} technical); ${check.inCorpus} of their ${check.total} word triples occur in the model's corpus; model ${model}; ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  try {
    for (const voice of voices) {
      const audio = await synthesise(voice);
      const seconds = audio.reduce((s, a) => s + a.length / 2 / rate, 0);
      const pending = answers.map((_, i) => i);
      const calls = [];
      // The first call is a full default interview, held to its goodbye (its length is a figure).
      while (pending.length > 0) calls.push(await interview(voiceService, env, user, clock, pending, audio, calls.length === 0));
      const totals = { technical: { errors: 0, words: 0 }, ordinary: { errors: 0, words: 0 } };
      const misheard = [];
      let defaultLength;
      for (const [n, call] of calls.entries()) {
        // The agent files each transcript once the recogniser is done: wait for all of them.
        let session;
        for (let tries = 0; tries < 240; tries++) {
          const res = await fetch(`${voiceService.url}/api/voice/sessions/${call.sessionId}`, { headers: await env.authHeader(user) });
          session = await res.json();
          const users = (session.transcript ?? []).filter((t) => t.role === 'user');
          if (session.status === 'ended' && users.length >= call.played.length && users.every((t) => t.message)) break;
          await sleep(500);
        }
        const heard = session.transcript.filter((t) => t.role === 'user').map((t) => t.message);
        if (heard.length !== call.played.length)
          console.log(`  call ${n + 1}: ${call.played.length} answers played, ${heard.length} filed (not aligned, skipped)`);
        else
          call.played.forEach(({ index, replay }, i) => {
            if (replay) return; // heard once already: counted once
            const e = wordErrors(normalised(answers[index]), normalised(heard[i]));
            const bucket = index < technicalAnswers.length ? totals.technical : totals.ordinary;
            bucket.errors += e.errors;
            bucket.words += e.words;
            if (e.errors > 0) misheard.push({ errors: e.errors, said: answers[index], heard: heard[i] });
          });
        if (n === 0 && session.end_reason === 'agent') defaultLength = session.duration_seconds;
      }
      const latencies = calls.flatMap((c) => c.latencies);
      const all = { errors: totals.technical.errors + totals.ordinary.errors, words: totals.technical.words + totals.ordinary.words };
      const pct = (t) => `${((100 * t.errors) / t.words).toFixed(1)}%`;
      const ms = (v) => `${Math.round(v)} ms`;
      console.log(`\nvoice ${voice}: ${seconds.toFixed(0)} s of answers in ${calls.length} calls; load ${os.loadavg()[0].toFixed(2)}`);
      console.log(`  word error rate ${pct(all)} (${all.errors}/${all.words}); technical ${pct(totals.technical)}, ordinary ${pct(totals.ordinary)}`);
      console.log(
        `  reply after the answer's end, ${latencies.length} replies: p50 ${ms(
          percentile(
            latencies.map((l) => l.ms),
            50,
          ),
        )}, p95 ${ms(
          percentile(
            latencies.map((l) => l.ms),
            95,
          ),
        )}; beyond the pause rule: p50 ${ms(
          percentile(
            latencies.map((l) => l.ms - l.rule),
            50,
          ),
        )}, p95 ${ms(
          percentile(
            latencies.map((l) => l.ms - l.rule),
            95,
          ),
        )}, max ${ms(Math.max(...latencies.map((l) => l.ms - l.rule)))}`,
      );
      console.log(
        `  full default interview (first call, simulated time): ${defaultLength === undefined ? 'did not reach its goodbye' : `${Math.floor(defaultLength / 60)} min ${defaultLength % 60} s`}`,
      );
      for (const m of misheard.sort((a, b) => b.errors - a.errors).slice(0, 6))
        console.log(`    ${m.errors} wrong: "${m.said}"\n             heard "${m.heard}"`);
    }
  } finally {
    await env.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
