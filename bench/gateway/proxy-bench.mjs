#!/usr/bin/env node
// What the gateway costs, measured with wrk against nginx as the referee, all in one run.
//
//   apt-get install wrk nginx-light          (Debian packages)
//   npm run build -w @app/contracts -w @app/service-kit -w @app/gateway -w @app/profile
//   node bench/gateway/proxy-bench.mjs [seconds=5] [rounds=3] [threads=2] [connections=20]
//   (many signed-in users against a bare undici proxy, issue 38 item 8's method: wrk.mjs)
//
// Processes (all on 127.0.0.1, each started here and stopped at the end):
//   profile   the real profile service (built dist) on the test Postgres (TEST_DATABASE_URL, else
//             127.0.0.1:5432) in a schema of its own, dropped afterwards; in-process event bus
//   nginx     one worker, keep-alive upstream pool, no access log: a cheap reverse proxy
//   gateway   the built gateway (apps/gateway/dist/main.js), its JSON access log to /dev/null;
//             /api/profile → profile, /api/error-types → the trivial upstream
//   trivial   a Node http server answering one small JSON body
//   bare-hpm  http-proxy-middleware on Node's own http server, keep-alive agent, nothing else
//             (one in front of the trivial upstream, one in front of profile)
//   bare-undici  an undici pool on Node's http server, nothing else: what any Node proxy pays at
//             least (the floor under the gateway's own work)
// Every request carries a real HS256 token (GET /api/profile answers the caller's own profile).
// GATEWAY_NODE_OPTIONS=--cpu-prof (e.g.) is handed to the gateway: a profile of it under this load.
//
// Scenarios run in rounds; in each, the lines compared with each other run back to back, their
// order rotated from round to round so none always runs first. The figures are medians over
// rounds, the ratios medians of each round's ratio.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  bareUndiciSource,
  freePort,
  gatewayEnv,
  gatewayMain,
  issuer,
  median,
  micros,
  nginxConfig,
  nginxWorkerOf,
  requireBinaries,
  root,
  secret,
  start,
  stopAll,
  tokenFor,
  waitFor,
  wrk as wrkRun,
} from './harness.mjs';

const [seconds = 5, rounds = 3, threads = 2, connections = 20] = process.argv.slice(2).map(Number);
const profileMain = path.join(root, 'services/profile/dist/main.js');
for (const [file, what] of [
  [gatewayMain, 'the gateway'],
  [profileMain, 'the profile service'],
]) {
  if (!existsSync(file)) {
    console.error(`${what} is not built (${path.relative(root, file)}): npm run build -w @app/contracts -w @app/service-kit -w @app/gateway -w @app/profile`);
    process.exit(1);
  }
}
requireBinaries('wrk', 'nginx');

const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const schema = `bench_profile_${process.pid}`;
const token = tokenFor(randomUUID(), 'bench@example.com');

const trivialSource = `
  const http = require('node:http');
  const body = JSON.stringify({ id: '00000000-0000-4000-8000-000000000000', username: 'bench', years_of_experience: 3 });
  http.createServer((req, res) => {
    req.resume();
    req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }); res.end(body); });
  }).listen(Number(process.env.PORT), '127.0.0.1');
`;

const bareHpmSource = `
  const http = require('node:http');
  const { createProxyMiddleware } = require('http-proxy-middleware');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const proxy = createProxyMiddleware({ target: process.env.TARGET, agent });
  http.createServer((req, res) => proxy(req, res)).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** One wrk run of one bearer token, with the CPU each of `pids` spent per request. */
const wrk = (url, duration, pids = []) => wrkRun({ url, seconds: duration, threads, connections, who: ['-H', `Authorization: Bearer ${token}`], pids });

let nginxDir;
try {
  const [profilePort, nginxPort, gatewayPort, trivialPort, hpmPort, hpmProfilePort, undiciPort] = await Promise.all(Array.from({ length: 7 }, freePort));
  const profile = `http://127.0.0.1:${profilePort}`;
  const trivial = `http://127.0.0.1:${trivialPort}`;
  const gateway = `http://127.0.0.1:${gatewayPort}`;

  const profilePid = start(process.execPath, [profileMain], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(profilePort),
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      EVENT_BUS: 'in-process',
      NATS_URL: '',
      SUPABASE_JWT_SECRET: secret,
      AUTH_JWKS_URL: '',
      AUTH_ISSUER: issuer,
      LOG_LEVEL: 'info',
      // One bench user makes thousands of calls a second: the per-user share would answer 429.
      USER_REQUESTS_PER_SECOND: '1000000',
      USER_REQUEST_BURST: '1000000',
    },
  }).pid;
  const trivialPid = start(process.execPath, ['-e', trivialSource], { env: { PORT: String(trivialPort) } }).pid;
  const hpmPid = start(process.execPath, ['-e', bareHpmSource], { env: { PORT: String(hpmPort), TARGET: trivial } }).pid;
  const hpmProfilePid = start(process.execPath, ['-e', bareHpmSource], { env: { PORT: String(hpmProfilePort), TARGET: profile } }).pid;
  const undiciPid = start(process.execPath, ['-e', bareUndiciSource], { env: { PORT: String(undiciPort), TARGET: profile } }).pid;
  const gatewayPid = start(process.execPath, [gatewayMain], { env: gatewayEnv(gatewayPort, { PROFILE_URL: profile, PRACTICE_URL: trivial }) }).pid;
  nginxDir = mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxConfig(nginxDir, nginxPort, profilePort));
  const nginxPid = start('nginx', ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-e', path.join(nginxDir, 'error.log')]).pid;

  const auth = { authorization: `Bearer ${token}` };
  await waitFor(`${profile}/api/profile`, auth); // also creates the bench user's profile
  await waitFor(`${trivial}/`);
  await waitFor(`http://127.0.0.1:${hpmPort}/api/error-types`);
  await waitFor(`${gateway}/api/profile`, auth);
  await waitFor(`${gateway}/api/error-types`, auth);
  await waitFor(`http://127.0.0.1:${nginxPort}/api/profile`, auth);
  const nginxWorkerPid = nginxWorkerOf(nginxPid);
  const groups = [
    [
      ['profile direct', `${profile}/api/profile`, [undefined, profilePid]],
      ['profile via nginx', `http://127.0.0.1:${nginxPort}/api/profile`, [nginxWorkerPid, profilePid]],
      ['profile via gateway', `${gateway}/api/profile`, [gatewayPid, profilePid]],
      ['profile via bare HPM', `http://127.0.0.1:${hpmProfilePort}/api/profile`, [hpmProfilePid, profilePid]],
      ['profile via bare undici', `http://127.0.0.1:${undiciPort}/api/profile`, [undiciPid, profilePid]],
    ],
    [
      ['trivial direct', `${trivial}/api/error-types`, [undefined, trivialPid]],
      ['trivial via bare HPM', `http://127.0.0.1:${hpmPort}/api/error-types`, [hpmPid, trivialPid]],
      ['trivial via gateway', `${gateway}/api/error-types`, [gatewayPid, trivialPid]],
    ],
  ];
  const scenarios = groups.flat();
  for (const [, url] of scenarios) await wrk(url, 2); // warm-up: JIT, pools, caches

  const results = new Map(scenarios.map(([name]) => [name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const group of groups) {
      for (let i = 0; i < group.length; i++) {
        const [name, url, pids] = group[(i + r) % group.length];
        results.get(name).push(await wrk(url, seconds, pids));
      }
    }
  }

  const figure = (name, key) => median(results.get(name).map((x) => x[key]));
  console.log(
    `\nwrk -t${threads} -c${connections}, ${seconds} s × ${rounds} rounds per line (medians), GET with a bearer token, 127.0.0.1, ` +
      `Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}`,
  );
  console.log('CPU µs/req: CPU time the proxy process (nginx worker, gateway, bare HPM or undici) and the service spent per request');
  console.log(
    `${'scenario'.padEnd(22)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'proxy CPU'.padStart(11)}${'service CPU'.padStart(13)}   rounds (req/s)`,
  );
  for (const [name] of scenarios) {
    const each = results
      .get(name)
      .map((x) => x.rps.toFixed(0))
      .join(' ');
    const cpu = (i) => median(results.get(name).map((x) => x.cpu[i]));
    console.log(
      `${name.padEnd(22)}${figure(name, 'rps').toFixed(0).padStart(9)}${figure(name, 'p50').toFixed(2).padStart(9)}${figure(name, 'p99').toFixed(2).padStart(9)}` +
        `${micros(cpu(0), 11)}${micros(cpu(1), 13)}   ${each}`,
    );
  }
  const timeouts = scenarios.map(([name]) => [name, results.get(name).reduce((n, x) => n + x.timeouts, 0)]).filter(([, n]) => n > 0);
  if (timeouts.length > 0) console.log(`wrk timeouts (answers slower than 2 s): ${timeouts.map(([name, n]) => `${name} ${n}`).join(', ')}`);
  // Ratios round by round (the lines of one round run within seconds of each other, under the same
  // load from whatever else the machine runs), then their median.
  const ratio = (a, b) => median(results.get(a).map((x, r) => x.rps / results.get(b)[r].rps));
  const perRound = (a, b) =>
    results
      .get(a)
      .map((x, r) => (x.rps / results.get(b)[r].rps).toFixed(2))
      .join(' ');
  const nginxRatio = ratio('profile via nginx', 'profile direct');
  const gatewayRatio = ratio('profile via gateway', 'profile direct');
  const trivialRatio = ratio('trivial via gateway', 'trivial via bare HPM');
  const verdict = (ok) => (ok ? 'target met' : 'target missed');
  console.log(`\nratios (median of rounds)          rounds`);
  console.log(`real call  nginx/direct      ${nginxRatio.toFixed(2)}    ${perRound('profile via nginx', 'profile direct')}`);
  console.log(`           gateway/direct    ${gatewayRatio.toFixed(2)}    ${perRound('profile via gateway', 'profile direct')}`);
  for (const [label, name] of [
    ['HPM/direct', 'profile via bare HPM'],
    ['undici/direct', 'profile via bare undici'],
  ])
    console.log(`           ${label.padEnd(18)}${ratio(name, 'profile direct').toFixed(2)}    ${perRound(name, 'profile direct')}`);
  console.log(`trivial    gateway/bare HPM  ${trivialRatio.toFixed(2)}    ${perRound('trivial via gateway', 'trivial via bare HPM')}`);
  console.log(
    `\ntargets: gateway/direct within 0.10 of nginx/direct: ${verdict(gatewayRatio >= nginxRatio - 0.1)}; gateway/bare HPM at least 0.80: ${verdict(trivialRatio >= 0.8)}`,
  );
} finally {
  await cleanUp();
}

async function cleanUp() {
  stopAll();
  if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
  await new Promise((r) => setTimeout(r, 300));
  const drop = `
    const { Client } = require('pg');
    const c = new Client({ connectionString: process.env.DATABASE_URL });
    c.connect().then(() => c.query('DROP SCHEMA IF EXISTS ${schema} CASCADE')).finally(() => c.end());
  `;
  spawnSync(process.execPath, ['-e', drop], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'inherit' });
}
