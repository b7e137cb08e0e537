#!/usr/bin/env node
// GET /api/leetcode-questions/catalogue through the gateway, as the add dialog calls it while a
// candidate types: prefixes of well-known titles ("t", "tw", "two", "two s", ...), numbers, and
// searches within a list. Usage (against a running stack, e.g. `npm start`):
//   BASE_URL=http://127.0.0.1:8080 node bench/practice/catalogue.mjs
// One user makes all the calls, far past a person's share: start the stack with
//   USER_REQUESTS_PER_SECOND=1000000 USER_REQUEST_BURST=1000000 npm start   (else the reads are 429s)
// Each CONCURRENCY (default "1,10": one person typing, then ten at once) runs CALLS timed calls
// over keep-alive node:http, after an untimed warm-up; prints p50/p95/p99 and flags a p95 over
// TARGET_P95_MS (20). For reference it also times GET /api/error-types (a fixed answer from memory:
// the same gateway, token check and service with no work), and the search alone inside the process
// (the built service's Catalogue; `npm run build` first).
import http from 'node:http';
import { createRequire } from 'node:module';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const calls = Number(process.env.CALLS ?? 2000);
const concurrencies = (process.env.CONCURRENCY ?? '1,10').split(',').map(Number);
const target = Number(process.env.TARGET_P95_MS ?? 20);

const titles = ['two sum', 'longest substring', 'merge intervals', 'lru cache', 'binary tree level order', 'course schedule', 'word break', 'pow(x, n)'];
const queries = [
  ...titles.flatMap((t) => Array.from({ length: t.length }, (_, i) => `q=${encodeURIComponent(t.slice(0, i + 1))}&limit=8`)),
  ...['1', '14', '146', '2013', '300'].map((n) => `q=${n}&limit=8`),
  ...['tree', 'sum', 'dp', 'graph'].map((q) => `q=${q}&list=neetcode-150&limit=8`),
];

const res = await fetch(`${base}/auth/v1/signup`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: `bench.catalogue.${Date.now()}@example.com`, password: 'bench1234' }),
});
if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
const { access_token: token } = await res.json();
const url = (query) => (query === undefined ? `${base}/api/error-types` : `${base}/api/leetcode-questions/catalogue?${query}`);

const check = await fetch(url('q=two%20s&limit=8'), { headers: { Authorization: `Bearer ${token}` } });
const found = await check.json();
if (!check.ok || found[0]?.title !== 'Two Sum') throw new Error(`"two s" should find Two Sum first: ${check.status} ${JSON.stringify(found).slice(0, 200)}`);

/** CALLS timed GETs of `query` (or, with none, the reference endpoint), `concurrency` in flight, after a warm-up. */
async function phase(name, concurrency, query) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const read = (q) =>
    new Promise((resolve, reject) => {
      const req = http.get(url(q), { agent, headers: { Authorization: `Bearer ${token}` } }, (r) => {
        r.on('data', () => {});
        r.on('end', () => (r.statusCode === 200 ? resolve() : reject(new Error(`${r.statusCode} for ${q}`))));
        r.on('error', reject);
      });
      req.on('error', reject);
    });
  const run = async (count, timings) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = next++; i < count; i = next++) {
          const started = performance.now();
          await read(query(i));
          timings?.push(performance.now() - started);
        }
      }),
    );
  };
  await run(Math.max(200, 20 * concurrency));
  const timings = [];
  const wall = performance.now();
  await run(calls, timings);
  const elapsed = (performance.now() - wall) / 1000;
  timings.sort((a, b) => a - b);
  const pct = (p) => timings[Math.min(timings.length - 1, Math.ceil((p / 100) * timings.length) - 1)];
  console.log(
    `${name.padEnd(17)} ${String(concurrency).padStart(2)} at a time: p50 ${pct(50).toFixed(1).padStart(5)} ms  p95 ${pct(95).toFixed(1).padStart(5)} ms  ` +
      `p99 ${pct(99).toFixed(1).padStart(5)} ms  max ${timings.at(-1).toFixed(1).padStart(6)} ms  ${(timings.length / elapsed).toFixed(0).padStart(5)} req/s` +
      `${!query(0) || pct(95) <= target ? '' : `  p95 over ${target} ms`}`,
  );
  agent.destroy();
}

for (const concurrency of concurrencies) {
  await phase('catalogue search', concurrency, (i) => queries[i % queries.length]);
  await phase('error types (ref)', concurrency, () => undefined);
}

const { Catalogue } = createRequire(import.meta.url)('../../services/practice/dist/catalogue/catalogue.js');
const catalogue = new Catalogue();
const inProcess = [];
for (let i = 0; i < 20 * queries.length; i++) {
  const params = Object.fromEntries(new URLSearchParams(queries[i % queries.length]));
  const started = performance.now();
  catalogue.search({ q: params.q, list: params.list, limit: Number(params.limit) });
  if (i >= queries.length) inProcess.push(performance.now() - started);
}
inProcess.sort((a, b) => a - b);
const at = (p) => inProcess[Math.ceil((p / 100) * inProcess.length) - 1];
console.log(`search in process:  p50 ${(at(50) * 1000).toFixed(0)} µs  p95 ${(at(95) * 1000).toFixed(0)} µs  max ${(inProcess.at(-1) * 1000).toFixed(0)} µs`);
