#!/usr/bin/env node
// Interview experiences through the gateway: 100,000 interviews over 200 companies and 5,000 users,
// read by ONLINE (10) signed-in users at once, RUNS (3) times, each run headed by the cores and load average.
// Usage (against a running stack, e.g. `npm start`, with its database):
//   BASE_URL=http://127.0.0.1:8080 DATABASE_URL=postgres://... node bench/interviews/bench.mjs
// A few users make all the calls, far past a person's share: start the stack with
//   USER_REQUESTS_PER_SECOND=1000000 USER_REQUEST_BURST=1000000 npm start   (else the reads are 429s)
// Signs ONLINE new users up through /auth/v1/signup, seeds in SQL (the interviews schema, behind the
// service's back, as a bulk load would: rounds name problems from a skewed list, half the offers have
// offer details), then times each read, CALLS calls with one call in flight per user (each its own
// token) over keep-alive node:http, counted until the last byte arrived:
//   first page     GET /api/candidate-interviews (50 newest)
//   three groups   two levels, one title and two outcomes
//   one company    the company with the most interviews, by id
//   company page   the same company's list as its page asks for it (by name, most helpful first)
//   deep cursor    a page about DEPTH interviews down, reached by following X-Next-Cursor
//   top questions  GET /api/all-companies/{largest}/insights: the company page's most asked
//                  questions (and its offer ranges, outcomes, rounds...), issue 26's p95 ≤ 50 ms
// A seeded run is detected (the bench companies exist) and not seeded again.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import https from 'node:https';
import os from 'node:os';
import pg from 'pg';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const interviews = Number(process.env.INTERVIEWS ?? 100_000);
const companies = Number(process.env.COMPANIES ?? 200);
const users = Number(process.env.USERS ?? 5000);
const calls = Number(process.env.CALLS ?? 1000);
const online = Number(process.env.ONLINE ?? 10);
const runs = Number(process.env.RUNS ?? 3);
const depth = Number(process.env.DEPTH ?? 50_000);
const schema = process.env.INTERVIEWS_SCHEMA ?? 'interviews';
const target = Number(process.env.TARGET_P95_MS ?? 50);
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL (the stack database) is needed to seed 100,000 interviews');

const json = async (res) => {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.json();
};

const signUp = async (n) => {
  const session = await json(
    await fetch(`${base}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `bench.${Date.now()}.${n}@example.com`, password: 'bench1234' }),
    }),
  );
  return `Bearer ${session.access_token}`;
};
const auths = [];
for (let n = 0; n < online; n++) auths.push(await signUp(n));
const [auth] = auths;
// Makes sure the schema exists (the service ran its migrations) before seeding it directly.
await json(await fetch(`${base}/api/candidate-interviews?limit=1`, { headers: { Authorization: auth } }));

// The spec's lists, from the contracts (built by `npm run build` / `npm start`).
const {
  interviewLevels: levels,
  interviewTitles: titles,
  roundCategories: rounds,
  interviewTopics: topics,
} = createRequire(import.meta.url)('../../libs/contracts/dist/index.js');
// Problem names, asked with a skew (problem k about as often as 1/k²): a company's top ten stand out.
const problems = Array.from({ length: 300 }, (_, k) => `Bench Problem ${k + 1}`);
const locations = ['London', 'Berlin', 'New York', 'San Francisco', 'Seattle', 'Zurich', 'Dublin', 'Toronto', 'Bangalore', 'Singapore', 'Remote', null];

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const seeded = Number((await client.query(`SELECT count(*) AS n FROM ${schema}.candidate_interviews`)).rows[0].n);
const started = Date.now();
if (seeded < interviews) {
  await client.query(`INSERT INTO ${schema}.companies (name) SELECT 'Bench Company ' || g FROM generate_series(1, $1) g ON CONFLICT DO NOTHING`, [companies]);
  // Company popularity is skewed (company k gets about 1/k of the share, as real reports are), the
  // rest uniform; rounds have 1–6 dated rounds within three months; created over two years.
  await client.query(
    `WITH co AS (SELECT array_agg(id ORDER BY name) AS ids FROM ${schema}.companies WHERE name LIKE 'Bench Company %'),
          us AS (SELECT array_agg(gen_random_uuid()) AS ids FROM generate_series(1, $2::int)),
          raw AS (
            SELECT g,
                   1 + floor(random() * 6)::int AS n_rounds,
                   (date '2025-06-01' - (random() * 700)::int) AS start_day,
                   floor(random() * 90)::int AS span,
                   random() AS r
            FROM generate_series(1, $1::int) g),
          rows AS (
            SELECT raw.*,
                   (SELECT jsonb_agg(jsonb_build_object('round', ($3::text[])[1 + floor(random() * 7)::int + (0 * raw.g)],
                                                       'round_date_str', to_char(raw.start_day + (raw.span * k / greatest(raw.n_rounds - 1, 1)), 'YYYY-MM-DD'),
                                                       'problems', CASE WHEN random() < 0.6 + (0 * raw.g)
                                                         THEN jsonb_build_array(($8::text[])[1 + floor(power(random(), 2) * 300)::int]) ELSE '[]'::jsonb END) ORDER BY k)
                      FROM generate_series(0, raw.n_rounds - 1) k) AS rounds
            FROM raw)
     INSERT INTO ${schema}.candidate_interviews (user_id, company_id, level, title, location, outcome, topics, rounds, completed_on, process_days, round_count, created_at)
     SELECT us.ids[1 + floor(random() * $2::int)::int],
            co.ids[1 + least(floor(power(random(), 3) * array_length(co.ids, 1))::int, array_length(co.ids, 1) - 1)],
            ($4::text[])[1 + floor(random() * 7)::int],
            ($5::text[])[1 + floor(random() * 5)::int],
            ($6::text[])[1 + floor(random() * array_length($6::text[], 1))::int],
            (ARRAY['ongoing', 'rejected', 'offer', 'accepted', NULL])[1 + floor(random() * 5)::int],
            ARRAY(SELECT DISTINCT ($7::text[])[1 + floor(random() * 29)::int + (0 * rows.g)] FROM generate_series(1, 1 + floor(random() * 5)::int)),
            rows.rounds,
            rows.start_day + rows.span,
            CASE WHEN rows.n_rounds > 1 THEN rows.span END,
            rows.n_rounds,
            now() - make_interval(secs => rows.g * 600 + random() * 500)
     FROM rows, co, us`,
    [interviews - seeded, users, rounds, levels, titles, locations, topics, problems],
  );
  // Half the offers carry offer details, in three currencies and four levels.
  await client.query(
    `UPDATE ${schema}.candidate_interviews SET offer_currency = (ARRAY['USD', 'GBP', 'EUR'])[1 + floor(random() * 3)::int],
       offer_base = 60000 + floor(random() * 140000)::int, offer_bonus = CASE WHEN random() < 0.7 THEN floor(random() * 30000)::int END,
       offer_equity = CASE WHEN random() < 0.5 THEN floor(random() * 80000)::int END, offer_level = (ARRAY['L3', 'L4', 'L5', 'L6'])[1 + floor(random() * 4)::int]
     WHERE outcome IN ('offer', 'accepted') AND random() < 0.5`,
  );
  // Rows written behind the service's back: recount the companies' insight counters it keeps.
  await client.query(`DELETE FROM ${schema}.company_insight_counts`);
  await client.query(
    `INSERT INTO ${schema}.company_insight_counts (company_id, kind, key, n)
     SELECT company_id, kind, key, count(*) FROM ${schema}.interview_insight_keys GROUP BY company_id, kind, key`,
  );
  await client.query(`DELETE FROM ${schema}.company_question_counts`);
  await client.query(
    `INSERT INTO ${schema}.company_question_counts (company_id, key, title, n)
     SELECT company_id, key, min(title), count(*) FROM ${schema}.interview_question_keys GROUP BY company_id, key`,
  );
  // As autovacuum would soon after a bulk load; done now so it does not run during the timed calls.
  await client.query(`VACUUM ANALYZE ${schema}.candidate_interviews, ${schema}.company_insight_counts, ${schema}.company_question_counts`);
  // Offer ranges count only confirmed accounts a week old (issue 35): the bench's authors are, and the
  // ranges are published now rather than at the next UTC day.
  await client.query(
    `INSERT INTO ${schema}.known_accounts (user_id, registered_at, confirmed_at)
     SELECT DISTINCT user_id, now() - interval '30 days', now() - interval '30 days' FROM ${schema}.candidate_interviews ON CONFLICT DO NOTHING`,
  );
  execFileSync(process.execPath, [new URL('../../services/interviews/dist/admin.js', import.meta.url).pathname, 'publish-offer-ranges'], {
    env: { ...process.env, DATABASE_SCHEMA: schema },
    stdio: 'inherit',
  });
}
const {
  rows: [largest],
} = await client.query(
  `SELECT c.name, count(*)::int AS n FROM ${schema}.candidate_interviews i JOIN ${schema}.companies c ON c.id = i.company_id GROUP BY c.id, c.name ORDER BY n DESC LIMIT 1`,
);
const {
  rows: [{ id: largestId }],
} = await client.query(`SELECT id FROM ${schema}.companies WHERE name = $1`, [largest.name]);
const total = Number((await client.query(`SELECT count(*) AS n FROM ${schema}.candidate_interviews`)).rows[0].n);
const users_ = Number((await client.query(`SELECT count(DISTINCT user_id) AS n FROM ${schema}.candidate_interviews`)).rows[0].n);
const companies_ = Number((await client.query(`SELECT count(DISTINCT company_id) AS n FROM ${schema}.candidate_interviews`)).rows[0].n);
await client.end();
console.log(
  `${total} interviews over ${companies_} companies and ${users_} users (${seeded >= interviews ? 'already seeded' : `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`}); largest: ${largest.name}, ${largest.n} interviews`,
);

const list = (query) => `${base}/api/candidate-interviews?${new URLSearchParams(query)}`;
// A cursor deep in the list, reached as a scrolling client would (pages of 100).
let deepCursor;
for (let seen = 0; seen < depth; seen += 100) {
  const res = await fetch(list([['limit', '100'], ...(deepCursor ? [['cursor', deepCursor]] : [])]), { headers: { Authorization: auth } });
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  deepCursor = res.headers.get('x-next-cursor');
}

const agent = new (base.startsWith('https:') ? https : http).Agent({ keepAlive: true, maxSockets: online });
const read = (url, authorization) =>
  new Promise((resolve, reject) => {
    const req = (url.startsWith('https:') ? https : http).get(url, { agent, headers: { Authorization: authorization } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });

/** `calls` timed reads of one URL, one in flight per online user, after an untimed warm-up; flags a p95 over the target. */
async function phase(name, url, check) {
  let warm = 0;
  await Promise.all(
    auths.map(async (authorization) => {
      while (warm++ < 5 * online) await read(url, authorization);
    }),
  );
  const timings = [];
  let next = 0;
  let body;
  const wall = performance.now();
  await Promise.all(
    auths.map(async (authorization) => {
      while (next++ < calls) {
        const startedAt = performance.now();
        const res = await read(url, authorization);
        timings.push(performance.now() - startedAt);
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.body}`);
        body = res.body;
      }
    }),
  );
  const elapsed = (performance.now() - wall) / 1000;
  check(JSON.parse(body.toString()));
  timings.sort((a, b) => a - b);
  const pct = (p) => timings[Math.min(timings.length - 1, Math.ceil((p / 100) * timings.length) - 1)];
  console.log(
    `${name.padEnd(14)} p50 ${pct(50).toFixed(1).padStart(6)} ms  p95 ${pct(95).toFixed(1).padStart(6)} ms  p99 ${pct(99).toFixed(1).padStart(6)} ms  ` +
      `${(timings.length / elapsed).toFixed(0).padStart(4)} req/s  ${(body.length / 1024).toFixed(1)} KB${pct(95) <= target ? '' : `  p95 over ${target} ms`}`,
  );
  return pct(95);
}

const page = (items) => {
  if (!Array.isArray(items) || items.length === 0) throw new Error('an empty page');
};
const phases = [
  ['first page', list({ limit: '50' }), page],
  [
    'three groups',
    list([
      ['level', levels[0]],
      ['level', levels[4]],
      ['title', titles[0]],
      ['outcome', 'offer'],
      ['outcome', 'accepted'],
      ['limit', '50'],
    ]),
    page,
  ],
  ['one company', list({ company_id: largestId, limit: '50' }), page],
  ['company page', list({ company: largest.name, sort: 'helpful', limit: '24' }), page],
  ['deep cursor', list({ limit: '50', cursor: deepCursor }), page],
  [
    'top questions',
    `${base}/api/all-companies/${encodeURIComponent(largest.name)}/insights`,
    (b) => {
      if (b.interview_count !== largest.n) throw new Error(`insights count ${b.interview_count} ≠ ${largest.n}`);
      if (b.top_questions.length !== 10 || b.offer_ranges.length === 0) throw new Error('no top questions or offer ranges');
    },
  ],
];
console.log(`${calls} calls per read, ${online} users each with one call in flight, through ${base}; target p95 ≤ ${target} ms`);
const p95s = [];
for (let run = 1; run <= runs; run++) {
  console.log(
    `run ${run} of ${runs}: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const [name, url, check] of phases) p95s.push(await phase(name, url, check));
}
agent.destroy();
if (p95s.some((p) => p > target)) process.exitCode = 1;
