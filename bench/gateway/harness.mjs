// What the gateway benchmarks share: signed tokens, the processes they start (each stopped at the
// end), the featureless proxies they compare the gateway with, and wrk runs read back.
import { spawn, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The built gateway; GATEWAY_MAIN=<file> measures another build (an older one kept aside, say) the same way. */
export const gatewayMain = process.env.GATEWAY_MAIN ? path.resolve(process.env.GATEWAY_MAIN) : path.join(root, 'apps/gateway/dist/main.js');

/** The gateway's (and a service's) HS256 secret and issuer in the benchmarks. */
export const secret = 'bench-secret-bench-secret-bench-secret';
export const issuer = 'bench';

const b64 = (v) => Buffer.from(JSON.stringify(v)).toString('base64url');
const now = Math.floor(Date.now() / 1000);

/** A signed-in user's access token, as identity (or Supabase) signs it. */
export function tokenFor(userId, email) {
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

/** Stops the run when wrk or nginx is missing. */
export function requireBinaries(...binaries) {
  for (const binary of binaries) {
    if (spawnSync('sh', ['-c', `command -v ${binary}`]).status !== 0) {
      console.error(`${binary} is missing: apt-get install wrk nginx-light`);
      process.exit(1);
    }
  }
}

export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

export const waitFor = async (url, headers = {}) => {
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
/** Starts a process of the run; all are stopped when the run exits. */
export const start = (command, args, options = {}) => {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], ...options });
  children.push(child);
  return child;
};
export const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));
// Stopped by `timeout` or kill: its processes stop too, not left behind on their ports.
process.on('SIGTERM', () => process.exit(143));

/** The gateway's environment in a benchmark: HS256 tokens of `secret`, its access log to /dev/null (stdout ignored). */
export const gatewayEnv = (port, upstreams) => ({
  ...process.env,
  HOST: '127.0.0.1',
  PORT: String(port),
  SUPABASE_JWT_SECRET: secret,
  AUTH_JWKS_URL: '',
  AUTH_ISSUER: issuer,
  LOG_LEVEL: 'info',
  ...upstreams,
  // Every bench connection comes from 127.0.0.1: the per-address share would answer 429.
  CLIENT_MAX_IN_FLIGHT: '1000000',
  // Each user's share is counted on every call, as in production, at a rate no user reaches: on a
  // quiet machine 300 users make over 20 calls a second each (the default), and a 429 is no speed.
  USER_REQUESTS_PER_SECOND: '1000000',
  USER_REQUEST_BURST: '1000000',
  ...(process.env.GATEWAY_NODE_OPTIONS ? { NODE_OPTIONS: process.env.GATEWAY_NODE_OPTIONS } : {}),
});

/** A bare undici proxy (node -e, TARGET and PORT): what any Node proxy pays at least, the floor under the gateway's own work. */
export const bareUndiciSource = `
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

/** nginx (started with `-p dir`): one worker, a keep-alive upstream pool, no access log: a cheap reverse proxy. */
export function nginxConfig(dir, listen, upstreamPort) {
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

/** nginx's worker process (the one that proxies), for its CPU time. */
export const nginxWorkerOf = (masterPid) => Number(readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8').trim().split(' ')[0]);

/**
 * wrk's script for many users: each request carries the next user's token; each thread starts at
 * its own place in the list, so the threads do not send the same user at once.
 */
export function rotationScript(dir, tokens, threads) {
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
 * One wrk run (`who`: wrk's arguments saying who calls, `-s script` or `-H header`), with the CPU
 * time each of `pids` spent per request; throws when anything but 2xx came back (a broken setup, or
 * a limit hit, must not look fast).
 */
export function wrk({ url, seconds, threads, connections, who, pids = [] }) {
  const before = pids.map(cpuMicros);
  return new Promise((resolve, reject) => {
    const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--latency', ...who, url];
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
      resolve({ rps, requests, p50: pct(50), p99: pct(99), cpu, timeouts });
    });
  });
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU µs per call, or '-' where it could not be read. */
export const micros = (v, width) => (Number.isFinite(v) ? `${v.toFixed(0)} µs` : '-').padStart(width);
