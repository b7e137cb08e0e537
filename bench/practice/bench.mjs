#!/usr/bin/env node
// GET /api/leetcode-questions through the gateway for one user with 2,000 questions and 20,000
// sessions. Usage (against a running stack):
//   BASE_URL=http://127.0.0.1:8080 DATABASE_URL=postgres://... node bench/practice/bench.mjs
// DATABASE_URL (the stack's) seeds in one SQL statement; without it the API seeds (slower).
import pg from 'pg';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const questions = Number(process.env.QUESTIONS ?? 2000);
const sessionsPerQuestion = Number(process.env.SESSIONS_PER_QUESTION ?? 10);
const calls = Number(process.env.CALLS ?? 300);
const concurrency = Number(process.env.CONCURRENCY ?? 10);

const json = async (res) => {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
};

const email = `bench.${Date.now()}@example.com`;
const session = await json(await fetch(`${base}/auth/v1/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: 'bench1234' }) }));
const headers = { Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json' };
const userId = session.user.id;

const seedStarted = Date.now();
// Make sure the practice schema exists (its migrations ran) before seeding it directly.
await json(await fetch(`${base}/api/leetcode-questions`, { headers }));
if (process.env.DATABASE_URL) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(
    `WITH q AS (
       INSERT INTO practice.leetcode_questions (user_id, title, difficulty, tags, created_at)
       SELECT $1, 'Problem ' || g, (ARRAY['Easy','Medium','Hard'])[1 + g % 3], 'bench,seeded', now() - (g || ' minutes')::interval
       FROM generate_series(1, $2) g RETURNING id)
     INSERT INTO practice.leetcode_sessions (user_id, question_id, correctness, confidence, timer, notes, created_at)
     SELECT $1, q.id, (random() * 100)::int, (random() * 100)::int, (random() * 90)::int, NULL, now() - (random() * 120 || ' days')::interval
     FROM q, generate_series(1, $3)`,
    [userId, questions, sessionsPerQuestion],
  );
  // Rows written behind the service's back: bring each question's review summary up to date.
  await client.query('SELECT practice.refresh_question_summary(id) FROM practice.leetcode_questions WHERE user_id = $1', [userId]);
  await client.query('ANALYZE practice.leetcode_questions; ANALYZE practice.leetcode_sessions');
  await client.end();
} else {
  for (let i = 0; i < questions; i++) {
    const { data } = await json(await fetch(`${base}/api/leetcode-questions`, { method: 'POST', headers, body: JSON.stringify({ title: `Problem ${i}`, difficulty: 'Medium', tags: 'bench' }) }));
    for (let s = 0; s < sessionsPerQuestion; s++) {
      await json(await fetch(`${base}/api/leetcode-questions/${data.id}/session`, { method: 'POST', headers, body: JSON.stringify({ question_id: data.id, correctness: 70, confidence: 60, timer: 20, notes: null }) }));
    }
  }
}
console.log(`seeded ${questions} questions × ${sessionsPerQuestion} sessions in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

const timings = [];
let bytes = 0;
const one = async () => {
  const started = performance.now();
  const res = await fetch(`${base}/api/leetcode-questions`, { headers });
  const body = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${body}`);
  timings.push(performance.now() - started);
  bytes = body.length;
};
for (let i = 0; i < 10; i++) await one(); // warm-up: JWKS, connection pools, plans
timings.length = 0;
let next = 0;
const wall = performance.now();
await Promise.all(Array.from({ length: concurrency }, async () => {
  while (next++ < calls) await one();
}));
const elapsed = (performance.now() - wall) / 1000;
timings.sort((a, b) => a - b);
const pct = (p) => timings[Math.min(timings.length - 1, Math.ceil((p / 100) * timings.length) - 1)].toFixed(1);
console.log(`GET /api/leetcode-questions (${questions} items, ${(bytes / 1024).toFixed(0)} KB), ${timings.length} calls, ${concurrency} at a time:`);
console.log(`  p50 ${pct(50)} ms   p95 ${pct(95)} ms   p99 ${pct(99)} ms   max ${timings.at(-1).toFixed(1)} ms   ${(timings.length / elapsed).toFixed(0)} req/s`);
