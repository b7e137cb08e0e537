#!/usr/bin/env node
// GET /api/leetcode-questions/due (the "Review due" session's queue) through the gateway, for one
// user with 2,000 problems and 100,000 reviews, in a table of 100,000 problems (the rest other
// users'). Usage (against a running stack, e.g. `npm start`, and its database for the seed):
//   BASE_URL=http://127.0.0.1:8080 DATABASE_URL=postgres://... node bench/practice/due-queue.mjs
// One user makes all the calls, far past a person's share: start the stack with
//   USER_REQUESTS_PER_SECOND=1000000 USER_REQUEST_BURST=1000000 npm start   (else the reads are 429s)
// Daily limits are raised to the most allowed (500 reviews, 100 new) so the queue is as long as it
// gets. RUNS (default 3) runs of CALLS (default 500) timed calls at each CONCURRENCY (default
// "1,10"), over keep-alive node:http after an untimed warm-up; prints p50/p95/p99 and flags a p95
// over TARGET_P95_MS (50). For reference each run also times GET /api/error-types (a fixed answer
// from memory: the same gateway, token check and service with no work), which shows what the
// machine's load alone costs.
import http from 'node:http';
import pg from 'pg';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const questions = Number(process.env.QUESTIONS ?? 2000);
const reviews = Number(process.env.REVIEWS ?? 100_000);
const tableProblems = Number(process.env.TABLE_PROBLEMS ?? 100_000);
const calls = Number(process.env.CALLS ?? 500);
const runs = Number(process.env.RUNS ?? 3);
const concurrencies = (process.env.CONCURRENCY ?? '1,10').split(',').map(Number);
const schema = process.env.PRACTICE_SCHEMA ?? 'practice';
const target = Number(process.env.TARGET_P95_MS ?? 50);
if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL (the stack’s): 100,000 reviews are past the daily caps of the API');

const json = async (res) => {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
};
const session = await json(
  await fetch(`${base}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `bench.due.${Date.now()}@example.com`, password: 'bench1234' }),
  }),
);
const headers = { Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json' };
const userId = session.user.id;
const due = `${base}/api/leetcode-questions/due`;
const reference = `${base}/api/error-types`;
await json(
  await fetch(`${base}/api/leetcode-questions/review-limits`, { method: 'PUT', headers, body: JSON.stringify({ daily_review_limit: 500, new_per_day: 100 }) }),
);

const seedStarted = Date.now();
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
// The user's problems, a tenth never reviewed, and their reviews over the 119 days before today;
// then other users' problems up to the table's size.
await client.query(
  `INSERT INTO ${schema}.leetcode_questions (user_id, title, difficulty, tags, created_at)
   SELECT $1, 'Problem ' || g, (ARRAY['Easy','Medium','Hard'])[1 + g % 3], 'bench', now() - (g || ' minutes')::interval
   FROM generate_series(1, $2) g`,
  [userId, questions],
);
await client.query(
  `INSERT INTO ${schema}.leetcode_sessions (user_id, question_id, correctness, confidence, timer, created_at)
   SELECT $1, q.id, (random() * 100)::int, (random() * 100)::int, (random() * 90)::int, now() - interval '1 day' * (1 + random() * 118)
   FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM ${schema}.leetcode_questions WHERE user_id = $1) q, generate_series(1, ceil($3::float8 / ($2::int - $2::int / 10))::int)
   WHERE q.n > $2::int / 10`,
  [userId, questions, reviews],
);
await client.query(
  `INSERT INTO ${schema}.leetcode_questions (user_id, title, difficulty, created_at, due_at)
   SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(g / 2000), 12, '0'))::uuid, 'Other ' || g, 'Medium', now(), now() - interval '1 day' * random() * 20
   FROM generate_series(1, $1) g`,
  [tableProblems - questions],
);
await client.query(`SELECT ${schema}.refresh_question_summary(id) FROM ${schema}.leetcode_questions WHERE user_id = $1`, [userId]);
// Due dates from 20 days overdue to 60 days ahead, as a candidate's would be.
await client.query(
  `UPDATE ${schema}.leetcode_questions SET due_at = now() + interval '1 day' * (random() * 80 - 20) WHERE user_id = $1 AND session_count > 0`,
  [userId],
);
await client.query(`VACUUM ANALYZE ${schema}.leetcode_questions, ${schema}.leetcode_sessions`);
const { rows } = await client.query(
  `SELECT (SELECT count(*) FROM ${schema}.leetcode_questions)::int AS problems, (SELECT count(*) FROM ${schema}.leetcode_sessions WHERE user_id = $1)::int AS reviews`,
  [userId],
);
await client.end();
const queue = await json(await fetch(due, { headers }));
console.log(
  `seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s: ${rows[0].problems} problems in the table, the user's ${questions} with ${rows[0].reviews} reviews; ` +
    `the queue holds ${queue.questions.length} (${queue.held_back} held back by the limits)`,
);
if (queue.questions.length === 0) throw new Error('the queue is empty: the seed did not take');

/** CALLS timed GETs of `url`, `concurrency` in flight, after an untimed warm-up; one line of percentiles. */
async function phase(label, url, concurrency, targeted) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const read = () =>
    new Promise((resolve, reject) => {
      const req = http.get(url, { agent, headers: { Authorization: headers.Authorization } }, (res) => {
        res.on('data', () => {});
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${res.statusCode}`))));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  const go = async (count, timings) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next++ < count) {
          const started = performance.now();
          await read();
          timings?.push(performance.now() - started);
        }
      }),
    );
  };
  await go(10 * concurrency);
  const timings = [];
  const wall = performance.now();
  await go(calls, timings);
  const elapsed = (performance.now() - wall) / 1000;
  timings.sort((a, b) => a - b);
  const pct = (p) => timings[Math.min(timings.length - 1, Math.ceil((p / 100) * timings.length) - 1)];
  console.log(
    `${label.padEnd(24)} ${String(concurrency).padStart(2)} at a time: p50 ${pct(50).toFixed(1).padStart(5)} ms  p95 ${pct(95).toFixed(1).padStart(5)} ms  ` +
      `p99 ${pct(99).toFixed(1).padStart(5)} ms  max ${timings.at(-1).toFixed(1).padStart(6)} ms  ${(timings.length / elapsed).toFixed(0).padStart(4)} req/s` +
      `${!targeted || pct(95) <= target ? '' : `  p95 over ${target} ms`}`,
  );
  agent.destroy();
}

for (let run = 1; run <= runs; run++) {
  for (const concurrency of concurrencies) {
    await phase(`run ${run} due queue`, due, concurrency, true);
    await phase(`run ${run} error types (ref)`, reference, concurrency, false);
  }
}
