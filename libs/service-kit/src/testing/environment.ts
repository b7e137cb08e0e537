import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { connect } from 'nats';
import { Client } from 'pg';
import { GATEWAY_PROOF_HEADER, GatewayProof } from '../http/gateway-hop';
import { provisionEventStreamsAt } from '../events/jetstream';
import { jobsSchemaOf } from '../jobs/job-runner';
import { RunningService, ServiceDefinition, startService, StartOptions } from '../nest/bootstrap';
import { holdTestInfrastructure, natsConnectionOptions, releaseTestInfrastructure } from './infrastructure';

export interface TestUser {
  id: string;
  email: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
}

export const testIssuer = 'http://test.local/auth/v1';
/** The shared server reserves each stream's limit: many test worlds at once must not take it all. */
export const testStreamMaxBytes = 8 * 1024 * 1024;

/**
 * One isolated world for a test file: its own database schemas and its own event streams on the
 * real servers, so runs never see each other's data. `close()` stops every service it started and
 * removes the schemas and streams.
 */
export class TestEnvironment {
  readonly prefix = `t${randomBytes(4).toString('hex')}`;
  readonly jwtSecret = randomBytes(32).toString('hex');
  /** Identity's SIGNING_KEY_ENCRYPTION_KEY in this world (other services ignore it). */
  readonly signingKeyEncryptionKey = randomBytes(32).toString('base64');
  /** GATEWAY_SECRET of this world's services; a gateway started for them needs the same. */
  readonly gatewaySecret = randomBytes(32).toString('base64url');
  private readonly proof = new GatewayProof(this.gatewaySecret);
  private readonly services: RunningService[] = [];
  private readonly schemas = new Set<string>();

  private constructor(
    readonly databaseUrl: string,
    readonly natsUrl: string,
  ) {}

  static async create(): Promise<TestEnvironment> {
    const infra = await holdTestInfrastructure();
    await removeAbandonedStreams(infra.natsUrl);
    const env = new TestEnvironment(infra.databaseUrl, infra.natsUrl);
    // As the launcher does before services start (they only check the streams).
    await provisionEventStreamsAt(infra.natsUrl, { prefix: env.prefix, maxBytes: testStreamMaxBytes });
    return env;
  }

  /** Environment a service of this world starts with; `overrides` wins. */
  env(name: string, overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
    const schema = `${this.prefix}_${name.replace(/[^a-z0-9_]/g, '_')}`;
    this.schemas.add(schema);
    return {
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: this.databaseUrl,
      DATABASE_SCHEMA: schema,
      DATABASE_POOL_MAX: '4',
      NATS_URL: this.natsUrl,
      EVENT_SUBJECT_PREFIX: this.prefix,
      SUPABASE_JWT_SECRET: this.jwtSecret,
      SIGNING_KEY_ENCRYPTION_KEY: this.signingKeyEncryptionKey,
      GATEWAY_SECRET: this.gatewaySecret,
      AUTH_ISSUER: testIssuer,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      // A test's one user makes hundreds of calls in a second; the per-user share is tested where it is set low.
      USER_REQUESTS_PER_SECOND: '1000000',
      USER_REQUEST_BURST: '1000000',
      ...overrides,
    };
  }

  /**
   * Headers of a call as the gateway makes it: the proof of this world's GATEWAY_SECRET and the
   * client address it vouches for (when given).
   */
  fromGateway(clientAddress?: string): Record<string, string> {
    return { [GATEWAY_PROOF_HEADER]: this.proof.current(), ...(clientAddress && { 'X-Forwarded-For': clientAddress }) };
  }

  async start(definition: ServiceDefinition, overrides: Record<string, string | undefined> = {}, options: StartOptions = {}) {
    const service = await startService(definition, this.env(definition.name, overrides), options);
    this.services.push(service);
    return service;
  }

  /** Stops one service (e.g. to test a consumer that is down); it may be started again. */
  async stop(service: RunningService): Promise<void> {
    await service.close();
    this.services.splice(this.services.indexOf(service), 1);
  }

  /** A valid HS256 access token for `user`, of a confirmed e-mail as identity signs it; `claims` override. */
  token(user: TestUser, claims: Record<string, unknown> = {}, expiresIn: string | number = '1h'): Promise<string> {
    return new SignJWT({
      email: user.email,
      email_verified: true,
      role: 'authenticated',
      session_id: randomUUID(),
      app_metadata: user.app_metadata ?? { provider: 'email' },
      user_metadata: user.user_metadata ?? {},
      ...claims,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(testIssuer)
      .setAudience('authenticated')
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(new TextEncoder().encode(this.jwtSecret));
  }

  async authHeader(user: TestUser): Promise<{ Authorization: string }> {
    return { Authorization: `Bearer ${await this.token(user)}` };
  }

  newUser(email = `user-${randomBytes(3).toString('hex')}@example.com`): TestUser {
    return { id: randomUUID(), email };
  }

  async close(): Promise<void> {
    for (const service of this.services.splice(0).reverse()) await service.close();
    const client = new Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      // Every schema of this world: its services', the job runner's beside each, and those a test
      // named itself under the world's prefix (a service started on a schema of its own).
      const { rows } = await client.query<{ name: string }>('SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)', [`${this.prefix}_`]);
      const schemas = new Set([...[...this.schemas].flatMap((s) => [s, jobsSchemaOf(s)]), ...rows.map((r) => r.name)]);
      for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await client.end();
    }
    const nc = await connect(natsConnectionOptions(this.natsUrl));
    try {
      // Every stream of this world, also those a test made under a longer prefix of its own.
      const jsm = await nc.jetstreamManager();
      const names: string[] = [];
      for await (const name of jsm.streams.names()) if (name.startsWith(this.prefix)) names.push(name);
      for (const name of names) await jsm.streams.delete(name).catch(() => undefined);
    } finally {
      await nc.close();
    }
    await releaseTestInfrastructure();
  }
}

/** A test world's streams: its prefix (`t` and 8 hex digits), then anything. */
const testStream = /^t[0-9a-f]{8}/;
/** Older than this, a test world's stream belongs to a run that ended without closing it. */
const abandonedAfterMs = 3 * 60 * 60 * 1000;

/**
 * Deletes test streams a crashed or killed run left on the shared server. Each reserves its
 * max_bytes of the server's storage, so enough of them make every new stream fail with
 * "insufficient storage resources".
 */
async function removeAbandonedStreams(natsUrl: string): Promise<void> {
  const nc = await connect(natsConnectionOptions(natsUrl));
  try {
    const jsm = await nc.jetstreamManager();
    const abandoned: string[] = [];
    for await (const info of jsm.streams.list()) {
      if (testStream.test(info.config.name) && Date.now() - Date.parse(info.created) > abandonedAfterMs) abandoned.push(info.config.name);
    }
    for (const name of abandoned) await jsm.streams.delete(name).catch(() => undefined);
  } finally {
    await nc.close();
  }
}
