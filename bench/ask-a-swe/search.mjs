#!/usr/bin/env node
// Ask a SWE's search, sorts and filters at 100,000 questions (issue 37 item 4: p95 ≤ 50 ms).
// Usage, against a running community (through the gateway or directly) and its database:
//   BASE_URL=http://127.0.0.1:8080 DATABASE_URL=postgres://... node bench/ask-a-swe/search.mjs
// Tokens: signed up through BASE_URL's /auth/v1/signup (the stack); or, when SUPABASE_JWT_SECRET is
// set (the secret the service verifies with, AUTH_ISSUER if it checks one), minted here, so one
// community process on its own can be measured. Start the stack with the user rate limits lifted
// (USER_REQUESTS_PER_SECOND=1000000 USER_REQUEST_BURST=1000000), else the reads are 429s.
// Seeds QUESTIONS questions in SQL in COMMUNITY_SCHEMA (behind the service's back, as a bulk load
// would; a seeded run is detected and not seeded again): titles and bodies from a small vocabulary,
// so a common word matches most of them and a rare one a few dozen, 2 tags each of 10, a company for
// half, a third unanswered. Then RUNS runs of: each read CALLS times, USERS calls in flight, keep-alive, timed to
// the last byte; prints p50 and p95 of each, and exits 1 when a p95 is over TARGET_P95_MS.
import http from 'node:http';
import https from 'node:https';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import pg from 'pg';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const questions = Number(process.env.QUESTIONS ?? 100_000);
const users = Number(process.env.USERS ?? 10);
const calls = Number(process.env.CALLS ?? 500);
const runs = Number(process.env.RUNS ?? 3);
const schema = process.env.COMMUNITY_SCHEMA ?? 'community';
const target = Number(process.env.TARGET_P95_MS ?? 50);
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL (the database community uses) is needed to seed the questions');

// Interview words first, then 3,000 rarer ones; a word's chance falls with its place (random()^3), so
// "onsite" is in most questions and the rarest in a few dozen, roughly as in real text.
const words = [
  ...'onsite loop recruiter offer negotiation behavioural design system coding leetcode graph dynamic programming referral team match'.split(' '),
  ...'manager promotion level salary equity remote visa internship return deadline feedback rejection hiring committee phone screen'.split(' '),
  ...Array.from({ length: 3000 }, (_, i) => `topic${i}`),
];
const tags = ['Array', 'String', 'Graph', 'Tree', 'Design', 'Dynamic Programming', 'Hash Table', 'Sorting', 'Greedy', 'Binary Search'];

async function tokens() {
  if (process.env.SUPABASE_JWT_SECRET) {
    const key = new TextEncoder().encode(process.env.SUPABASE_JWT_SECRET);
    return Promise.all(
      Array.from({ length: users }, async () => {
        let jwt = new SignJWT({ role: 'authenticated', email_verified: true, app_metadata: {}, user_metadata: {} })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(randomUUID())
          .setAudience('authenticated')
          .setIssuedAt()
          .setExpirationTime('2h');
        if (process.env.AUTH_ISSUER) jwt = jwt.setIssuer(process.env.AUTH_ISSUER);
        return `Bearer ${await jwt.sign(key)}`;
      }),
    );
  }
  return Promise.all(
    Array.from({ length: users }, async (_, i) => {
      const res = await fetch(`${base}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: `bench.ask.${Date.now()}.${i}@example.com`, password: 'bench1234' }),
      });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      return `Bearer ${(await res.json()).access_token}`;
    }),
  );
}

/** Bench questions (titles starting "Bench:"), a few thousand per batch so no one statement holds the table long. */
async function seed(client) {
  const existing = Number((await client.query(`SELECT count(*) AS n FROM ${schema}.ask_questions WHERE title LIKE 'Bench:%'`)).rows[0].n);
  if (existing >= questions) return `${questions} questions already seeded`;
  const started = Date.now();
  await client.query(
    `INSERT INTO ${schema}.ask_companies (id, name) SELECT gen_random_uuid(), 'Bench Company ' || g FROM generate_series(1, 300) g
     WHERE NOT EXISTS (SELECT 1 FROM ${schema}.ask_companies WHERE name LIKE 'Bench Company %')`,
  );
  const { rows: companies } = await client.query(`SELECT id FROM ${schema}.ask_companies WHERE name LIKE 'Bench Company %'`);
  const batch = 5000;
  for (let from = existing + 1; from <= questions; from += batch) {
    await client.query(
      `INSERT INTO ${schema}.ask_questions (user_id, author_name, title, body, tags, company_id, score, answer_count, created_at, active_at)
       SELECT gen_random_uuid(), 'Bench member',
         'Bench: ' || (SELECT string_agg(($1::text[])[1 + floor(power(random(), 3) * array_length($1::text[], 1))::int + (0 * k)], ' ') FROM generate_series(1, 6 + (g % 5)) k),
         (SELECT string_agg(($1::text[])[1 + floor(power(random(), 3) * array_length($1::text[], 1))::int + (0 * k)], ' ') FROM generate_series(1, 40 + (g % 60)) k),
         ARRAY[($2::text[])[1 + g % 10], ($2::text[])[1 + (g / 10) % 10]],
         CASE WHEN g % 2 = 0 THEN ($3::uuid[])[1 + g % 300] END,
         floor(random() * 20)::int - 3,
         CASE WHEN g % 3 = 0 THEN 0 ELSE 1 + g % 4 END,
         now() - make_interval(secs => g * 60), now() - make_interval(secs => g * 30)
       FROM generate_series($4::int, $5::int) g`,
      [words, tags, companies.map((c) => c.id), from, Math.min(questions, from + batch - 1)],
    );
  }
  await client.query(`ANALYZE ${schema}.ask_questions`);
  return `${questions - existing} questions seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

const transport = base.startsWith('https:') ? https : http;
const agent = new transport.Agent({ keepAlive: true, maxSockets: users });
const get = (url, token) =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const req = transport.get(url, { agent, headers: { Authorization: token } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks), ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const auth = await tokens();
// The service made its tables (its migrations ran) before they are seeded directly.
const first = await get(`${base}/api/ask-a-swe/questions?limit=1`, auth[0]);
if (first.status !== 200) throw new Error(`${first.status} ${first.body}`);
console.log(await seed(client));
const company = (await client.query(`SELECT id FROM ${schema}.ask_companies WHERE name = 'Bench Company 7'`)).rows[0].id;
await client.end();

const url = (query) => `${base}/api/ask-a-swe/questions?${new URLSearchParams(query)}`;
const reads = [
  ['newest', url({})],
  ['common word', url({ q: 'onsite' })],
  ['two words', url({ q: 'offer negotiation' })],
  ['phrase', url({ q: '"hiring committee" visa' })],
  ['rare word', url({ q: 'topic2500' })],
  ['word + tag', url({ q: 'referral', tag: 'Graph' })],
  ['top', url({ sort: 'top' })],
  ['unanswered', url({ sort: 'unanswered' })],
  ['active', url({ sort: 'active' })],
  ['company', url({ company_id: company })],
  ['word, answered', url({ q: 'recruiter', answered: 'true', sort: 'newest' })],
];

/** `calls` timed reads of one URL, USERS in flight, after an untimed warm-up. */
async function phase(name, address) {
  let warm = 0;
  await Promise.all(
    auth.map(async (token) => {
      while (warm++ < 3 * users) await get(address, token);
    }),
  );
  const timings = [];
  let next = 0;
  await Promise.all(
    auth.map(async (token) => {
      while (next++ < calls) {
        const res = await get(address, token);
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.body}`);
        timings.push(res.ms);
      }
    }),
  );
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95) };
}

console.log(`${calls} calls per read, ${users} in flight, ${runs} runs, through ${base}; target p95 ≤ ${target} ms`);
let over = false;
for (let run = 1; run <= runs; run++) {
  console.log(`run ${run}`);
  for (const [name, target95] of reads) {
    const { p50, p95 } = await phase(name, target95);
    over ||= p95 > target;
    console.log(`  ${name.padEnd(16)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms${p95 <= target ? '' : `  over ${target} ms`}`);
  }
}
agent.destroy();
if (over) process.exitCode = 1;
