import { randomBytes } from 'node:crypto';
import net from 'node:net';

export { natsConnectionOptions } from '../events/nats-options';

export type InfrastructureSource = 'env' | 'localhost' | 'testcontainers';

export interface TestInfrastructure {
  databaseUrl: string;
  /** May carry credentials (nats://user:password@host:port): connect with `natsConnectionOptions(natsUrl)`. */
  natsUrl: string;
  /** Where each came from, for the test log. */
  source: { database: InfrastructureSource; nats: InfrastructureSource };
}

/** A server started for the tests: where to reach it and how to stop it. */
export interface StartedServer {
  url: string;
  stop(): Promise<unknown>;
}

/** What the choice looks at and starts. `realProbes` are the real ones; a test injects its own. */
export interface InfrastructureProbes {
  env: Record<string, string | undefined>;
  portAnswers(host: string, port: number): Promise<boolean>;
  /** Whether Testcontainers finds a container runtime (Docker, Podman, a remote DOCKER_HOST). */
  containerRuntimeAnswers(): Promise<boolean>;
  startPostgres(): Promise<StartedServer>;
  startNats(): Promise<StartedServer>;
}

const localDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const localNatsUrl = 'nats://127.0.0.1:4222';

/**
 * Chooses Postgres and NATS for integration tests, each on its own: TEST_DATABASE_URL /
 * TEST_NATS_URL, else the local server on 5432 / 4222 when it answers, else a Testcontainers
 * container when a container runtime answers, else an error that says what to start. Returns the
 * servers it started, for `stop()`.
 */
export async function chooseInfrastructure(probes: InfrastructureProbes): Promise<{ infrastructure: TestInfrastructure; started: StartedServer[] }> {
  type Choice = { url: string; source: InfrastructureSource };
  const pick = async (variable: string, port: number, localUrl: string): Promise<Choice | undefined> => {
    const fromEnv = probes.env[variable];
    if (fromEnv) return { url: fromEnv, source: 'env' };
    if (await probes.portAnswers('127.0.0.1', port)) return { url: localUrl, source: 'localhost' };
    return undefined;
  };
  const foundDatabase = await pick('TEST_DATABASE_URL', 5432, localDatabaseUrl);
  const foundNats = await pick('TEST_NATS_URL', 4222, localNatsUrl);
  if ((!foundDatabase || !foundNats) && !(await probes.containerRuntimeAnswers())) throw new Error(nothingFound(!foundDatabase, !foundNats));
  const started: StartedServer[] = [];
  const orStart = async (found: Choice | undefined, start: () => Promise<StartedServer>): Promise<Choice> => {
    if (found) return found;
    const server = await start();
    started.push(server);
    return { url: server.url, source: 'testcontainers' };
  };
  try {
    const database = await orStart(foundDatabase, () => probes.startPostgres());
    const nats = await orStart(foundNats, () => probes.startNats());
    return {
      infrastructure: { databaseUrl: database.url, natsUrl: nats.url, source: { database: database.source, nats: nats.source } },
      started,
    };
  } catch (err) {
    await Promise.allSettled(started.map((s) => s.stop()));
    throw new Error(`Testcontainers could not start the test infrastructure: ${(err as Error).message}`, { cause: err });
  }
}

function nothingFound(needDatabase: boolean, needNats: boolean): string {
  const missing = [
    needDatabase && 'PostgreSQL (TEST_DATABASE_URL is unset and nothing answers on 127.0.0.1:5432)',
    needNats && 'NATS with JetStream (TEST_NATS_URL is unset and nothing answers on 127.0.0.1:4222)',
  ].filter(Boolean);
  return (
    `Integration tests need ${missing.join(' and ')}, and no container runtime answers for Testcontainers. ` +
    // docker-compose.yml's NATS admits only the services' own users, so it is no test server.
    'Start them (the Debian packages postgresql and nats-server, as .ci/run does), ' +
    'set TEST_DATABASE_URL / TEST_NATS_URL, or start Docker.'
  );
}

const canConnect = (host: string, port: number, timeoutMs = 500) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

/** Loads a Testcontainers package, saying why when it cannot (a Node version it refuses is not "not installed"). */
async function load<T>(name: string, importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch (err) {
    throw new Error(
      `${name} could not be loaded on Node ${process.versions.node}: ${(err as Error).message} (it is a devDependency of @app/service-kit: npm ci)`,
      {
        cause: err,
      },
    );
  }
}

export const realProbes: InfrastructureProbes = {
  env: process.env,
  portAnswers: (host, port) => canConnect(host, port),
  async containerRuntimeAnswers() {
    const { getContainerRuntimeClient } = await load('testcontainers', () => import('testcontainers'));
    return getContainerRuntimeClient().then(
      () => true,
      () => false,
    );
  },
  async startPostgres() {
    const { PostgreSqlContainer } = await load('@testcontainers/postgresql', () => import('@testcontainers/postgresql'));
    // The images of docker-compose.yml, pinned by digest there and here alike.
    const container = await new PostgreSqlContainer('postgres:16.15-alpine@sha256:721873c34ceb9f8d8fc265984940dc982404c105f19ad51be9fdc5970a6080ea').start();
    return { url: container.getConnectionUri(), stop: () => container.stop() };
  },
  async startNats() {
    const { NatsContainer } = await load('@testcontainers/nats', () => import('@testcontainers/nats'));
    // The container requires this user and password; the URL carries them to every client.
    const container = await new NatsContainer('nats:2.12.15-alpine@sha256:b270f5e2428354c0335612694d7dd2fb588148e567a5757fdff325ef9c9332e6')
      .withJetStream()
      .withUsername('test')
      .withPass(randomBytes(12).toString('hex'))
      .start();
    const { user, pass } = container.getConnectionOptions();
    return { url: natsUrlOf(`${container.getHost()}:${container.getMappedPort(4222)}`, user, pass), stop: () => container.stop() };
  },
};

/** The URL of a started NATS container (host:port), with the credentials it was started with. */
export function natsUrlOf(hostPort: string, user?: string, pass?: string): string {
  const credentials = user ? `${encodeURIComponent(user)}${pass ? `:${encodeURIComponent(pass)}` : ''}@` : '';
  return `nats://${credentials}${hostPort}`;
}

/**
 * The infrastructure of one test file, chosen once however many ask at the same time. Holders
 * (TestEnvironment, from create to close) are counted: the containers started for them stop when
 * the last one releases, and the next holder chooses again. Testcontainers' reaper also removes
 * them if the test process dies first.
 */
export class InfrastructurePool {
  private chosen: Promise<{ infrastructure: TestInfrastructure; started: StartedServer[] }> | undefined;
  private holders = 0;

  constructor(private readonly probes: InfrastructureProbes) {}

  async get(): Promise<TestInfrastructure> {
    this.chosen ??= chooseInfrastructure(this.probes).catch((err) => {
      this.chosen = undefined;
      throw err;
    });
    return (await this.chosen).infrastructure;
  }

  async hold(): Promise<TestInfrastructure> {
    this.holders++;
    try {
      return await this.get();
    } catch (err) {
      this.holders--;
      throw err;
    }
  }

  async release(): Promise<void> {
    this.holders = Math.max(0, this.holders - 1);
    if (this.holders === 0) await this.stop();
  }

  /** Stops every container started for this pool, held or not. */
  async stop(): Promise<void> {
    const current = this.chosen;
    this.chosen = undefined;
    if (!current) return;
    const { started } = await current.catch(() => ({ started: [] as StartedServer[] }));
    await Promise.all(started.map((s) => s.stop()));
  }
}

const pool = new InfrastructurePool(realProbes);

/** Real Postgres and NATS for this test file (see `chooseInfrastructure`). */
export const testInfrastructure = () => pool.get();
/** The same, counted until `releaseTestInfrastructure()`; containers stop with the last release. */
export const holdTestInfrastructure = () => pool.hold();
export const releaseTestInfrastructure = () => pool.release();
export const stopTestContainers = () => pool.stop();
