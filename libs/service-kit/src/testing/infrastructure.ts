import { execFile } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';

export interface TestInfrastructure {
  databaseUrl: string;
  natsUrl: string;
  /** Where they came from, for the test log. */
  source: 'env' | 'localhost' | 'testcontainers';
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

const dockerAnswers = async () => {
  try {
    await promisify(execFile)('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 5000 });
    return true;
  } catch {
    return false;
  }
};

let found: Promise<TestInfrastructure> | undefined;
const containers: Array<{ stop(): Promise<unknown> }> = [];

/**
 * Real Postgres and NATS for integration tests: TEST_DATABASE_URL / TEST_NATS_URL, else the local
 * servers on 5432 / 4222 when they answer, else Testcontainers when a Docker engine answers, else a
 * failure that says what to start.
 */
export function testInfrastructure(): Promise<TestInfrastructure> {
  found ??= locate();
  return found;
}

async function locate(): Promise<TestInfrastructure> {
  const envDb = process.env.TEST_DATABASE_URL;
  const envNats = process.env.TEST_NATS_URL;
  const localDb = !envDb && (await canConnect('127.0.0.1', 5432));
  const localNats = !envNats && (await canConnect('127.0.0.1', 4222));
  let databaseUrl = envDb ?? (localDb ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
  let natsUrl = envNats ?? (localNats ? 'nats://127.0.0.1:4222' : undefined);
  let source: TestInfrastructure['source'] = envDb || envNats ? 'env' : 'localhost';
  if ((!databaseUrl || !natsUrl) && (await dockerAnswers())) {
    source = 'testcontainers';
    if (!databaseUrl) databaseUrl = await startPostgresContainer();
    if (!natsUrl) natsUrl = await startNatsContainer();
  }
  if (!databaseUrl || !natsUrl) {
    const missing = [!databaseUrl && 'PostgreSQL (127.0.0.1:5432 or TEST_DATABASE_URL)', !natsUrl && 'NATS with JetStream (127.0.0.1:4222 or TEST_NATS_URL)']
      .filter(Boolean)
      .join(' and ');
    throw new Error(`Integration tests need ${missing}; no Docker engine answers for Testcontainers either. Start them (see README, "Running the tests").`);
  }
  return { databaseUrl, natsUrl, source };
}

// Loaded only when a Docker engine is there: the packages are optional (see README).
async function startPostgresContainer(): Promise<string> {
  const { PostgreSqlContainer } = await importOptional('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer('postgres:16-alpine').start();
  containers.push(container);
  return container.getConnectionUri();
}

async function startNatsContainer(): Promise<string> {
  const { NatsContainer } = await importOptional('@testcontainers/nats');
  const container = await new NatsContainer('nats:2.10').withJetStream().start();
  containers.push(container);
  return `nats://${container.getHost()}:${container.getMappedPort(4222)}`;
}

async function importOptional(name: string) {
  try {
    return await import(name);
  } catch {
    throw new Error(`A Docker engine answers but ${name} is not installed: npm install --no-save ${name}`);
  }
}

export async function stopTestContainers(): Promise<void> {
  await Promise.all(containers.splice(0).map((c) => c.stop()));
}
