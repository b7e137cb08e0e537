import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';
import { natsConnectionOptions, testInfrastructure } from '@app/service-kit/testing';
import { sleep, waitFor } from './waits';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort } = require('../../scripts/free-port.cjs') as { freePort(): Promise<number> };

const root = path.resolve(__dirname, '../..');
const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** The launcher's direct children whose command line names `fragment`, from /proc. */
function children(launcher: ChildProcess, fragment: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (state !== 'Z' && Number(ppid) === launcher.pid && command.includes(fragment)) found.push(Number(entry));
    } catch {
      // ended while we looked
    }
  }
  return found;
}

/** Requests to GET /api/profile a process answered, from its Prometheus metrics. */
async function profileGets(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('http_server_request_duration_seconds_count{') && line.includes('route="/api/profile"') && line.includes('method="GET"'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

/**
 * `REPLICAS=2 npm start`: two processes of every service, as Kubernetes runs them, the gateway
 * balancing each prefix over both; one killed, the calls go on, and it is restarted on its own.
 */
describe('npm start with REPLICAS=2', () => {
  const database = `replicas_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  let admin: string;
  let natsUrl: string;
  let launcher: ChildProcess | undefined;

  beforeAll(async () => {
    ({ databaseUrl: admin, natsUrl } = await testInfrastructure());
    const client = new Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${database}`);
    await client.end();
  });
  afterAll(async () => {
    if (launcher && launcher.exitCode === null) {
      launcher.kill('SIGTERM');
      await new Promise((resolve) => launcher!.once('exit', resolve));
    }
    const client = new Client({ connectionString: admin });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.end();
    const nc = await connect(natsConnectionOptions(natsUrl));
    const jsm = await nc.jetstreamManager();
    for (const stream of [`${database}_EVENTS`, `${database}_DEADLETTER`]) await jsm.streams.delete(stream).catch(() => undefined);
    await nc.close();
  });

  it('spreads the calls of a prefix over both replicas, and keeps answering them while one is killed and restarted', async () => {
    // Ports below the kernel's ephemeral range (32768 up), where no outgoing connection takes one
    // between this choice and the launcher's bind (scripts/free-port.cjs).
    const port = await freePort();
    // The gateway's metrics port, then each service's in registry order, replica after replica: 13 in a row, all free.
    let metricsPort = 0;
    await waitFor(async () => {
      metricsPort = 20_000 + Math.floor(Math.random() * 12_000);
      const taken = await Promise.all(Array.from({ length: 13 }, (_, i) => canConnect(metricsPort + i)));
      return !taken.includes(true);
    }, 5_000);
    const url = new URL(admin);
    url.pathname = `/${database}`;
    launcher = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        NATS_URL: natsUrl,
        EVENT_SUBJECT_PREFIX: database,
        REPLICAS: '2',
        METRICS_PORT: String(metricsPort),
        PORT: String(port),
        HOST: '127.0.0.1',
        SKIP_BUILD: '1',
        SERVICE_PORTS: 'any',
        LOG_LEVEL: 'error',
        RESTART_DELAY_MS: '200',
        RESTART_MAX_DELAY_MS: '400',
        // The calls below come faster than a user's share (20 a second, counted across replicas).
        USER_REQUESTS_PER_SECOND: '1000',
        USER_REQUEST_BURST: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    launcher.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    launcher.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    await waitFor(() => output.includes('[start] ready in') || launcher!.exitCode !== null, 90_000);
    expect(output).toContain('[start] replicas: 2 of every service');
    expect(children(launcher, 'services/profile/dist/main.js')).toHaveLength(2);

    const app = `http://127.0.0.1:${port}`;
    const signUp = await fetch(`${app}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `replicas-${Date.now()}@example.com`, password: 'replicas9pass' }),
    });
    const { access_token: token } = (await signUp.json()) as { access_token: string };
    const profile = () => fetch(`${app}/api/profile`, { headers: { Authorization: `Bearer ${token}` } }).then((res) => res.status);
    // The profile exists once identity's sign-up event reached one of profile's replicas.
    await waitFor(async () => (await profile()) === 200, 15_000);

    // Profile is 5th in the registry: its replicas' metrics are on the 5th port after the gateway's, and 6 further.
    const replicaPorts = [metricsPort + 5, metricsPort + 11];
    const before = await Promise.all(replicaPorts.map(profileGets));
    for (let i = 0; i < 40; i++) expect(await profile()).toBe(200);
    const spread = (await Promise.all(replicaPorts.map(profileGets))).map((n, i) => n - before[i]);
    console.warn(`40 calls to GET /api/profile: ${spread.join(' and ')} answered by profile's two replicas`);
    expect(spread[0] + spread[1]).toBe(40);
    expect(spread[0]).toBeGreaterThanOrEqual(15);
    expect(spread[1]).toBeGreaterThanOrEqual(15);

    // One replica killed as a node failure would, with calls going on before, during and after:
    // every one is answered. (A quick restart leaves few calls inside it, so the calls start first
    // and go on to at least 20.)
    const [victim] = children(launcher, 'services/profile/dist/main.js');
    const statuses: number[] = [];
    let serving = true;
    const caller = (async () => {
      while (serving || statuses.length < 20) {
        statuses.push(await profile());
        await sleep(20);
      }
    })();
    await sleep(200);
    process.kill(victim, 'SIGKILL');
    const restarted = waitFor(() => /\[start\] profile-[12] exited \(SIGKILL\)/.test(output), 10_000);
    const back = waitFor(() => children(launcher!, 'services/profile/dist/main.js').filter((pid) => pid !== victim).length === 2, 30_000);
    await restarted;
    await back;
    // The restarted replica (its counters start from nothing) takes calls again once it is ready.
    const replica = Number(/\[start\] profile-([12]) exited/.exec(output)![1]);
    await waitFor(async () => (await profileGets(replicaPorts[replica - 1]).catch(() => 0)) > 0, 30_000);
    serving = false;
    await caller;
    console.warn(`while profile's replica was killed and restarted: ${statuses.length} calls, ${statuses.filter((s) => s !== 200).length} not 200`);
    expect(new Set(statuses)).toEqual(new Set([200]));
  }, 150_000);
});
