#!/usr/bin/env node
// Search across interview experiences (issue 38 item 7): seeds INTERVIEWS (20,000) experiences with
// realistic round text into a throwaway database, starts the interviews service on it in its own
// process (services/interviews/dist: `npx nx run @app/interviews:build` first), and times searches
// over HTTP: RUNS (3) runs of CALLS (600) searches, ONLINE (4) in flight (one per signed-in user),
// each search one of a mix candidates type (common words, phrases, rare words, -words, with a filter,
// a second page), counted until the last byte arrived. Prints p50/p95/p99 per run with the cores and
// load average, and each search's median, then drops the database. Usage: node bench/interviews-search/run.mjs
// DATABASE_URL: the server to make the throwaway database on (default postgres://postgres@127.0.0.1:5432/postgres);
// KEEP_DATABASE=1 keeps it (its URL is printed) to EXPLAIN a search in; drop it yourself after.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { SignJWT } from 'jose';
import pg from 'pg';

const interviews = Number(process.env.INTERVIEWS ?? 20_000);
const runs = Number(process.env.RUNS ?? 3);
const calls = Number(process.env.CALLS ?? 600);
const online = Number(process.env.ONLINE ?? 4);
const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `bench_search_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(server), { pathname: `/${database}` }).toString();

// What candidates write, round by round: a round kind, what was asked (from a few sentence shapes
// over real topics), and sometimes the problems by name. A seeded generator: every run seeds alike.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = (list) => list[Math.floor(random() * list.length)];
// prettier-ignore
const problems = ['Two Sum', 'LRU Cache', 'Merge Intervals', 'Number of Islands', 'Course Schedule', 'Word Ladder', 'Top K Frequent Elements',
  'Median of Two Sorted Arrays', 'Trapping Rain Water', 'Serialize and Deserialize Binary Tree', 'Meeting Rooms II', 'Coin Change',
  'Longest Substring Without Repeating Characters', 'Valid Parentheses', 'Kth Largest Element in an Array', 'Design Hit Counter',
  'Alien Dictionary', 'Rotting Oranges', 'Min Stack', 'Clone Graph', 'Decode Ways', 'Word Search', 'Sliding Window Maximum', 'Task Scheduler'];
// prettier-ignore
const designs = ['a URL shortener', 'a rate limiter', 'a news feed', 'a chat system', 'a distributed cache', 'a ride sharing backend',
  'a notification service', 'a web crawler', 'a payments ledger', 'a video streaming service', 'a search autocomplete', 'a key-value store',
  'an online judge', 'a metrics pipeline', 'a hotel booking system', 'a file sync service like Dropbox'];
// prettier-ignore
const concerns = ['sharding', 'consistent hashing', 'replication lag', 'idempotency', 'back-pressure', 'caching with eviction', 'hot partitions',
  'exactly-once delivery', 'leader election', 'pagination', 'schema migrations', 'read-your-writes consistency', 'CDN invalidation', 'Kafka consumers'];
// prettier-ignore
const behaviours = ['a conflict with a teammate', 'a project that failed', 'disagreeing with a manager', 'a tight deadline', 'mentoring a junior engineer',
  'owning a production incident', 'pushing back on scope', 'learning a new stack quickly', 'giving hard feedback'];
// prettier-ignore
const dsa = ['graphs with BFS', 'dynamic programming on strings', 'a heap for the top k', 'binary search on the answer', 'two pointers', 'a monotonic stack',
  'union find', 'backtracking with pruning', 'a trie', 'topological sort', 'bit manipulation', 'intervals sorted by start'];
const shapes = {
  'Recruiter Call': () =>
    `Recruiter walked through the process and asked about ${pick(behaviours)} and salary expectations. Team works on ${pick(designs).replace(/^an? /, '')}.`,
  'Online Assessment / Take Home': () => `Two problems in 90 minutes on HackerRank: one on ${pick(dsa)}, one on ${pick(dsa)}. Hidden tests checked edge cases.`,
  'Leetcode (DSA)': () =>
    `Started with ${pick(problems)}, then a follow-up using ${pick(dsa)}. Interviewer wanted the complexity and cared about clean code and tests.`,
  'Coding (non-Leetcode)': () =>
    `Build a small ${pick(['parser', 'bank account API', 'in-memory database', 'tic-tac-toe engine', 'job scheduler'])}; then extend it with ${pick(concerns)}.`,
  'System Design': () => `Design ${pick(designs)}. We went deep on ${pick(concerns)} and ${pick(concerns)}; they asked how it fails and what to monitor.`,
  Behavioural: () => `Tell me about ${pick(behaviours)}. Follow-ups about ${pick(behaviours)} and what I would do differently.`,
  Other: () => `Chat with the hiring manager about ${pick(concerns)} on their team and on-call.`,
};
const kinds = Object.keys(shapes);

/** Searches as candidates type them; the filter and second-page ones are added below. */
const searches = [
  'lru cache',
  'rate limiter',
  'system design url shortener',
  '"consistent hashing"',
  'conflict teammate',
  'dynamic programming',
  'kafka',
  'graph bfs -dfs',
  'hackerrank',
  'trapping rain water',
  'leader election or consistent hashing',
  'payments ledger idempotency',
];

async function freePort() {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => probe.once('listening', r));
  const { port } = probe.address();
  await new Promise((r) => probe.close(r));
  return port;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
let service;
try {
  const port = await freePort();
  const jwtSecret = randomBytes(32).toString('hex');
  const issuer = 'http://bench.local/auth/v1';
  service = spawn(process.execPath, [new URL('../../services/interviews/dist/main.js', import.meta.url).pathname], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: '10',
      // No other service to hear from or tell: the events stay in the process.
      EVENT_BUS: 'in-process',
      SUPABASE_JWT_SECRET: jwtSecret,
      AUTH_ISSUER: issuer,
      USER_REQUESTS_PER_SECOND: '1000000',
      USER_REQUEST_BURST: '1000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (tries > 300 || service.exitCode !== null) throw new Error('the interviews service did not become ready');
    await new Promise((r) => setTimeout(r, 100));
  }

  const token = (sub) =>
    new SignJWT({ email: `${sub}@example.com`, email_verified: true, role: 'authenticated', session_id: randomUUID(), app_metadata: { provider: 'email' } })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(issuer)
      .setAudience('authenticated')
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(new TextEncoder().encode(jwtSecret));
  const auths = await Promise.all(Array.from({ length: online }, async () => `Bearer ${await token(randomUUID())}`));

  // Seeded behind the service's back (its migrations ran), a thousand rows a statement.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = performance.now();
  const companies = (
    await db.query(`INSERT INTO interviews.companies (name) SELECT 'Bench Company ' || g FROM generate_series(1, 200) g RETURNING id`)
  ).rows.map((r) => r.id);
  const users = Array.from({ length: Math.ceil(interviews / 4) }, () => randomUUID());
  const outcomes = ['ongoing', 'rejected', 'offer', 'accepted', null];
  for (let done = 0; done < interviews; done += 1000) {
    const rows = Array.from({ length: Math.min(1000, interviews - done) }, () => {
      const rounds = Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
        const round = pick(kinds);
        return {
          round,
          round_date_str: null,
          asked: random() < 0.85 ? shapes[round]() : null,
          problems: round === 'Leetcode (DSA)' && random() < 0.7 ? [pick(problems), ...(random() < 0.3 ? [pick(problems)] : [])] : [],
        };
      });
      return {
        user_id: pick(users),
        // Skewed: the first companies get most reports, as real ones do.
        company_id: companies[Math.floor(random() ** 3 * companies.length)],
        title: pick(['Software Engineer', 'Production Engineer', 'Data Scientist', 'Site Reliability Engineer', 'Engineering Manager']),
        outcome: pick(outcomes),
        topics: [
          ...new Set(
            Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(['Graph', 'Dynamic Programming', 'System Design', 'Array', 'Tree', 'Python'])),
          ),
        ],
        rounds,
        round_count: rounds.length,
      };
    });
    await db.query(
      `INSERT INTO interviews.candidate_interviews (user_id, company_id, title, outcome, topics, rounds, round_count, created_at)
       SELECT user_id, company_id, title, outcome, topics, rounds, round_count, now() - random() * interval '700 days'
       FROM jsonb_to_recordset($1::jsonb) AS r(user_id uuid, company_id uuid, title text, outcome text, topics text[], rounds jsonb, round_count int)`,
      [JSON.stringify(rows)],
    );
  }
  // As autovacuum would soon after a bulk load.
  await db.query('VACUUM ANALYZE interviews.candidate_interviews');
  const size = (await db.query(`SELECT pg_size_pretty(pg_relation_size('interviews.candidate_interviews_search')) AS s`)).rows[0].s;
  await db.end();
  console.log(`${interviews} interviews seeded in ${((performance.now() - started) / 1000).toFixed(1)} s; search index ${size}`);

  const agent = new http.Agent({ keepAlive: true, maxSockets: online });
  const read = (path, authorization) =>
    new Promise((resolve, reject) => {
      const req = http.get(`${base}${path}`, { agent, headers: { Authorization: authorization } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks), next: res.headers['x-next-cursor'] }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  const path = (query) => `/api/candidate-interviews/search?${new URLSearchParams(query)}`;
  const paths = searches.map((q) => path({ q, limit: '24' }));
  paths.push(path({ q: 'system design', outcome: 'offer', limit: '24' }), path({ q: 'two sum', company: 'Bench Company 1', limit: '24' }));
  // A second page, as the list scrolls.
  const first = await read(path({ q: 'design', limit: '24' }), auths[0]);
  paths.push(path({ q: 'design', limit: '24', cursor: first.next }));
  const matched = [];
  for (const p of paths) {
    const res = await read(p, auths[0]);
    if (res.status !== 200) throw new Error(`${p}: ${res.status} ${res.body}`);
    matched.push(JSON.parse(res.body).length);
  }
  console.log(`${paths.length} searches in the mix; cards on their first page: ${matched.join(', ')}`);

  const bySearch = new Map(paths.map((p) => [p, []]));
  for (let run = 1; run <= runs; run++) {
    const timings = [];
    let next = 0;
    const wall = performance.now();
    await Promise.all(
      auths.map(async (authorization) => {
        while (next < calls) {
          const p = paths[next++ % paths.length];
          const startedAt = performance.now();
          const res = await read(p, authorization);
          timings.push(performance.now() - startedAt);
          bySearch.get(p).push(timings[timings.length - 1]);
          if (res.status !== 200) throw new Error(`${p}: ${res.status} ${res.body}`);
        }
      }),
    );
    const seconds = (performance.now() - wall) / 1000;
    timings.sort((a, b) => a - b);
    console.log(
      `run ${run}: ${calls} searches, ${online} in flight, ${(calls / seconds).toFixed(0)}/s; p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms, p99 ${percentile(timings, 99).toFixed(1)} ms` +
        ` (${os.cpus().length} cores, load ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')})`,
    );
  }
  // Which searches cost: a word most experiences have ranks most of the table.
  console.log('median per search, over the runs:');
  for (const [p, times] of bySearch) {
    const query = Object.fromEntries(new URLSearchParams(p.split('?')[1]));
    const label = `${query.q}${query.outcome ? ` (outcome ${query.outcome})` : ''}${query.company ? ` (${query.company})` : ''}${query.cursor ? ' (page 2)' : ''}`;
    console.log(
      `  ${percentile(
        times.sort((a, b) => a - b),
        50,
      )
        .toFixed(1)
        .padStart(7)} ms  ${label}`,
    );
  }
  agent.destroy();
} finally {
  if (service && service.exitCode === null) {
    service.kill('SIGTERM');
    await new Promise((r) => service.once('exit', r));
  }
  if (process.env.KEEP_DATABASE === '1') console.log(`kept ${databaseUrl}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}
