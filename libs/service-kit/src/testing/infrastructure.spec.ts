import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { JetStreamTransport, provisionEventStreamsAt } from '../events/jetstream';
import { testStreamMaxBytes } from './environment';
import { createLogger } from '../logger';
import { chooseInfrastructure, InfrastructurePool, InfrastructureProbes, natsConnectionOptions, natsUrlOf, StartedServer } from './infrastructure';

/** Probes with no Docker behind them: which ports answer, whether a runtime answers, what "starting" a container gives. */
function probes(options: { env?: Record<string, string>; open?: number[]; runtime?: boolean; failNats?: boolean } = {}) {
  const calls: string[] = [];
  const stopped: string[] = [];
  const server = (name: string, url: string): StartedServer => ({
    url,
    stop: async () => {
      stopped.push(name);
    },
  });
  const injected: InfrastructureProbes = {
    env: options.env ?? {},
    portAnswers: async (host, port) => {
      calls.push(`port ${host}:${port}`);
      return (options.open ?? []).includes(port);
    },
    containerRuntimeAnswers: async () => {
      calls.push('runtime');
      return options.runtime ?? false;
    },
    startPostgres: async () => {
      calls.push('start postgres');
      return server('postgres', 'postgres://test:test@localhost:32768/test');
    },
    startNats: async () => {
      calls.push('start nats');
      if (options.failNats) throw new Error('image nats:2.10-alpine not found');
      return server('nats', 'nats://test:secret@localhost:32769');
    },
  };
  return { injected, calls, stopped };
}

describe('choosing Postgres and NATS: environment, then local servers, then containers, then a clear failure', () => {
  test('TEST_DATABASE_URL and TEST_NATS_URL win without probing anything', async () => {
    const p = probes({ env: { TEST_DATABASE_URL: 'postgres://ci@db:5432/ci', TEST_NATS_URL: 'nats://bus:4222' }, open: [5432, 4222], runtime: true });
    const { infrastructure, started } = await chooseInfrastructure(p.injected);
    expect(infrastructure).toEqual({
      databaseUrl: 'postgres://ci@db:5432/ci',
      natsUrl: 'nats://bus:4222',
      source: { database: 'env', nats: 'env' },
    });
    expect(started).toEqual([]);
    expect(p.calls).toEqual([]);
  });

  test('the local servers when they answer, without asking for a container runtime', async () => {
    const p = probes({ open: [5432, 4222], runtime: true });
    const { infrastructure } = await chooseInfrastructure(p.injected);
    expect(infrastructure).toEqual({
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
      natsUrl: 'nats://127.0.0.1:4222',
      source: { database: 'localhost', nats: 'localhost' },
    });
    expect(p.calls).toEqual(['port 127.0.0.1:5432', 'port 127.0.0.1:4222']);
  });

  test('each store on its own: a database from the environment, NATS from this machine', async () => {
    const p = probes({ env: { TEST_DATABASE_URL: 'postgres://ci@db:5432/ci' }, open: [4222] });
    const { infrastructure } = await chooseInfrastructure(p.injected);
    expect(infrastructure.source).toEqual({ database: 'env', nats: 'localhost' });
    expect(p.calls).toEqual(['port 127.0.0.1:4222']);
  });

  test('a container only for what is missing, when a container runtime answers', async () => {
    const p = probes({ open: [5432], runtime: true });
    const { infrastructure, started } = await chooseInfrastructure(p.injected);
    expect(infrastructure).toEqual({
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
      natsUrl: 'nats://test:secret@localhost:32769',
      source: { database: 'localhost', nats: 'testcontainers' },
    });
    expect(started.map((s) => s.url)).toEqual(['nats://test:secret@localhost:32769']);
    expect(p.calls).toEqual(['port 127.0.0.1:5432', 'port 127.0.0.1:4222', 'runtime', 'start nats']);
  });

  test('both containers when nothing answers', async () => {
    const p = probes({ runtime: true });
    const { infrastructure } = await chooseInfrastructure(p.injected);
    expect(infrastructure.source).toEqual({ database: 'testcontainers', nats: 'testcontainers' });
    expect(p.calls.filter((c) => c.startsWith('start'))).toEqual(['start postgres', 'start nats']);
  });

  test('nothing anywhere: the error names what is missing and what to start, and nothing was started', async () => {
    const p = probes({ open: [4222] });
    await expect(chooseInfrastructure(p.injected)).rejects.toThrow(
      'Integration tests need PostgreSQL (TEST_DATABASE_URL is unset and nothing answers on 127.0.0.1:5432), and no container runtime answers for Testcontainers. ' +
        'Start them (the Debian packages postgresql and nats-server, as .ci/run does), set TEST_DATABASE_URL / TEST_NATS_URL, or start Docker.',
    );
    expect(p.calls.filter((c) => c.startsWith('start'))).toEqual([]);
    await expect(chooseInfrastructure(probes().injected)).rejects.toThrow(/need PostgreSQL .* and NATS with JetStream \(TEST_NATS_URL is unset/);
  });

  test('a container that fails to start: the ones already started are stopped, and the reason is given', async () => {
    const p = probes({ runtime: true, failNats: true });
    await expect(chooseInfrastructure(p.injected)).rejects.toThrow('Testcontainers could not start the test infrastructure: image nats:2.10-alpine not found');
    expect(p.stopped).toEqual(['postgres']);
  });
});

test(`the declared Testcontainers packages load on this Node (${process.versions.node})`, () => {
  // A plain node process: loading them through jest's module registry takes seconds.
  const loaded = execFileSync(
    process.execPath,
    ['-e', "for (const m of ['testcontainers', '@testcontainers/postgresql', '@testcontainers/nats']) require(m); console.log('loaded')"],
    { cwd: __dirname, encoding: 'utf8' },
  );
  expect(loaded.trim()).toBe('loaded');
});

describe('the containers of a test file', () => {
  test('are started once for concurrent callers and stopped when the last holder releases', async () => {
    const p = probes({ runtime: true });
    const pool = new InfrastructurePool(p.injected);
    const [a, b] = await Promise.all([pool.hold(), pool.hold()]);
    expect(a).toEqual(b);
    expect(p.calls.filter((c) => c.startsWith('start'))).toEqual(['start postgres', 'start nats']);
    await pool.release();
    expect(p.stopped).toEqual([]);
    await pool.release();
    expect(p.stopped.sort()).toEqual(['nats', 'postgres']);
    // A later holder gets fresh containers rather than stopped ones.
    await pool.hold();
    expect(p.calls.filter((c) => c.startsWith('start'))).toHaveLength(4);
    await pool.release();
  });

  test('a failed choice is not remembered: the next caller tries again', async () => {
    const env: Record<string, string> = {};
    const p = probes({ env });
    const pool = new InfrastructurePool(p.injected);
    await expect(pool.hold()).rejects.toThrow(/Integration tests need/);
    Object.assign(env, { TEST_DATABASE_URL: 'postgres://ci@db/ci', TEST_NATS_URL: 'nats://bus:4222' });
    await expect(pool.hold()).resolves.toMatchObject({ source: { database: 'env', nats: 'env' } });
    await pool.release();
  });
});

describe('NATS credentials', () => {
  test('the URL of a NATS container carries the user and password it was started with', () => {
    const url = natsUrlOf('localhost:32769', 'test', 'p@ss:word/1');
    expect(url).toBe('nats://test:p%40ss%3Aword%2F1@localhost:32769');
    expect(natsConnectionOptions(url)).toEqual({ servers: 'nats://localhost:32769', user: 'test', pass: 'p@ss:word/1' });
  });

  test('a URL without credentials, or a list of servers, is kept as it is', () => {
    expect(natsConnectionOptions('nats://127.0.0.1:4222')).toEqual({ servers: 'nats://127.0.0.1:4222' });
    expect(natsConnectionOptions('nats://u:p@a:4222, nats://b:4222')).toEqual({ servers: ['nats://a:4222', 'nats://b:4222'], user: 'u', pass: 'p' });
  });

  test("a service's NATS_USER / NATS_PASSWORD win over the URL's; TLS files, or a tls:// server, turn TLS on", () => {
    expect(natsConnectionOptions('nats://u:p@a:4222', { user: 'identity', password: 'secret' })).toEqual({
      servers: 'nats://a:4222',
      user: 'identity',
      pass: 'secret',
    });
    expect(natsConnectionOptions('nats://a:4222', { tlsCaFile: '/ca.pem', tlsCertFile: '/c.pem', tlsKeyFile: '/k.pem' })).toEqual({
      servers: 'nats://a:4222',
      tls: { caFile: '/ca.pem', certFile: '/c.pem', keyFile: '/k.pem' },
    });
    expect(natsConnectionOptions('tls://a:4222')).toEqual({ servers: 'tls://a:4222', tls: {} });
  });

  describe('against a real nats-server that requires them', () => {
    const pass = randomBytes(8).toString('hex');
    let server: ChildProcess;
    let port: number;
    let storeDir: string;

    beforeAll(async () => {
      port = await new Promise<number>((resolve) => {
        const probe = net.createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = probe.address() as net.AddressInfo;
          probe.close(() => resolve(free));
        });
      });
      storeDir = mkdtempSync(path.join(os.tmpdir(), 'nats-auth-'));
      server = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '--user', 'test', '--pass', pass, '-js', '-sd', storeDir], { stdio: 'ignore' });
      for (let i = 0; i < 50; i++) {
        const up = await new Promise<boolean>((resolve) => {
          const s = net.connect({ host: '127.0.0.1', port }, () => resolve(true)).once('error', () => resolve(false));
          s.once('connect', () => s.destroy());
        });
        if (up) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('nats-server did not start (is it on PATH? .ci/run installs it)');
    });
    afterAll(() => {
      server?.kill();
      rmSync(storeDir, { recursive: true, force: true });
    });

    test('a client given the URL connects; the same address without them is refused', async () => {
      const url = natsUrlOf(`127.0.0.1:${port}`, 'test', pass);
      const nc = await connect({ ...natsConnectionOptions(url), reconnect: false });
      await nc.flush();
      await nc.close();
      await expect(connect({ servers: `nats://127.0.0.1:${port}`, reconnect: false })).rejects.toThrow(/authorization violation/i);
    });

    test("a service's event transport sends them too (NATS_URL with credentials)", async () => {
      const url = natsUrlOf(`127.0.0.1:${port}`, 'test', pass);
      await provisionEventStreamsAt(url, { prefix: 'auth', maxBytes: testStreamMaxBytes });
      const transport = await JetStreamTransport.connect({
        url,
        prefix: 'auth',
        name: 'infrastructure-spec',
        logger: createLogger('infrastructure-spec', 'silent'),
      });
      await transport.close();
    });
  });
});
