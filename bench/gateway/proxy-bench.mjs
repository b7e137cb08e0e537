#!/usr/bin/env node
// What the gateway costs, measured with wrk against nginx as the referee, all in one run.
//
//   apt-get install wrk nginx-light          (Debian packages)
//   npm run build -w @app/contracts -w @app/service-kit -w @app/gateway -w @app/profile
//   node bench/gateway/proxy-bench.mjs [seconds=5] [rounds=3] [threads=2] [connections=20]
//   USERS=300 node bench/gateway/proxy-bench.mjs …   many-user mode: see below
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
// Many-user mode (USERS=N, 300 or more for the figure of record): N signed-in users, each with a
// token and a profile of their own, and every request of wrk's the next user's token in turn, so
// the gateway's per-user limits (its production defaults: 20 calls/s, burst 60, as the service's)
// and its token cache meet as many users as in production. Only the real call runs (direct, via
// the gateway, via a bare undici proxy), and any answer but a 2xx fails the run: a 429 is a limit
// hit, not speed. Target: the gateway at least 0.90 of the bare undici proxy's throughput.
// GATEWAY_NODE_OPTIONS=--cpu-prof (e.g.) is handed to the gateway: a profile of it under this load.
//
// Scenarios run in rounds; in each, the lines compared with each other run back to back, their
// order rotated from round to round so none always runs first. The figures are medians over
// rounds, the ratios medians of each round's ratio.
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [seconds = 5, rounds = 3, threads = 2, connections = 20] = process.argv.slice(2).map(Number);
const users = Number(process.env.USERS ?? 0);
if (!Number.isInteger(users) || users < 0) {
  console.error(`USERS must be a whole number (got "${process.env.USERS}")`);
  process.exit(1);
}
const manyUsers = users > 0;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const gatewayMain = path.join(root, 'apps/gateway/dist/main.js');
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
for (const binary of ['wrk', 'nginx']) {
  if (spawnSync('sh', ['-c', `command -v ${binary}`]).status !== 0) {
    console.error(`${binary} is missing: apt-get install wrk nginx-light`);
    process.exit(1);
  }
}

const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const schema = `bench_profile_${process.pid}`;
const secret = 'bench-secret-bench-secret-bench-secret';
const issuer = 'bench';
const b64 = (v) => Buffer.from(JSON.stringify(v)).toString('base64url');
const now = Math.floor(Date.now() / 1000);
/** A signed-in user's access token, as identity (or Supabase) signs it. */
function tokenFor(userId, email) {
  const signingInput = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({
    sub: userId,
    email,
    aud: 'authenticated',
    iss: issuer,
    role: 'authenticated',
    iat: now,
    exp: now + 3600,
  })}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}
const token = tokenFor(randomUUID(), 'bench@example.com');
const userTokens = Array.from({ length: users }, (_, i) => tokenFor(randomUUID(), `bench-${i}@example.com`));

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const waitFor = async (url, headers = {}) => {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered 200`);
};

const children = [];
const start = (command, args, options = {}) => {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], ...options });
  children.push(child);
  return child;
};
const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));

const trivialSource = `
  const http = require('node:http');
  const body = JSON.stringify({ id: '00000000-0000-4000-8000-000000000000', username: 'bench', years_of_experience: 3 });
  http.createServer((req, res) => {
    req.resume();
    req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }); res.end(body); });
  }).listen(Number(process.env.PORT), '127.0.0.1');
`;

const bareUndiciSource = `
  const http = require('node:http');
  // No timeouts, no header hygiene, no errors but a bare 502: not a proxy to deploy, a floor to measure.
  const { Pool } = require('undici');
  const pool = new Pool(process.env.TARGET, { connections: 64 });
  http.createServer((req, res) => {
    pool.dispatch({ path: req.url, method: req.method, headers: req.headers, body: null }, {
      onRequestStart: () => {},
      onResponseStart: (_c, status, headers) => { delete headers.connection; delete headers['keep-alive']; res.writeHead(status, headers); },
      onResponseData: (_c, chunk) => { res.write(chunk); },
      onResponseEnd: () => res.end(),
      onResponseError: () => { res.statusCode = 502; res.end(); },
    });
  }).listen(Number(process.env.PORT), '127.0.0.1');
`;

const bareHpmSource = `
  const http = require('node:http');
  const { createProxyMiddleware } = require('http-proxy-middleware');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const proxy = createProxyMiddleware({ target: process.env.TARGET, agent });
  http.createServer((req, res) => proxy(req, res)).listen(Number(process.env.PORT), '127.0.0.1');
`;

function nginxConfig(dir, listen, upstreamPort) {
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  return `${user}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream profile { server 127.0.0.1:${upstreamPort}; keepalive 64; }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://profile;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`;
}

const unit = { us: 1e-3, ms: 1, s: 1e3 };
const toMs = (text) => {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text);
  return m ? Number(m[1]) * unit[m[2]] : NaN;
};

const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** CPU time a process has used so far, in µs (Linux /proc; NaN elsewhere). */
function cpuMicros(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [utime, stime] = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 13)
      .map(Number);
    return ((utime + stime) * 1e6) / ticksPerSecond;
  } catch {
    return NaN;
  }
}

/**
 * One wrk run, with the CPU time each of `pids` spent per request; throws when anything but 200s
 * came back (a broken setup must not look fast).
 */
function wrk(url, duration, pids = []) {
  const before = pids.map(cpuMicros);
  return new Promise((resolve, reject) => {
    const who = rotation ? ['-s', rotation] : ['-H', `Authorization: Bearer ${token}`];
    const args = ['-t', String(threads), '-c', String(connections), '-d', `${duration}s`, '--latency', ...who, url];
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
      // A timeout is wrk giving up on a slow answer (a busy machine), not a wrong one: it is counted.
      const [connect, read, write, timeouts] = (/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out) ?? [0, 0, 0, 0, 0])
        .slice(1)
        .map(Number);
      if (code !== 0 || !rps || non2xx > 0 || connect + read + write > 0) {
        reject(new Error(`wrk ${url}: exit ${code}, ${non2xx} non-2xx, socket errors: connect ${connect}, read ${read}, write ${write}\n${out}`));
        return;
      }
      const pct = (p) => toMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
      const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
      const cpu = pids.map((pid, i) => (cpuMicros(pid) - before[i]) / requests);
      resolve({ rps, p50: pct(50), p99: pct(99), cpu, timeouts });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * wrk's script for many-user mode: each request carries the next user's token; each thread starts
 * at its own place in the list, so the threads do not send the same user at once.
 */
function rotationScript(dir, tokens) {
  const file = path.join(dir, 'users.lua');
  writeFileSync(
    file,
    `local tokens = { ${tokens.map((t) => JSON.stringify(t)).join(', ')} }
local threads = 0
function setup(thread)
  thread:set("offset", threads * ${Math.max(1, Math.floor(tokens.length / Math.max(1, threads)))})
  threads = threads + 1
end
local i = 0
function init()
  i = offset or 0
end
function request()
  i = i + 1
  return wrk.format(nil, nil, { ["Authorization"] = "Bearer " .. tokens[(i % #tokens) + 1] })
end
`,
  );
  return file;
}

let nginxDir;
let rotation;
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
      ...(!manyUsers && { USER_REQUESTS_PER_SECOND: '1000000', USER_REQUEST_BURST: '1000000' }),
    },
  }).pid;
  const trivialPid = start(process.execPath, ['-e', trivialSource], { env: { PORT: String(trivialPort) } }).pid;
  const hpmPid = start(process.execPath, ['-e', bareHpmSource], { env: { PORT: String(hpmPort), TARGET: trivial } }).pid;
  const hpmProfilePid = start(process.execPath, ['-e', bareHpmSource], { env: { PORT: String(hpmProfilePort), TARGET: profile } }).pid;
  const undiciPid = start(process.execPath, ['-e', bareUndiciSource], { env: { PORT: String(undiciPort), TARGET: profile } }).pid;
  const gatewayPid = start(process.execPath, [gatewayMain], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(gatewayPort),
      SUPABASE_JWT_SECRET: secret,
      AUTH_JWKS_URL: '',
      AUTH_ISSUER: issuer,
      PROFILE_URL: profile,
      PRACTICE_URL: trivial,
      LOG_LEVEL: 'info',
      ...(!manyUsers && { USER_REQUESTS_PER_SECOND: '1000000', USER_REQUEST_BURST: '1000000' }),
      // Every bench connection comes from 127.0.0.1: the per-address share would answer 429.
      CLIENT_MAX_IN_FLIGHT: '1000000',
      ...(process.env.GATEWAY_NODE_OPTIONS ? { NODE_OPTIONS: process.env.GATEWAY_NODE_OPTIONS } : {}),
    },
  }).pid;
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
  const nginxWorkerPid = Number(readFileSync(`/proc/${nginxPid}/task/${nginxPid}/children`, 'utf8').trim().split(' ')[0]);
  if (manyUsers) {
    // Each user's profile exists before the timed runs, as a signed-in user's does.
    for (const userToken of userTokens) await waitFor(`${profile}/api/profile`, { authorization: `Bearer ${userToken}` });
    rotation = rotationScript(nginxDir, userTokens);
    await manyUserRun({ profile, gateway, undici: `http://127.0.0.1:${undiciPort}`, profilePid, gatewayPid, undiciPid });
  } else {
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
      const micros = (v, width) => (Number.isFinite(v) ? `${v.toFixed(0)} µs` : '-').padStart(width);
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
  }
} finally {
  await cleanUp();
}

/** Many-user mode: the real call direct, via the gateway and via a bare undici proxy, in rounds. */
async function manyUserRun({ profile, gateway, undici, profilePid, gatewayPid, undiciPid }) {
  const scenarios = [
    ['profile direct', `${profile}/api/profile`, [undefined, profilePid]],
    ['profile via gateway', `${gateway}/api/profile`, [gatewayPid, profilePid]],
    ['profile via bare undici', `${undici}/api/profile`, [undiciPid, profilePid]],
  ];
  for (const [, url] of scenarios) await wrk(url, 2); // warm-up: JIT, pools, every user's cache entry
  const results = new Map(scenarios.map(([name]) => [name, []]));
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < scenarios.length; i++) {
      const [name, url, pids] = scenarios[(i + r) % scenarios.length];
      results.get(name).push(await wrk(url, seconds, pids));
    }
  }
  const figure = (name, key) => median(results.get(name).map((x) => x[key]));
  const cpu = (name, i) => median(results.get(name).map((x) => x.cpu[i]));
  console.log(
    `\nmany users: ${users} signed-in users, each request the next user's token; wrk -t${threads} -c${connections}, ${seconds} s × ${rounds} rounds per line (medians), ` +
      `Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}; every answer a 2xx`,
  );
  console.log(
    `${'scenario'.padEnd(26)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'proxy CPU/call'.padStart(16)}${'service CPU/call'.padStart(18)}   rounds (req/s)`,
  );
  const micros = (v, width) => (Number.isFinite(v) ? `${v.toFixed(0)} µs` : '-').padStart(width);
  for (const [name] of scenarios) {
    console.log(
      `${name.padEnd(26)}${figure(name, 'rps').toFixed(0).padStart(9)}${figure(name, 'p50').toFixed(2).padStart(9)}${figure(name, 'p99').toFixed(2).padStart(9)}` +
        `${micros(cpu(name, 0), 16)}${micros(cpu(name, 1), 18)}   ${results
          .get(name)
          .map((x) => x.rps.toFixed(0))
          .join(' ')}`,
    );
  }
  const perRound = results.get('profile via gateway').map((x, r) => x.rps / results.get('profile via bare undici')[r].rps);
  const ratio = median(perRound);
  console.log(`\ngateway / bare undici throughput: ${ratio.toFixed(2)} (rounds ${perRound.map((x) => x.toFixed(2)).join(' ')})`);
  console.log(`target (at least 0.90): ${ratio >= 0.9 ? 'met' : 'NOT met'}`);
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
