import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { connect } from 'nats';
import { Client } from 'pg';
import { RunningService, ServiceDefinition, startService, StartOptions } from '../nest/bootstrap';
import { holdTestInfrastructure, natsConnectionOptions, releaseTestInfrastructure } from './infrastructure';

export interface TestUser {
  id: string;
  email: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
}

export const testIssuer = 'http://test.local/auth/v1';

/**
 * One isolated world for a test file: its own database schemas and its own event streams on the
 * real servers, so runs never see each other's data. `close()` stops every service it started and
 * removes the schemas and streams.
 */
export class TestEnvironment {
  readonly prefix = `t${randomBytes(4).toString('hex')}`;
  readonly jwtSecret = randomBytes(32).toString('hex');
  private readonly services: RunningService[] = [];
  private readonly schemas = new Set<string>();

  private constructor(
    readonly databaseUrl: string,
    readonly natsUrl: string,
  ) {}

  static async create(): Promise<TestEnvironment> {
    const infra = await holdTestInfrastructure();
    return new TestEnvironment(infra.databaseUrl, infra.natsUrl);
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
      AUTH_ISSUER: testIssuer,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ...overrides,
    };
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
      for (const schema of this.schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await client.end();
    }
    const nc = await connect(natsConnectionOptions(this.natsUrl));
    try {
      const jsm = await nc.jetstreamManager();
      for (const stream of [`${this.prefix}_EVENTS`, `${this.prefix}_DEADLETTER`]) await jsm.streams.delete(stream).catch(() => undefined);
    } finally {
      await nc.close();
    }
    await releaseTestInfrastructure();
  }
}
