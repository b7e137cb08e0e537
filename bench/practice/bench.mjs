#!/usr/bin/env node
// GET /api/leetcode-questions (as kept, and sorted by due date) and GET
// /api/leetcode-questions/analytics through the gateway for one user with 2,000 questions and
// 20,000 sessions. Usage (against a running stack, e.g. `npm start`):
//   BASE_URL=http://127.0.0.1:8080 [DATABASE_URL=postgres://...] node bench/practice/bench.mjs
// One user makes all the calls, far past a person's share: start the stack with
//   USER_REQUESTS_PER_SECOND=1000000 USER_REQUEST_BURST=1000000 npm start   (else the reads are 429s)
// Signs a new user up through /auth/v1/signup. With DATABASE_URL (the stack's) it seeds in one SQL
// statement; without it, through the API (22,000 calls, a few minutes).
//
// Timed reads go over keep-alive node:http and count until the last byte arrived, without
// unzipping (as wrk or autocannon do): on a small shared machine the load generator's own
// decompression would otherwise be most of what is measured.
//
// Three ways a client reads the list, each CALLS calls with CONCURRENCY in flight:
//   full body    a client without an HTTP cache (Accept-Encoding: gzip, no If-None-Match)
//   revalidated  a browser: If-None-Match with the ETag it holds, 304 while nothing changed
//   after write  a review is logged (untimed) before every read, so every read finds the list
//                changed and rebuilds it (rereading the reviewed question, compressing anew);
//                at most the daily review cap less 10 calls (one account's day)
//   by due       the list ordered by due date (?sort=due), what the due queue reads
//   analytics    the /analytics summary (one SQL statement over the questions and 12 weeks of sessions)
// CONCURRENCY=1 gives one client's view: what a candidate waits for after logging a review.
import http from 'node:http';
import { createRequire } from 'node:module';
import https from 'node:https';
import pg from 'pg';

// The caps a candidate works within (built by `npm start`).
const { caps } = createRequire(import.meta.url)('../../libs/contracts/dist/index.js');
const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const questions = Number(process.env.QUESTIONS ?? 2000);
const sessionsPerQuestion = Number(process.env.SESSIONS_PER_QUESTION ?? 10);
const calls = Number(process.env.CALLS ?? 1000);
const concurrency = Number(process.env.CONCURRENCY ?? 10);
const schema = process.env.PRACTICE_SCHEMA ?? 'practice';
const target = Number(process.env.TARGET_P95_MS ?? 50);

const json = async (res) => {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
};

const email = `bench.${Date.now()}@example.com`;
const session = await json(
  await fetch(`${base}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench1234' }),
  }),
);
const headers = { Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json' };
const userId = session.user.id;
const list = `${base}/api/leetcode-questions`;

const seedStarted = Date.now();
// Makes sure the practice schema exists (its migrations ran) before seeding it directly.
await json(await fetch(list, { headers }));
// Reviews are seeded over the 119 days before today: today's belong to the timed writes, which
// stay within the daily cap (caps.reviewsPerDay). Through the API the caps allow no bulk load.
if (!process.env.DATABASE_URL && questions * sessionsPerQuestion > caps.reviewsPerDay) {
  throw new Error(`${questions * sessionsPerQuestion} reviews exceed a day's cap (${caps.reviewsPerDay}): set DATABASE_URL (the stack's) to seed in SQL`);
}
if (process.env.DATABASE_URL) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(
    `WITH q AS (
       INSERT INTO ${schema}.leetcode_questions (user_id, title, difficulty, tags, created_at)
       SELECT $1, 'Problem ' || g, (ARRAY['Easy','Medium','Hard'])[1 + g % 3], 'bench,seeded', now() - (g || ' minutes')::interval
       FROM generate_series(1, $2) g RETURNING id)
     INSERT INTO ${schema}.leetcode_sessions (user_id, question_id, correctness, confidence, timer, notes, created_at)
     SELECT $1, q.id, (random() * 100)::int, (random() * 100)::int, (random() * 90)::int, NULL, now() - interval '1 day' * (1 + random() * 119)
     FROM q, generate_series(1, $3)`,
    [userId, questions, sessionsPerQuestion],
  );
  // Rows written behind the service's back: bring each question's review summary up to date, and
  // spread due dates from 20 days overdue to 60 days ahead, as a candidate's would be.
  await client.query(`SELECT ${schema}.refresh_question_summary(id) FROM ${schema}.leetcode_questions WHERE user_id = $1`, [userId]);
  await client.query(`UPDATE ${schema}.leetcode_questions SET due_at = now() + interval '1 day' * (random() * 80 - 20) WHERE user_id = $1`, [userId]);
  // As autovacuum would soon after a bulk load; done now so it does not run during the timed calls.
  await client.query(`VACUUM ANALYZE ${schema}.leetcode_questions, ${schema}.leetcode_sessions`);
  await client.end();
} else {
  for (let i = 0; i < questions; i++) {
    const { data } = await json(
      await fetch(list, { method: 'POST', headers, body: JSON.stringify({ title: `Problem ${i}`, difficulty: 'Medium', tags: 'bench' }) }),
    );
    for (let s = 0; s < sessionsPerQuestion; s++) {
      await json(
        await fetch(`${list}/${data.id}/session`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ question_id: data.id, correctness: 70, confidence: 60, timer: 20, notes: null }),
        }),
      );
    }
  }
}
const items = await json(await fetch(list, { headers }));
const sessionCount = items.reduce((n, q) => n + q.session_count, 0);
console.log(`seeded ${items.length} questions, ${sessionCount} sessions in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
if (items.length !== questions || sessionCount !== questions * sessionsPerQuestion) throw new Error('the list does not show what was seeded');

const agent = new (base.startsWith('https:') ? https : http).Agent({ keepAlive: true, maxSockets: concurrency });
/** One GET (of the list by default); resolves with the status and the raw (maybe gzipped) body once it all arrived. */
const read = (extra = {}, url = list) =>
  new Promise((resolve, reject) => {
    const req = (base.startsWith('https:') ? https : http).get(
      url,
      { agent, headers: { Authorization: headers.Authorization, 'Accept-Encoding': 'gzip', ...extra } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks), headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });

/** Runs `calls` timed reads, `concurrency` at a time; `before` (untimed) runs ahead of each; flags a p95 over the target. */
async function phase(name, { read, before, targeted = true, count = calls }) {
  // Untimed warm-up at the same concurrency: keys fetched, every pooled connection (client →
  // gateway → service → Postgres) opened, code compiled. What is timed is the steady state.
  let warm = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (warm++ < 10 * concurrency) await read();
    }),
  );
  const timings = [];
  const stats = { bytes: 0, statuses: new Map() };
  let next = 0;
  const wall = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) {
        if (before) await before();
        const started = performance.now();
        const res = await read();
        const body = res.body;
        const ms = performance.now() - started;
        if (res.status !== 200 && res.status !== 304) throw new Error(`${res.status} ${body}`);
        timings.push(ms);
        stats.bytes = body.length;
        stats.statuses.set(res.status, (stats.statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - wall) / 1000;
  timings.sort((a, b) => a - b);
  const pct = (p) => timings[Math.min(timings.length - 1, Math.ceil((p / 100) * timings.length) - 1)];
  const statuses = [...stats.statuses].map(([s, n]) => `${n}×${s}`).join(' ');
  console.log(
    `${name.padEnd(12)} p50 ${pct(50).toFixed(1).padStart(6)} ms  p95 ${pct(95).toFixed(1).padStart(6)} ms  p99 ${pct(99).toFixed(1).padStart(6)} ms  max ${timings.at(-1).toFixed(1).padStart(6)} ms  ` +
      `${(timings.length / elapsed).toFixed(0).padStart(4)} req/s  ${(stats.bytes / 1024).toFixed(0)} KB on the wire  (${statuses})${!targeted || pct(95) <= target ? '' : `  p95 over ${target} ms`}`,
  );
  return { p50: pct(50), p95: pct(95), p99: pct(99) };
}

const first = await fetch(list, { headers });
const etag = first.headers.get('etag');
const plainBytes = (await first.text()).length;
console.log(
  `GET /api/leetcode-questions: ${items.length} items, ${(plainBytes / 1024).toFixed(0)} KB of JSON; ${calls} calls per way, ${concurrency} at a time, through ${base}`,
);

await phase('full body', { read: () => read() });
await phase('revalidated', { read: () => read({ 'If-None-Match': etag ?? '' }) });
const byDue = `${list}?sort=due`;
const dueOrder = await json(await fetch(byDue, { headers }));
if (dueOrder.length !== items.length || dueOrder.some((q, i) => i > 0 && q.due_at < dueOrder[i - 1].due_at)) throw new Error('?sort=due is not in due order');
await phase('by due', { read: () => read({}, byDue) });
const analytics = `${list}/analytics`;
const summary = await json(await fetch(analytics, { headers }));
if (summary.questions !== questions || summary.total_reviews !== questions * sessionsPerQuestion) throw new Error('the analytics do not show what was seeded');
await phase('analytics', { read: () => read({}, analytics) });
let n = 0;
// A candidate logs at most caps.reviewsPerDay reviews a day (429 past it): this phase stays under it.
await phase('after write', {
  count: Math.min(calls, caps.reviewsPerDay - 10),
  before: async () => {
    const q = items[n++ % items.length];
    await json(
      await fetch(`${list}/${q.id}/session`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ question_id: q.id, correctness: 80, confidence: 70, timer: 15, notes: null }),
      }),
    );
  },
  read: () => read(),
  // The target is the issue's: reads of the list, 10 at a time. Here each client also writes, so
  // the machine spends most of its time on the writes; the figure shows what a write costs a read.
  targeted: false,
});
agent.destroy();
