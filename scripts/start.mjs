#!/usr/bin/env node
// `npm start`: the whole app on one machine. Uses DATABASE_URL / NATS_URL when set; otherwise an
// embedded Postgres with its data in .data/ and nats-server from PATH (else every service in this
// one process over an in-process bus). Prints what it chose. The embedded ones are secured: each
// service logs in to Postgres as its own role and to NATS as its own user, with passwords generated
// into .data/secrets.json (0600). A child that dies is restarted with backoff; Ctrl-C stops
// everything in the reverse order of start; nothing outlives the launcher.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  dataDirOf,
  embeddedPostgres,
  freePort,
  launcherSecrets,
  registryServices,
  secureSuperuser,
  serviceDatabaseUrls,
  waitForHttp,
  whenPostgresReady,
  which,
} from './stack.mjs';

const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), '..');
const require = createRequire(import.meta.url);
const say = (line) => console.log(`[start] ${line}`);
const warn = (line) => console.error(`[start] ${line}`);
// A path as the operator reads it: relative to the checkout when inside it.
const shown = (p) => (p.startsWith(root + path.sep) ? path.relative(root, p) : p);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Start order, which the stop reverses: one tier stops (all of it at once) before the next.
const TIER = { database: 0, broker: 1, telemetry: 1, service: 2, gateway: 3 };
// How long each tier gets to stop before it is killed: 9.5 s in all.
const STOP_WITHIN_MS = { 0: 1_500, 1: 1_000, 2: 3_000, 3: 4_000 };
// A child that stayed up this long has recovered: its next crash starts the backoff over.
const HEALTHY_AFTER_MS = 30_000;
// 0.5, 1, 2, 4, 8, 15, 15, 15 s: about a minute of trying before the launcher gives up.
const MAX_RESTARTS = 8;
const backoffMs = (attempt) => Math.min(500 * 2 ** (attempt - 1), 15_000);

const started = Date.now();
const stack = [];
let ready = false;
let stopping = false;
let watchdog;

if (process.argv[2] === '--watchdog') runWatchdog();
else launch();

function launch() {
  // Stop with whoever started us (npm, a shell, a test harness), even if it died without a signal.
  const parentAtStart = process.ppid;
  setInterval(() => process.ppid !== parentAtStart && shutdown(0), 1000).unref();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => shutdown(0));
  main().catch((err) => {
    if (!stopping) warn(`could not start: ${err.message}`);
    shutdown(1);
  });
}

async function main() {
  watchdog = startWatchdog();
  buildIfNeeded();
  const services = registryServices(root);
  const secrets = launcherSecrets(
    root,
    services.map((s) => s.name),
  );
  const port = Number(process.env.PORT ?? 8080);
  const databaseUrl = process.env.DATABASE_URL ?? (await startPostgres());
  // On its own Postgres every service is its own role; a DATABASE_URL is the operator's (docs/deploy.md).
  const databaseUrls = process.env.DATABASE_URL
    ? {}
    : await serviceDatabaseUrls(root, databaseUrl, Object.fromEntries(services.map((s) => [s.name, secrets.services[s.name].database])));
  const nats = process.env.NATS_URL ? { url: process.env.NATS_URL, how: `NATS at ${redact(process.env.NATS_URL)}` } : await natsServer(services, secrets);
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  // Services only check the streams; they are made or brought up to the registry here, before any starts.
  if (nats.url)
    await require(path.join(root, 'libs/service-kit/dist/index.js')).provisionEventStreamsFromEnv({
      ...process.env,
      NATS_URL: nats.url,
      ...nats.administrator,
    });
  const shared = {
    ...process.env,
    STOP_WITH_PARENT: '1',
    AUTH_ISSUER: process.env.AUTH_ISSUER ?? `${publicUrl}/auth/v1`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // The gateway proves it to every service, which then believe the client address it names.
    GATEWAY_SECRET: process.env.GATEWAY_SECRET ?? secrets.gatewaySecret,
    ...(nats.url ? { NATS_URL: nats.url, EVENT_BUS: 'nats' } : { EVENT_BUS: 'in-process' }),
  };
  // METRICS_PORT is the gateway's; the services take the next ones, in registry order (one machine, one port each).
  const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : undefined;
  delete shared.METRICS_PORT;
  // The operator's DATABASE_URL is every service's; the embedded superuser's is nobody's.
  if (process.env.DATABASE_URL) shared.DATABASE_URL = databaseUrl;
  else delete shared.DATABASE_URL;
  // Default ports, or free ones when another stack (a test run, say) already holds them.
  const ports = {};
  for (const s of services) ports[s.name] = await freePort(s.port);
  if (!shared.SUPABASE_JWT_SECRET && !shared.AUTH_JWKS_URL) {
    shared.AUTH_JWKS_URL = `http://127.0.0.1:${ports.identity}/auth/v1/.well-known/jwks.json`;
  }
  say(
    `database: ${process.env.DATABASE_URL ? `DATABASE_URL (${redact(databaseUrl)})` : `embedded Postgres, data in ${shown(path.join(dataDirOf(root), 'postgres'))} (${redact(databaseUrl)}; a role per service)`}`,
  );
  say(`events:   ${nats.how}`);
  say(
    `auth:     ${shared.AUTH_JWKS_URL?.includes('127.0.0.1') ? 'identity (embedded Supabase-Auth-compatible /auth/v1)' : 'external (AUTH_JWKS_URL / SUPABASE_JWT_SECRET)'}`,
  );
  say(`voice:    ${process.env.ELEVENLABS_API_KEY ? 'ElevenLabs' : 'local interviewer agent (offline speech)'}`);
  say(`telemetry: ${process.env.OTEL_EXPORTER_OTLP_ENDPOINT ? process.env.OTEL_EXPORTER_OTLP_ENDPOINT : 'off'}`);
  say(
    `metrics:  ${metricsPort === undefined ? 'off (METRICS_PORT)' : `gateway :${metricsPort}/metrics, services :${metricsPort + 1}–${metricsPort + services.length} in registry order`}`,
  );

  const present = services.filter((s) => existsSync(path.join(root, s.dir, 'dist', 'main.js')));
  // What only this service may know: its database role, its NATS user, identity's key for its signing keys.
  const serviceEnv = (s) => ({
    ...shared,
    PORT: String(ports[s.name]),
    DATABASE_SCHEMA: s.name,
    ...(metricsPort !== undefined && { METRICS_PORT: String(metricsPort + 1 + services.indexOf(s)) }),
    ...(databaseUrls[s.name] && { DATABASE_URL: databaseUrls[s.name] }),
    ...(nats.users && { NATS_USER: s.name, NATS_PASSWORD: secrets.services[s.name].nats }),
    ...(s.name === 'identity' && { SIGNING_KEY_ENCRYPTION_KEY: process.env.SIGNING_KEY_ENCRYPTION_KEY ?? secrets.signingKeyEncryptionKey }),
  });
  const upstreams = Object.fromEntries(services.map((s) => [s.urlVar, `http://127.0.0.1:${ports[s.name]}`]));
  const gatewayEnv = {
    ...shared,
    ...upstreams,
    READY_UPSTREAMS: present.map((s) => s.name).join(','),
    PORT: String(port),
    HOST: process.env.HOST ?? '0.0.0.0',
    ...(metricsPort !== undefined && { METRICS_PORT: String(metricsPort) }),
  };
  if (nats.url) {
    for (const s of present) {
      supervise({
        name: s.name,
        tier: TIER.service,
        command: path.join(root, s.dir, 'dist', 'main.js'),
        env: serviceEnv(s),
      });
    }
    supervise({ name: 'gateway', tier: TIER.gateway, command: path.join(root, 'apps/gateway/dist/main.js'), env: gatewayEnv });
  } else {
    // No broker binary: one process, one shared in-process bus.
    const kit = require(path.join(root, 'libs/service-kit/dist/index.js'));
    // One process, one tracer: its spans all carry the service name "app".
    const stopTelemetry = await kit.startTelemetryFromEnv('app', shared);
    if (stopTelemetry) stack.push({ name: 'telemetry', tier: TIER.telemetry, stop: stopTelemetry });
    const transport = new kit.InProcessTransport();
    for (const s of present) {
      const definition = require(path.join(root, s.dir, 'dist', 'index.js'))[s.definition];
      const running = await kit.startService(definition, serviceEnv(s), { transport });
      stack.push({ name: s.name, tier: TIER.service, stop: () => running.close() });
    }
    const gateway = await require(path.join(root, 'apps/gateway/dist/index.js')).startGateway(gatewayEnv);
    stack.push({ name: 'gateway', tier: TIER.gateway, stop: () => gateway.close(STOP_WITHIN_MS[TIER.gateway] - 500) });
  }
  // Ready means every service answers, not just the gateway (whose /readyz says 200 as soon as it
  // can serve): the first page load must work.
  await Promise.all([port, ...present.map((s) => ports[s.name])].map((p) => waitForHttp(`http://127.0.0.1:${p}/readyz`, 60_000)));
  ready = true;
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

async function startPostgres() {
  const pg = await embeddedPostgres(root);
  const postgres = supervise({
    name: 'postgres',
    tier: TIER.database,
    command: pg.command,
    args: pg.args,
    options: pg.options,
    // SIGINT is Postgres's fast shutdown: it ends the sessions left instead of waiting for them.
    stopSignal: 'SIGINT',
    whenReady: whenPostgresReady,
  });
  await postgres.ready;
  await secureSuperuser(pg.url);
  // Tells `npm run admin` where the running database is; gone with the launcher, however it ends.
  const runtime = path.join(dataDirOf(root), 'runtime.json');
  writeFileSync(runtime, JSON.stringify({ databaseUrl: pg.url, pid: process.pid }), { mode: 0o600 });
  watchdog.tell({ remove: runtime });
  stack.push({ name: 'runtime.json', tier: TIER.database, stop: () => rmSync(runtime, { force: true }) });
  return pg.url;
}

/**
 * nats-server from PATH with a configuration written from the registry (the kit's natsAccountsConfig):
 * a user per service that may publish only the events it produces and use only its own consumers,
 * and the launcher's administrator, which provisions the streams.
 */
async function natsServer(services, secrets) {
  const binary = which('nats-server');
  if (!binary) return { url: undefined, how: 'in-process bus (no nats-server on PATH; all services in this process)' };
  const { natsAccountsConfig, natsAdministrator } = require(path.join(root, 'libs/service-kit/dist/index.js'));
  // The launcher's own user, for the streams: a new password each start, kept nowhere but nats.conf.
  const administrator = { NATS_USER: natsAdministrator, NATS_PASSWORD: randomBytes(24).toString('base64url') };
  const port = await freePort(Number(process.env.EMBEDDED_NATS_PORT ?? 4223));
  const dataDir = dataDirOf(root);
  const storeDir = path.join(dataDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const config = path.join(dataDir, 'nats.conf');
  const accounts = natsAccountsConfig({
    services: services.map((s) => ({ ...s, password: { value: secrets.services[s.name].nats } })),
    administrator: { user: administrator.NATS_USER, password: { value: administrator.NATS_PASSWORD } },
    prefix: process.env.EVENT_SUBJECT_PREFIX?.replace(/\.$/, ''),
  });
  writeFileSync(config, `listen: "127.0.0.1:${port}"\njetstream { store_dir: ${JSON.stringify(storeDir)} }\n${accounts}`, { mode: 0o600 });
  chmodSync(config, 0o600);
  const nats = supervise({
    name: 'nats',
    tier: TIER.broker,
    command: binary,
    args: ['-c', config, '-l', path.join(dataDir, 'nats.log')],
    whenReady: () => waitForTcp(port),
  });
  await nats.ready;
  return {
    url: `nats://127.0.0.1:${port}`,
    users: true,
    administrator,
    how: `nats-server from PATH (JetStream, data in ${shown(storeDir)}, port ${port}; a user per service)`,
  };
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
    await sleep(100);
  }
  throw new Error(`nothing listens on port ${port}`);
}

/**
 * Runs a child in its own process group (a terminal's Ctrl-C reaches the launcher alone, which
 * stops the children in order) and restarts it with backoff when it dies on its own once the app
 * is up; before that, a child that dies stops the launcher, which says which one.
 */
function supervise({ name, tier, command, args = [], env = process.env, options = {}, stopSignal = 'SIGTERM', whenReady }) {
  const [cmd, argv] = command.endsWith('.js') ? [process.execPath, [command, ...args]] : [command, args];
  let child;
  let exited;
  let restart;
  let attempt = 0;
  let upSince = 0;

  const run = () => {
    if (stopping) return;
    upSince = Date.now();
    const current = spawn(cmd, argv, { cwd: root, env, detached: true, stdio: ['ignore', 'inherit', 'inherit'], ...options });
    child = current;
    // Resolves however the child ends: by a signal, an exit code, or a failed spawn (no 'exit' then).
    exited = new Promise((resolve) => {
      current.once('exit', (code, signal) => resolve(signal ?? `code ${code}`));
      current.once('error', (err) => resolve(err.message));
    });
    if (current.pid) watchdog.tell({ pid: current.pid, tier, signal: stopSignal });
    exited.then((how) => {
      if (current.pid) watchdog.tell({ gone: current.pid });
      if (stopping) return;
      if (!ready) {
        warn(`${name} exited (${how}) before the app was ready; stopping everything`);
        return shutdown(1);
      }
      if (Date.now() - upSince >= HEALTHY_AFTER_MS) attempt = 0;
      attempt += 1;
      if (attempt > MAX_RESTARTS) {
        warn(`${name} exited (${how}) again after ${MAX_RESTARTS} restarts; stopping everything`);
        return shutdown(1);
      }
      const delay = backoffMs(attempt);
      warn(`${name} exited (${how}); restarting it in ${delay / 1000} s (attempt ${attempt} of ${MAX_RESTARTS})`);
      restart = setTimeout(run, delay);
    });
    return current;
  };

  const first = run();
  const entry = {
    name,
    tier,
    ready: whenReady ? Promise.race([whenReady(first), exited.then((how) => Promise.reject(new Error(`${name} exited (${how})`)))]) : Promise.resolve(),
    async stop(withinMs) {
      clearTimeout(restart);
      const current = child;
      const ended = exited;
      if (current.exitCode !== null || current.signalCode !== null || !current.pid) return;
      current.kill(stopSignal);
      const how = await Promise.race([ended, sleep(withinMs).then(() => undefined)]);
      if (how !== undefined) return;
      warn(`${name} did not stop within ${withinMs / 1000} s; killing it`);
      current.kill('SIGKILL');
      await ended;
    },
  };
  stack.push(entry);
  return entry;
}

function redact(url) {
  return url.replace(/\/\/([^:/@]+):[^@]+@/, '//$1:***@');
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  say('stopping…');
  const stopStarted = Date.now();
  // The gateway first, then the services, the broker and the database they used.
  const tiers = [...new Set(stack.map((s) => s.tier))].sort((a, b) => b - a);
  for (const tier of tiers) {
    const withinMs = STOP_WITHIN_MS[tier];
    const members = stack.filter((s) => s.tier === tier);
    await Promise.all(
      members.map((s) =>
        Promise.race([
          Promise.resolve().then(() => s.stop(withinMs)),
          sleep(withinMs + 500).then(() => warn(`${s.name} did not stop within ${withinMs / 1000} s`)),
        ]).catch((err) => warn(`${s.name} did not stop cleanly: ${err.message}`)),
      ),
    );
    say(`stopped ${members.map((s) => s.name).join(', ')}`);
  }
  watchdog?.end();
  say(`stopped in ${((Date.now() - stopStarted) / 1000).toFixed(1)} s`);
  process.exit(code);
}

/**
 * A second process that outlives a launcher killed without a chance to clean up (SIGKILL, a
 * crash): it is told each child's pid as the child starts, and when the launcher's end of its
 * stdin closes it stops whatever is still running, tier by tier, and removes runtime.json.
 * Services also stop by themselves when the launcher is gone (STOP_WITH_PARENT); Postgres and
 * nats-server would not.
 */
function startWatchdog() {
  const child = spawn(process.execPath, [self, '--watchdog'], { detached: true, stdio: ['pipe', 'ignore', 'inherit'] });
  child.unref();
  child.stdin.on('error', () => undefined);
  return {
    pid: child.pid,
    tell: (message) => child.stdin.writable && child.stdin.write(`${JSON.stringify(message)}\n`),
    end: () => child.stdin.end(),
  };
}

function runWatchdog() {
  // Signals meant for the stack (a broad kill, say) must not end it before its job: only the launcher's end does.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => undefined);
  const children = new Map();
  const removals = [];
  let buffered = '';
  process.stdin.on('data', (chunk) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) {
      const message = JSON.parse(line);
      if (message.pid) children.set(message.pid, message);
      if (message.gone) children.delete(message.gone);
      if (message.remove) removals.push(message.remove);
    }
  });
  process.stdin.on('end', async () => {
    const tiers = [...new Set([...children.values()].map((c) => c.tier))].sort((a, b) => b - a);
    for (const tier of tiers) {
      const members = [...children.values()].filter((c) => c.tier === tier);
      for (const c of members) signal(c.pid, c.signal);
      const deadline = Date.now() + STOP_WITHIN_MS[tier];
      while (members.some((c) => alive(c.pid)) && Date.now() < deadline) await sleep(100);
      for (const c of members) if (alive(c.pid)) signal(c.pid, 'SIGKILL');
    }
    for (const file of removals) rmSync(file, { force: true });
    process.exit(0);
  });
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

// A process that ended but was not yet reaped (a zombie) is gone for our purposes.
function alive(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()[0] !== 'Z';
  } catch {
    // No /proc (not Linux): signal 0 answered.
    return true;
  }
}
