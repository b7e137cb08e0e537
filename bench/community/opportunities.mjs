#!/usr/bin/env node
// Student Pathfinder search, filters and sorts through the gateway: 10,000 approved opportunities,
// 10 users reading at once (issue 23 item 1: p95 ≤ 50 ms).
// Usage (against a running stack, e.g. `npm start`, with its database):
//   BASE_URL=http://127.0.0.1:8080 DATABASE_URL=postgres://... node bench/community/opportunities.mjs
// Ten users make all the calls, far past a person's share: start the stack with
//   USER_REQUESTS_PER_SECOND=1000000 USER_REQUEST_BURST=1000000 npm start   (else the reads are 429s)
// Signs USERS users up through /auth/v1/signup, seeds in SQL (the community schema, behind the
// service's back, as a bulk load would), then times each read CALLS times with one call in flight
// per user (CONCURRENCY = USERS), keep-alive node:http, counted until the last byte arrived:
//   newest         GET /api/pathfinder?limit=24
//   word search    q=<a common word> (ranked by relevance)
//   filters        kind, season, remote and sponsorship, soonest deadline first
//   most upvoted   sort=upvotes
//   favourites     favorites=true, newest
//   deep cursor    a page about DEPTH down in the newest order, reached by following X-Next-Cursor
// A seeded run is detected (the bench opportunities exist) and not seeded again.
import http from 'node:http';
import https from 'node:https';
import pg from 'pg';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const opportunities = Number(process.env.OPPORTUNITIES ?? 10_000);
const users = Number(process.env.USERS ?? 10);
const calls = Number(process.env.CALLS ?? 1000);
const depth = Number(process.env.DEPTH ?? 5000);
const schema = process.env.COMMUNITY_SCHEMA ?? 'community';
const target = Number(process.env.TARGET_P95_MS ?? 50);
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL (the stack database) is needed to seed 10,000 opportunities');

const json = async (res) => {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.json();
};

const sessions = await Promise.all(
  Array.from({ length: users }, async (_, i) =>
    json(
      await fetch(`${base}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: `bench.pathfinder.${Date.now()}.${i}@example.com`, password: 'bench1234' }),
      }),
    ),
  ),
);
const tokens = sessions.map((s) => `Bearer ${s.access_token}`);
// Makes sure the schema exists (the service ran its migrations) before seeding it directly.
await json(await fetch(`${base}/api/pathfinder?limit=1`, { headers: { Authorization: tokens[0] } }));

const companies = Array.from({ length: 300 }, (_, i) => `Bench Company ${i + 1}`);
const locations = ['London', 'Berlin', 'New York, NY', 'San Francisco, CA', 'Seattle, WA', 'Zurich', 'Dublin', 'Toronto', 'Bangalore', 'Singapore'];
const words = ['software', 'engineering', 'backend', 'frontend', 'data', 'infrastructure', 'mobile', 'security', 'research', 'platform', 'machine', 'learning'];

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const seeded = Number(
  (await client.query(`SELECT count(*) AS n FROM ${schema}.pathfinder_opportunities WHERE link LIKE 'https://bench.example.com/%'`)).rows[0].n,
);
const started = Date.now();
if (seeded < opportunities) {
  // Titles and descriptions of three to twelve words from a small vocabulary, so a search word
  // matches about a quarter of them; a third have no structured fields (rows from before them).
  await client.query(
    `INSERT INTO ${schema}.pathfinder_opportunities
       (title, description, link, link_key, compensation, badge, status, company, locations, remote, season, kind, deadline, sponsorship, created_at)
     SELECT
       initcap(($3::text[])[1 + floor(random() * 12)::int + (0 * g)] || ' ' || ($3::text[])[1 + floor(random() * 12)::int] || ' intern'),
       (SELECT string_agg(($3::text[])[1 + floor(random() * 12)::int + (0 * k)], ' ') FROM generate_series(1, 3 + floor(random() * 10)::int + (0 * g)) k),
       'https://bench.example.com/' || g, 'bench.example.com/' || g,
       CASE WHEN random() < 0.5 THEN (1000 + random() * 9000)::int ELSE 0 END,
       CASE WHEN random() < 0.1 THEN 'Selective' END,
       'approved',
       CASE WHEN g % 3 <> 0 THEN ($1::text[])[1 + floor(random() * 300)::int] END,
       CASE WHEN g % 3 <> 0 THEN ARRAY[($2::text[])[1 + floor(random() * 10)::int]] ELSE '{}' END,
       CASE WHEN g % 3 <> 0 THEN random() < 0.3 END,
       CASE WHEN g % 3 <> 0 THEN (ARRAY['Summer', 'Fall', 'Winter', 'Spring'])[1 + floor(random() * 4)::int] || ' ' || (2026 + floor(random() * 2)::int) END,
       CASE WHEN g % 3 <> 0 THEN (ARRAY['internship', 'new_grad', 'full_time', 'program'])[1 + floor(random() * 4)::int] END,
       CASE WHEN g % 3 <> 0 THEN current_date + (random() * 400 - 100)::int END,
       (ARRAY['yes', 'no', 'unknown'])[1 + floor(random() * 3)::int],
       now() - make_interval(secs => g * 300)
     FROM generate_series($4::int + 1, $5::int) g`,
    [companies, locations, words, seeded, opportunities],
  );
  // Upvotes and favourites from 200 voters; the service's trigger keeps each row's upvote count.
  await client.query(
    `INSERT INTO ${schema}.interactions (user_id, entity_type, entity_id, interaction_type)
     SELECT v.id, 'opportunity', o.id, t FROM ${schema}.pathfinder_opportunities o
       CROSS JOIN (SELECT gen_random_uuid() AS id FROM generate_series(1, 200)) v
       CROSS JOIN (VALUES ('upvote'), ('favorite')) k(t)
     WHERE o.link LIKE 'https://bench.example.com/%' AND random() < 0.01
     ON CONFLICT DO NOTHING`,
  );
  await client.query(
    `UPDATE ${schema}.pathfinder_opportunities SET closed_at = now(), closed_reports = 3 WHERE link LIKE 'https://bench.example.com/%' AND random() < 0.05`,
  );
  // As autovacuum would soon after a bulk load; done now so it does not run during the timed calls.
  await client.query(`VACUUM ANALYZE ${schema}.pathfinder_opportunities, ${schema}.interactions`);
}
// Each reader favours some, so their favourites view has rows.
const { rows: ids } = await client.query(
  `SELECT id FROM ${schema}.pathfinder_opportunities WHERE link LIKE 'https://bench.example.com/%' ORDER BY random() LIMIT 50`,
);
for (const token of tokens) {
  const who = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
  await client.query(
    `INSERT INTO ${schema}.interactions (user_id, entity_type, entity_id, interaction_type)
     SELECT $1, 'opportunity', id, 'favorite' FROM unnest($2::uuid[]) id ON CONFLICT DO NOTHING`,
    [who, ids.map((r) => r.id)],
  );
}
const total = Number((await client.query(`SELECT count(*) AS n FROM ${schema}.pathfinder_opportunities WHERE status = 'approved'`)).rows[0].n);
await client.end();
console.log(`${total} approved opportunities (${seeded >= opportunities ? 'already seeded' : `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`})`);

const list = (query) => `${base}/api/pathfinder?${new URLSearchParams(query)}`;
// A cursor deep in the list, reached as a scrolling client would (pages of 100).
let deepCursor;
for (let seen = 0; seen < depth; seen += 100) {
  const res = await fetch(list([['limit', '100'], ...(deepCursor ? [['cursor', deepCursor]] : [])]), { headers: { Authorization: tokens[0] } });
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  deepCursor = res.headers.get('x-next-cursor');
}

const agent = new (base.startsWith('https:') ? https : http).Agent({ keepAlive: true, maxSockets: users });
const read = (url, token) =>
  new Promise((resolve, reject) => {
    const req = (url.startsWith('https:') ? https : http).get(url, { agent, headers: { Authorization: token } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });

/** `calls` timed reads of one URL, one in flight per user, after an untimed warm-up; flags a p95 over the target. */
async function phase(name, url) {
  let warm = 0;
  await Promise.all(
    tokens.map(async (token) => {
      while (warm++ < 5 * users) await read(url, token);
    }),
  );
  const timings = [];
  let next = 0;
  let body;
  const wall = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      while (next++ < calls) {
        const startedAt = performance.now();
        const res = await read(url, token);
        timings.push(performance.now() - startedAt);
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.body}`);
        body = res.body;
      }
    }),
  );
  const elapsed = (performance.now() - wall) / 1000;
  const items = JSON.parse(body.toString());
  if (!Array.isArray(items) || items.length === 0) throw new Error(`${name}: an empty page`);
  timings.sort((a, b) => a - b);
  const pct = (p) => timings[Math.min(timings.length - 1, Math.ceil((p / 100) * timings.length) - 1)];
  console.log(
    `${name.padEnd(14)} p50 ${pct(50).toFixed(1).padStart(6)} ms  p95 ${pct(95).toFixed(1).padStart(6)} ms  p99 ${pct(99).toFixed(1).padStart(6)} ms  ` +
      `${(timings.length / elapsed).toFixed(0).padStart(4)} req/s  ${items.length} items${pct(95) <= target ? '' : `  p95 over ${target} ms`}`,
  );
  return pct(95);
}

console.log(`${calls} calls per read, ${users} users at once, through ${base}; target p95 ≤ ${target} ms`);
const p95s = [
  await phase('newest', list({ limit: '24' })),
  await phase('word search', list({ q: 'backend', limit: '24' })),
  await phase('filters', list({ kind: 'internship', season: 'Summer 2027', remote: 'true', sponsorship: 'yes', sort: 'deadline', limit: '24' })),
  await phase('most upvoted', list({ sort: 'upvotes', limit: '24' })),
  await phase('search + sort', list({ q: 'data platform', sort: 'upvotes', open: 'true', limit: '24' })),
  await phase('favourites', list({ favorites: 'true', limit: '24' })),
  await phase('deep cursor', list({ limit: '24', cursor: deepCursor })),
];
agent.destroy();
if (p95s.some((p) => p > target)) process.exitCode = 1;
