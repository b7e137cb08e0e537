#!/usr/bin/env node
// `npm start`: the whole app on one machine. Uses DATABASE_URL / NATS_URL when set; otherwise an
// embedded Postgres with its data in .data/ and nats-server from PATH (else every service in this
// one process over an in-process bus). Prints what it chose; Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, services, startEmbeddedPostgres, waitForHttp, which } from './stack.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const started = Date.now();
const say = (line) => console.log(`[start] ${line}`);
const cleanups = [];
let stopping = false;

async function main() {
  buildIfNeeded();
  const port = Number(process.env.PORT ?? 8080);
  const databaseUrl = process.env.DATABASE_URL ?? (await embeddedPostgres());
  const nats = process.env.NATS_URL ? { url: process.env.NATS_URL, how: `NATS at ${redact(process.env.NATS_URL)}` } : await natsServer();
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  const shared = {
    ...process.env,
    STOP_WITH_PARENT: '1',
    DATABASE_URL: databaseUrl,
    AUTH_ISSUER: process.env.AUTH_ISSUER ?? `${publicUrl}/auth/v1`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...(nats.url ? { NATS_URL: nats.url, EVENT_BUS: 'nats' } : { EVENT_BUS: 'in-process' }),
  };
  // Default ports, or free ones when another stack (a test run, say) already holds them.
  const ports = {};
  for (const s of services) ports[s.name] = await freePort(s.port);
  if (!shared.SUPABASE_JWT_SECRET && !shared.AUTH_JWKS_URL) {
    shared.AUTH_JWKS_URL = `http://127.0.0.1:${ports.identity}/auth/v1/.well-known/jwks.json`;
  }
  say(`database: ${process.env.DATABASE_URL ? `DATABASE_URL (${redact(databaseUrl)})` : `embedded Postgres, data in .data/postgres (${redact(databaseUrl)})`}`);
  say(`events:   ${nats.how}`);
  say(`auth:     ${shared.AUTH_JWKS_URL?.includes('127.0.0.1') ? 'identity (embedded Supabase-Auth-compatible /auth/v1)' : 'external (AUTH_JWKS_URL / SUPABASE_JWT_SECRET)'}`);
  say(`voice:    ${process.env.ELEVENLABS_API_KEY ? 'ElevenLabs' : 'local interviewer agent (when the voice service is built)'}`);
  say(`telemetry: ${process.env.OTEL_EXPORTER_OTLP_ENDPOINT ? process.env.OTEL_EXPORTER_OTLP_ENDPOINT : 'off'}`);

  const present = services.filter((s) => existsSync(path.join(root, s.dir, 'dist', 'main.js')));
  const upstreams = Object.fromEntries(services.map((s) => [s.urlVar, `http://127.0.0.1:${ports[s.name]}`]));
  const gatewayEnv = { ...shared, ...upstreams, READY_UPSTREAMS: present.map((s) => s.name).join(','), PORT: String(port), HOST: process.env.HOST ?? '0.0.0.0' };
  if (nats.url) {
    for (const s of present) runChild(s.name, path.join(root, s.dir, 'dist', 'main.js'), { ...shared, PORT: String(ports[s.name]), DATABASE_SCHEMA: s.name });
    runChild('gateway', path.join(root, 'apps/gateway/dist/main.js'), gatewayEnv);
  } else {
    // No broker binary: one process, one shared in-process bus.
    const kit = require(path.join(root, 'libs/service-kit/dist/index.js'));
    // One process, one tracer: its spans all carry the service name "app".
    const stopTelemetry = await kit.startTelemetryFromEnv('app', shared);
    if (stopTelemetry) cleanups.unshift(stopTelemetry);
    const transport = new kit.InProcessTransport();
    for (const s of present) {
      const definition = require(path.join(root, s.dir, 'dist', 'index.js'))[s.definition];
      const running = await kit.startService(definition, { ...shared, PORT: String(ports[s.name]), DATABASE_SCHEMA: s.name }, { transport });
      cleanups.unshift(() => running.close());
    }
    const gateway = await require(path.join(root, 'apps/gateway/dist/index.js')).startGateway(gatewayEnv);
    cleanups.unshift(() => gateway.close());
  }
  // Ready means every service answers, not just the gateway: the first page load must work.
  await waitForHttp(`http://127.0.0.1:${port}/readyz`, 60_000);
  say(`services: ${present.map((s) => s.name).join(', ')} + gateway`);
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s → ${publicUrl}  (Ctrl-C to stop)`);
}

// Nx rebuilds only what changed since the last build (and nothing on a warm cache).
function buildIfNeeded() {
  if (process.env.SKIP_BUILD === '1') return;
  say('building what changed…');
  const result = spawnSync(process.execPath, [require.resolve('nx/bin/nx.js'), 'run-many', '-t', 'build', '--outputStyle=static'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    // A production build whoever starts us (jest sets NODE_ENV=test, which makes Vite build for development).
    env: { ...process.env, NODE_ENV: 'production', NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (result.status !== 0) throw new Error('build failed (run `npm run build` to see why)');
}

async function embeddedPostgres() {
  const pg = await startEmbeddedPostgres(root);
  cleanups.push(() => pg.stop());
  writeFileSync(path.join(root, '.data', 'runtime.json'), JSON.stringify({ databaseUrl: pg.url, pid: process.pid }));
  cleanups.push(() => rmSync(path.join(root, '.data', 'runtime.json'), { force: true }));
  return pg.url;
}

async function natsServer() {
  const binary = which('nats-server');
  if (!binary) return { url: undefined, how: 'in-process bus (no nats-server on PATH; all services in this process)' };
  const port = await freePort(Number(process.env.EMBEDDED_NATS_PORT ?? 4223));
  const storeDir = path.join(root, '.data', 'nats');
  mkdirSync(storeDir, { recursive: true });
  runChild('nats', binary, process.env, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir, '-l', path.join(root, '.data', 'nats.log')]);
  await waitForTcp(port);
  return { url: `nats://127.0.0.1:${port}`, how: `nats-server from PATH (JetStream, data in .data/nats, port ${port})` };
}

async function waitForTcp(port) {
  const net = await import('node:net');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const ok = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on port ${port}`);
}

function runChild(name, command, env, args = []) {
  const [cmd, argv] = command.endsWith('.js') ? [process.execPath, [command, ...args]] : [command, args];
  const child = spawn(cmd, argv, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping everything`);
      shutdown(1);
    }
  });
  cleanups.unshift(
    () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  );
}

function redact(url) {
  return url.replace(/\/\/([^:/@]+):[^@]+@/, '//$1:***@');
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  say('stopping…');
  // Services first (in reverse), then the broker and the database they used.
  for (const cleanup of [...cleanups]) await Promise.resolve().then(cleanup).catch(() => undefined);
  process.exit(code);
}

// Stop with whoever started us (npm, a shell, a test harness), even if it died without a signal.
const parentAtStart = process.ppid;
setInterval(() => process.ppid !== parentAtStart && shutdown(0), 1000).unref();
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
main().catch((err) => {
  console.error(`[start] could not start: ${err.message}`);
  shutdown(1);
});
