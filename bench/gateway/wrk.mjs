#!/usr/bin/env node
// The gateway against a bare undici proxy, the way issue 38 item 8 measures it: wrk (C, so the
// load generator takes little of the 2 cores), many signed-in users, every proxy side by side in
// one run on the same upstream.
//
//   apt-get install wrk nginx-light          (Debian packages)
//   npm run build -w @app/contracts -w @app/service-kit -w @app/gateway
//   node bench/gateway/wrk.mjs [seconds=10] [runs=3] [threads=2] [connections=20]
//   USERS=300 (default)   GATEWAY_NODE_OPTIONS=--cpu-prof (a profile of the gateway under this load)
//
// Processes (127.0.0.1, each started here and stopped at the end):
//   upstream     a Node http server answering GET /api/profile with a profile's JSON, as the
//                profile service does, but in a few µs: what is measured is the proxy's own cost
//   bare undici  an undici pool on Node's http server, nothing else: the referee, since a Node
//                gateway cannot beat it
//   nginx        one worker, keep-alive upstream pool, no access log: the referee's referee
//   gateway      the built gateway (apps/gateway/dist/main.js) with its production defaults: every
//                token verified (remembered once verified), each user's share counted (at a rate
//                no user reaches, see harness.mjs), admission bounds, request ids, the access log
//                (to /dev/null)
// Every request carries the next of USERS users' HS256 tokens (wrk's Lua script), so the token
// cache and the per-user shares meet as many users as in production; any answer but a 2xx fails
// the run. Each run measures every line once, back to back, in an
// order rotated from run to run, in slices of about a second taken in turn (req/s: their mean; p50,
// p99: their medians); the ratio that counts is gateway/bare undici within one run.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  bareUndiciSource,
  freePort,
  gatewayEnv,
  gatewayMain,
  median,
  micros,
  nginxConfig,
  nginxWorkerOf,
  requireBinaries,
  root,
  rotationScript,
  start,
  stopAll,
  tokenFor,
  waitFor,
  wrk,
} from './harness.mjs';

const [seconds = 10, runs = 3, threads = 2, connections = 20] = process.argv.slice(2).map(Number);
const users = Number(process.env.USERS ?? 300);
if (!Number.isInteger(users) || users < 1) {
  console.error(`USERS must be a whole number above 0 (got "${process.env.USERS}")`);
  process.exit(1);
}
if (!existsSync(gatewayMain)) {
  console.error(`the gateway is not built (${path.relative(root, gatewayMain)}): npm run build -w @app/contracts -w @app/service-kit -w @app/gateway`);
  process.exit(1);
}
requireBinaries('wrk', 'nginx');

const upstreamSource = `
  const http = require('node:http');
  const body = JSON.stringify({
    username: 'bench', current_company_id: null, verified_company: false, years_of_experience: 3,
    number_of_internships: 1, location: 'Berlin', interview_date: null,
    created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z',
  });
  http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url !== '/api/profile' || !req.headers.authorization) { res.writeHead(404); res.end(); return; }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'x-request-id': req.headers['x-request-id'] || '-' });
      res.end(body);
    });
  }).listen(Number(process.env.PORT), '127.0.0.1');
`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
try {
  const [upstreamPort, undiciPort, nginxPort, gatewayPort] = await Promise.all(Array.from({ length: 4 }, freePort));
  const upstream = `http://127.0.0.1:${upstreamPort}`;
  const upstreamPid = start(process.execPath, ['-e', upstreamSource], { env: { PORT: String(upstreamPort) } }).pid;
  const undiciPid = start(process.execPath, ['-e', bareUndiciSource], { env: { PORT: String(undiciPort), TARGET: upstream } }).pid;
  writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, nginxPort, upstreamPort));
  const nginxPid = start('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')]).pid;
  const gatewayPid = start(process.execPath, [gatewayMain], { env: gatewayEnv(gatewayPort, { PROFILE_URL: upstream }) }).pid;

  const tokens = Array.from({ length: users }, (_, i) => tokenFor(randomUUID(), `bench-${i}@example.com`));
  const auth = { authorization: `Bearer ${tokens[0]}` };
  const lines = [
    ['direct', `${upstream}/api/profile`, upstreamPid],
    ['bare undici', `http://127.0.0.1:${undiciPort}/api/profile`, undiciPid],
    ['nginx', `http://127.0.0.1:${nginxPort}/api/profile`, undefined],
    ['gateway', `http://127.0.0.1:${gatewayPort}/api/profile`, gatewayPid],
  ];
  for (const [, url] of lines) await waitFor(url, auth);
  lines[2][2] = nginxWorkerOf(nginxPid);

  const who = ['-s', rotationScript(dir, tokens, threads)];
  const load = { seconds, threads, connections, who };
  // Warm-up: JIT, pools, every user's token verified once (the gateway's cache, as a signed-in user's is).
  for (const [, url] of lines) await wrk({ ...load, url, seconds: 2 });

  console.log(
    `wrk -t${threads} -c${connections} -d${seconds}s, GET /api/profile, ${users} users' tokens in turn; Node ${process.version}, ${os.cpus().length} CPUs, ` +
      `load ${os.loadavg()[0].toFixed(2)} at start`,
  );
  console.log(`CPU/call: the CPU time the process (upstream, proxy, nginx worker) spent per request\n`);
  const ratios = [];
  for (let run = 0; run < runs; run++) {
    // The lines take turns in slices of about a second, so a burst of other work on the machine falls on all of them alike.
    const slices = Math.max(1, Math.round(seconds));
    const results = new Map(lines.map(([name]) => [name, []]));
    for (let slice = 0; slice < slices; slice++) {
      for (let i = 0; i < lines.length; i++) {
        const [name, url, pid] = lines[(i + run + slice) % lines.length];
        results.get(name).push(await wrk({ ...load, url, seconds: seconds / slices, pids: [pid] }));
      }
    }
    const total = (name) => {
      const parts = results.get(name);
      const requests = parts.reduce((n, x) => n + x.requests, 0);
      return {
        rps: parts.reduce((n, x) => n + x.rps, 0) / parts.length,
        p50: median(parts.map((x) => x.p50)),
        p99: median(parts.map((x) => x.p99)),
        cpu: parts.reduce((n, x) => n + x.cpu[0] * x.requests, 0) / requests,
      };
    };
    console.log(`run ${run + 1}${'req/s'.padStart(16)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'CPU/call'.padStart(11)}`);
    for (const [name] of lines) results.set(name, total(name));
    for (const [name] of lines) {
      const r = results.get(name);
      console.log(`  ${name.padEnd(12)}${r.rps.toFixed(0).padStart(9)}${r.p50.toFixed(2).padStart(9)}${r.p99.toFixed(2).padStart(9)}${micros(r.cpu, 11)}`);
    }
    const ratio = results.get('gateway').rps / results.get('bare undici').rps;
    ratios.push(ratio);
    console.log(
      `  gateway / bare undici ${ratio.toFixed(2)} (CPU per call: ${(results.get('bare undici').cpu / results.get('gateway').cpu).toFixed(2)}), ` +
        `nginx / bare undici ${(results.get('nginx').rps / results.get('bare undici').rps).toFixed(2)}\n`,
    );
  }
  const met = ratios.filter((r) => r >= 0.9).length;
  console.log(`gateway / bare undici: ${ratios.map((r) => r.toFixed(2)).join(' / ')}; at least 0.90 in ${met} of ${runs} runs`);
} finally {
  stopAll();
  rmSync(dir, { recursive: true, force: true });
}
