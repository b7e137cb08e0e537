#!/usr/bin/env node
// Proxied vs direct GET throughput and latency on loopback.
//
//   npm run build -w @app/contracts -w @app/service-kit -w @app/gateway
//   node bench/gateway/proxy-bench.mjs [requests=2000] [concurrency=20] [rounds=3]
//
// A trivial upstream (one small JSON answer) and the built gateway (apps/gateway/dist/main.js, with
// its normal JSON access log going to /dev/null) run as separate processes; this process is the
// client (global fetch, i.e. undici, keep-alive). Scenarios, alternated per round:
//   direct   client → upstream
//   proxy    client → gateway /auth/v1/... → upstream   (routing + proxy, no token check)
//   verified client → gateway /api/profile  → upstream   (HS256 verification + proxy: a real /api call)
import { spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [requests = 2000, concurrency = 20, rounds = 3] = process.argv.slice(2).map(Number);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const gatewayMain = path.join(root, 'apps/gateway/dist/main.js');
if (!existsSync(gatewayMain)) {
  console.error('apps/gateway/dist/main.js is missing: npm run build -w @app/contracts -w @app/service-kit -w @app/gateway');
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const waitFor = async (url) => {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
};

const upstreamSource = `
  const http = require('node:http');
  const body = JSON.stringify({ id: '00000000-0000-4000-8000-000000000000', username: 'bench', years_of_experience: 3 });
  http.createServer((req, res) => {
    req.resume();
    req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }); res.end(body); });
  }).listen(Number(process.env.PORT), '127.0.0.1');
`;

const secret = 'bench-secret-bench-secret-bench-secret';
const b64 = (v) => Buffer.from(JSON.stringify(v)).toString('base64url');
const now = Math.floor(Date.now() / 1000);
const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: randomUUID(), aud: 'authenticated', iss: 'bench', role: 'authenticated', iat: now, exp: now + 3600 })}`;
const token = `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;

async function run(url, headers) {
  const latencies = new Float64Array(requests);
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests) {
      const i = next++;
      const t = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) failures++;
      latencies[i] = performance.now() - t;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { rps: requests / seconds, mean: sorted.reduce((a, b) => a + b, 0) / sorted.length, p50: q(0.5), p95: q(0.95), p99: q(0.99), failures };
}

const children = [];
const stopAll = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('exit', stopAll);

try {
  const upstreamPort = await freePort();
  children.push(spawn(process.execPath, ['-e', upstreamSource], { env: { PORT: String(upstreamPort) }, stdio: 'inherit' }));
  const upstream = `http://127.0.0.1:${upstreamPort}`;
  const gatewayPort = await freePort();
  children.push(
    spawn(process.execPath, [gatewayMain], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(gatewayPort),
        HOST: '127.0.0.1',
        SUPABASE_JWT_SECRET: secret,
        AUTH_ISSUER: 'bench',
        IDENTITY_URL: upstream,
        PROFILE_URL: upstream,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const gateway = `http://127.0.0.1:${gatewayPort}`;
  await waitFor(`${upstream}/healthz`);
  await waitFor(`${gateway}/healthz`);

  const scenarios = {
    direct: [`${upstream}/api/profile`, {}],
    proxy: [`${gateway}/auth/v1/settings`, {}],
    verified: [`${gateway}/api/profile`, { authorization: `Bearer ${token}` }],
  };
  for (const [url, headers] of Object.values(scenarios)) await run(url, headers); // warm-up (JIT, pools)

  const results = Object.fromEntries(Object.keys(scenarios).map((k) => [k, []]));
  for (let r = 0; r < rounds; r++) {
    for (const [name, [url, headers]] of Object.entries(scenarios)) results[name].push(await run(url, headers));
  }

  const median = (xs, key) => [...xs.map((x) => x[key])].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`\nGET, ${requests} requests × ${rounds} rounds, concurrency ${concurrency}, loopback, Node ${process.version} (medians of rounds)`);
  console.log('scenario    req/s    mean ms   p50 ms   p95 ms   p99 ms   non-200');
  for (const [name, xs] of Object.entries(results)) {
    const f = (key, digits = 2) => median(xs, key).toFixed(digits).padStart(8);
    console.log(`${name.padEnd(9)} ${f('rps', 0)} ${f('mean')} ${f('p50')} ${f('p95')} ${f('p99')} ${String(xs.reduce((a, x) => a + x.failures, 0)).padStart(9)}`);
  }
  const d = median(results.direct, 'rps');
  console.log(`\nproxy: ${((median(results.proxy, 'rps') / d) * 100).toFixed(0)}% of direct throughput, +${(median(results.proxy, 'p50') - median(results.direct, 'p50')).toFixed(2)} ms p50`);
  console.log(`verified: ${((median(results.verified, 'rps') / d) * 100).toFixed(0)}% of direct throughput, +${(median(results.verified, 'p50') - median(results.direct, 'p50')).toFixed(2)} ms p50`);
} finally {
  stopAll();
}
