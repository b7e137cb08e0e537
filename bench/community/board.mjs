#!/usr/bin/env node
// Every community list at 10,000 items (issue 23: p95 ≤ 50 ms for search, filter and sort through
// the gateway with 10 users at once): 10,000 feature requests and 10,000 opportunities, then USERS
// (10) users each reading the feature board and Student Pathfinder in turn, one call in flight per
// user, for DURATION (30) s after WARMUP (3) s untimed. Prints p50/p95/p99 per kind of call, the
// machine's cores and its load average before and after; exits 1 when a kind's p95 is over target.
// Usage (against a running stack with its database; lift the per-user share, ten users make all
// the calls):
//   USER_REQUESTS_PER_SECOND=1000000 USER_REQUEST_BURST=1000000 PORT=8080 npm start
//   BASE_URL=http://127.0.0.1:8080 DATABASE_URL=postgres://... node bench/community/board.mjs
// Seeds once (bench/community/common.mjs); a seeded database is detected and not seeded again.
// Search words vary per call (a common word each time), so the database answers each anew. A
// reference call that reads no list (the bell's unread count) runs in the same rotation: its
// figures are what the machine's load costs any call.
import os from 'node:os';
import pg from 'pg';
import { percentile, reader, seedFeatureRequests, seedOpportunities, signUp, userIdOf } from './common.mjs';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const count = Number(process.env.ITEMS ?? 10_000);
const users = Number(process.env.USERS ?? 10);
const durationS = Number(process.env.DURATION ?? 30);
const warmupS = Number(process.env.WARMUP ?? 3);
const schema = process.env.COMMUNITY_SCHEMA ?? 'community';
const target = Number(process.env.TARGET_P95_MS ?? 50);
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL (the stack database) is needed to seed 10,000 items of each list');

const tokens = await signUp(base, users, 'board');
// The service ran its migrations (the schema exists) before the seeds write to it.
for (const path of ['/api/pathfinder?limit=1', '/api/feature-requests?status=planned']) {
  const res = await fetch(`${base}${path}`, { headers: { Authorization: tokens[0] } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
console.log(await seedOpportunities(client, schema, count));
console.log(await seedFeatureRequests(client, schema, count));
// Each user favours 50 opportunities and upvotes 50 requests, so "favourites" and "voted" have rows.
for (const token of tokens) {
  await client.query(
    `INSERT INTO ${schema}.interactions (user_id, entity_type, entity_id, interaction_type)
     (SELECT $1::uuid, 'opportunity', id, 'favorite' FROM ${schema}.pathfinder_opportunities WHERE link LIKE 'https://bench.example.com/%' ORDER BY random() LIMIT 50)
     UNION ALL
     (SELECT $1::uuid, 'feature_request', id, 'upvote' FROM ${schema}.requested_features WHERE title LIKE 'Bench request %' AND status <> 'pending' ORDER BY random() LIMIT 50)
     ON CONFLICT DO NOTHING`,
    [userIdOf(token)],
  );
}
const listed = await client.query(
  `SELECT (SELECT count(*) FROM ${schema}.pathfinder_opportunities WHERE status = 'approved') AS opportunities,
          (SELECT count(*) FROM ${schema}.requested_features WHERE status <> 'pending' AND merged_into IS NULL) AS requests`,
);
await client.end();
console.log(`${listed.rows[0].opportunities} approved opportunities, ${listed.rows[0].requests} listed feature requests`);

const words = ['software', 'engineering', 'backend', 'frontend', 'data', 'infrastructure', 'mobile', 'security', 'research', 'platform', 'machine', 'learning'];
const word = () => words[Math.floor(Math.random() * words.length)];
const board = (query) => `${base}/api/feature-requests?${new URLSearchParams(query)}`;
const pathfinder = (query) => `${base}/api/pathfinder?${new URLSearchParams({ ...query, limit: '24' })}`;
const referenceKind = 'reference: no list';
/** Each kind of call as the pages make it: the board asks without a limit (its first 200), Pathfinder 24 a page. */
const kinds = [
  ['board top', () => board({})],
  ['board newest', () => board({ sort: 'newest' })],
  ['board trending', () => board({ sort: 'trending' })],
  ['board search', () => board({ q: word() })],
  ['board filter', () => board({ status: 'planned' })],
  ['board search+sort', () => board({ q: word(), sort: 'newest', status: 'open' })],
  ['board voted', () => board({ voted: 'true', sort: 'trending' })],
  ['opps newest', () => pathfinder({})],
  ['opps search', () => pathfinder({ q: word() })],
  ['opps filters', () => pathfinder({ kind: 'internship', season: 'Summer 2027', remote: 'true', sponsorship: 'yes', sort: 'deadline' })],
  ['opps most upvoted', () => pathfinder({ sort: 'upvotes' })],
  ['opps search+sort', () => pathfinder({ q: `${word()} ${word()}`, sort: 'upvotes', open: 'true' })],
  ['opps favourites', () => pathfinder({ favorites: 'true' })],
  // Not a list: a one-row indexed read through the same gateway and service, so the figures show
  // what the machine's load alone costs a call. Printed, never held to the target.
  [referenceKind, () => `${base}/api/notifications/unread-count`],
];

const { get, close } = reader(base, users);
const timings = new Map(kinds.map(([name]) => [name, []]));
const failures = [];
/** Until `untilMs`, each user calls kind after kind (starting at a kind of its own), one at a time. */
const run = (untilMs, record) =>
  Promise.all(
    tokens.map(async (token, u) => {
      for (let k = u; performance.now() < untilMs; k++) {
        const [name, url] = kinds[k % kinds.length];
        const res = await get(url(), token);
        if (res.status !== 200) failures.push(`${name}: ${res.status} ${res.body.toString().slice(0, 200)}`);
        else if (record) timings.get(name).push(res.ms);
      }
    }),
  );

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `${os.cpus().length} cores, load average ${load()} (1, 5, 15 min) before; ${users} users for ${durationS} s through ${base}; target p95 ≤ ${target} ms`,
);
await run(performance.now() + warmupS * 1000, false);
const started = performance.now();
await run(started + durationS * 1000, true);
const seconds = (performance.now() - started) / 1000;
close();

/** One line of figures: p50, p95 and p99 of the sorted milliseconds, and how many calls. */
const figures = (name, ms) =>
  `${name.padEnd(18)} p50 ${percentile(ms, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(ms, 95).toFixed(1).padStart(6)} ms  ` +
  `p99 ${percentile(ms, 99).toFixed(1).padStart(6)} ms  ${String(ms.length).padStart(5)} calls`;
const over = [];
const lists = [];
for (const [name, ms] of timings) {
  ms.sort((a, b) => a - b);
  if (name === referenceKind) continue;
  lists.push(...ms);
  const within = percentile(ms, 95) <= target;
  if (!within) over.push(name);
  console.log(`${figures(name, ms)}${within ? '' : `  p95 over ${target} ms`}`);
}
lists.sort((a, b) => a - b);
console.log(`${figures('every list call', lists)}, ${(lists.length / seconds).toFixed(0)} req/s, ${failures.length} failed`);
console.log(`${figures(referenceKind, timings.get(referenceKind))}; load average ${load()} after`);
if (failures.length > 0) console.log(failures.slice(0, 5).join('\n'));
if (over.length > 0 || failures.length > 0) process.exitCode = 1;
