#!/usr/bin/env node
// Student Pathfinder search, filters and sorts through the gateway: 10,000 approved opportunities,
// 10 users reading at once (issue 23 item 1: p95 ≤ 50 ms).
// Usage (against a running stack, e.g. `npm start`, with its database):
//   BASE_URL=http://127.0.0.1:8080 DATABASE_URL=postgres://... node bench/community/opportunities.mjs
// Ten users make all the calls, far past a person's share: start the stack with
//   USER_REQUESTS_PER_SECOND=1000000 USER_REQUEST_BURST=1000000 npm start   (else the reads are 429s)
// Signs USERS users up through /auth/v1/signup, seeds in SQL (bench/community/common.mjs), then
// times each read CALLS times with one call in flight per user (CONCURRENCY = USERS), keep-alive
// node:http, counted until the last byte arrived:
//   newest         GET /api/pathfinder?limit=24
//   word search    q=<a common word> (ranked by relevance)
//   filters        kind, season, remote and sponsorship, soonest deadline first
//   most upvoted   sort=upvotes
//   favourites     favorites=true, newest
//   deep cursor    a page about DEPTH down in the newest order, reached by following X-Next-Cursor
// A seeded run is detected (the bench opportunities exist) and not seeded again.
// bench/community/board.mjs mixes these with the feature board's reads for 30 s instead.
import pg from 'pg';
import { percentile, reader, seedOpportunities, signUp, userIdOf } from './common.mjs';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const opportunities = Number(process.env.OPPORTUNITIES ?? 10_000);
const users = Number(process.env.USERS ?? 10);
const calls = Number(process.env.CALLS ?? 1000);
const depth = Number(process.env.DEPTH ?? 5000);
const schema = process.env.COMMUNITY_SCHEMA ?? 'community';
const target = Number(process.env.TARGET_P95_MS ?? 50);
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL (the stack database) is needed to seed 10,000 opportunities');

const tokens = await signUp(base, users, 'pathfinder');
// Makes sure the schema exists (the service ran its migrations) before seeding it directly.
const first = await fetch(`${base}/api/pathfinder?limit=1`, { headers: { Authorization: tokens[0] } });
if (!first.ok) throw new Error(`${first.status} ${await first.text()}`);

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const seeding = await seedOpportunities(client, schema, opportunities);
// Each reader favours some, so their favourites view has rows.
const { rows: ids } = await client.query(
  `SELECT id FROM ${schema}.pathfinder_opportunities WHERE link LIKE 'https://bench.example.com/%' ORDER BY random() LIMIT 50`,
);
for (const token of tokens) {
  await client.query(
    `INSERT INTO ${schema}.interactions (user_id, entity_type, entity_id, interaction_type)
     SELECT $1, 'opportunity', id, 'favorite' FROM unnest($2::uuid[]) id ON CONFLICT DO NOTHING`,
    [userIdOf(token), ids.map((r) => r.id)],
  );
}
const total = Number((await client.query(`SELECT count(*) AS n FROM ${schema}.pathfinder_opportunities WHERE status = 'approved'`)).rows[0].n);
await client.end();
console.log(`${total} approved opportunities (${seeding})`);

const list = (query) => `${base}/api/pathfinder?${new URLSearchParams(query)}`;
const { get, close } = reader(base, users);
// A cursor deep in the list, reached as a scrolling client would (pages of 100).
let deepCursor;
for (let seen = 0; seen < depth; seen += 100) {
  const res = await get(list([['limit', '100'], ...(deepCursor ? [['cursor', deepCursor]] : [])]), tokens[0]);
  if (res.status !== 200) throw new Error(`${res.status} ${res.body}`);
  deepCursor = res.headers['x-next-cursor'];
}

/** `calls` timed reads of one URL, one in flight per user, after an untimed warm-up; flags a p95 over the target. */
async function phase(name, url) {
  let warm = 0;
  await Promise.all(
    tokens.map(async (token) => {
      while (warm++ < 5 * users) await get(url, token);
    }),
  );
  const timings = [];
  let next = 0;
  let body;
  const wall = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      while (next++ < calls) {
        const res = await get(url, token);
        timings.push(res.ms);
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.body}`);
        body = res.body;
      }
    }),
  );
  const elapsed = (performance.now() - wall) / 1000;
  const items = JSON.parse(body.toString());
  if (!Array.isArray(items) || items.length === 0) throw new Error(`${name}: an empty page`);
  timings.sort((a, b) => a - b);
  const pct = (p) => percentile(timings, p);
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
close();
if (p95s.some((p) => p > target)) process.exitCode = 1;
