import { randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';
import { EventEnvelope, serviceRegistry } from '@app/contracts';
import {
  ConfigError,
  createLogger,
  Database,
  ensureServiceRoles,
  JetStreamTransport,
  loadConfig,
  natsAccountsConfig,
  natsConnectionOptions,
  natsCredentialsOf,
} from '../src';
import { startNatsServer, testInfrastructure } from '../src/testing';

jest.setTimeout(60_000);

const logger = createLogger('credentials-test', 'silent');
const deletion = (): EventEnvelope => ({
  id: randomUUID(),
  type: 'identity.user.deleted',
  occurred_at: new Date().toISOString(),
  version: 1,
  data: { user_id: randomUUID() },
});

describe('NATS: a user per service, permissions from the registry', () => {
  const passwords = Object.fromEntries(serviceRegistry.map((s) => [s.name, randomBytes(12).toString('hex')]));
  let server: Awaited<ReturnType<typeof startNatsServer>>;
  const transports: JetStreamTransport[] = [];
  const transportOf = async (name: string) => {
    const transport = await JetStreamTransport.connect({ url: server.url, credentials: { user: name, password: passwords[name] }, prefix: '', name, logger });
    transports.push(transport);
    return transport;
  };
  const eventsInStream = async () => {
    const nc = await connect(natsConnectionOptions(server.url, { user: 'identity', password: passwords.identity }));
    try {
      return (await (await nc.jetstreamManager()).streams.info('EVENTS')).state.messages;
    } finally {
      await nc.close();
    }
  };

  beforeAll(async () => {
    server = await startNatsServer(natsAccountsConfig({ services: serviceRegistry.map((s) => ({ ...s, password: { value: passwords[s.name] } })) }));
  });
  afterAll(async () => {
    for (const transport of transports) await transport.close();
    await server?.stop();
  });

  it("identity publishes identity.user.deleted and practice's user consumes it", async () => {
    const identity = await transportOf('identity');
    const practice = await transportOf('practice');
    const received: string[] = [];
    const consumer = await practice.consume({ durable: 'practice_user-deleted', subject: 'identity.user.deleted' }, async (delivery) => {
      received.push(delivery.envelope.id);
      delivery.ack();
    });
    const event = deletion();
    await identity.publish('identity.user.deleted', event, {});
    for (const deadline = Date.now() + 10_000; !received.includes(event.id) && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
    await consumer.stop();
    expect(received).toContain(event.id);
  });

  it('refuses practice publishing identity.user.deleted (a permissions violation); nothing reaches the stream', async () => {
    const practice = await transportOf('practice');
    const before = await eventsInStream();
    await expect(practice.publish('identity.user.deleted', deletion(), {})).rejects.toThrow(/permissions violation/i);
    // Its own events and its dead letters go through.
    await practice.publish('practice.session.logged', { ...deletion(), type: 'practice.session.logged' } as EventEnvelope, {});
    expect(await eventsInStream()).toBe(before + 1);
  });

  it('refuses a service purging or deleting the event stream, or deleting a stored event', async () => {
    const nc = await connect({ ...natsConnectionOptions(server.url, { user: 'practice', password: passwords.practice }), reconnect: false });
    try {
      const jsm = await nc.jetstreamManager();
      await expect(jsm.streams.purge('EVENTS')).rejects.toThrow(/permissions violation/i);
      await expect(jsm.streams.deleteMessage('EVENTS', 1)).rejects.toThrow(/permissions violation/i);
      await expect(jsm.streams.delete('EVENTS')).rejects.toThrow(/permissions violation/i);
    } finally {
      await nc.close();
    }
    expect(await eventsInStream()).toBeGreaterThan(0);
  });

  it('refuses a connection without credentials or with a wrong password', async () => {
    await expect(connect({ servers: server.url, reconnect: false })).rejects.toThrow(/authorization violation/i);
    await expect(connect({ ...natsConnectionOptions(server.url, { user: 'identity', password: 'guess' }), reconnect: false })).rejects.toThrow(
      /authorization violation/i,
    );
  });
});

describe("a service's NATS settings", () => {
  const base = { PORT: '0', DATABASE_URL: 'postgres://u@h/d', NATS_URL: 'tls://nats.internal:4222', SUPABASE_JWT_SECRET: 's' };

  it('are read at start: its user, password and TLS files', () => {
    const config = loadConfig({ ...base, NATS_USER: 'practice', NATS_PASSWORD: 'p', NATS_TLS_CA_FILE: '/run/ca.pem' });
    expect(natsConnectionOptions(config.NATS_URL!, natsCredentialsOf(config))).toEqual({
      servers: 'tls://nats.internal:4222',
      user: 'practice',
      pass: 'p',
      tls: { caFile: '/run/ca.pem' },
    });
  });

  it('refuses a client certificate without its key, naming the variable', () => {
    expect(() => loadConfig({ ...base, NATS_TLS_CERT_FILE: '/run/client.pem' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, NATS_TLS_CERT_FILE: '/run/client.pem' })).toThrow(
      /NATS_TLS_KEY_FILE: NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE go together/,
    );
  });
});

describe('NATS over mutual TLS (NATS_TLS_* files)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nats-tls-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  let server: Awaited<ReturnType<typeof startNatsServer>>;

  beforeAll(async () => {
    // A throwaway CA that signs the server's certificate (for 127.0.0.1) and a client's.
    openssl(
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=test-ca',
      '-keyout',
      file('ca-key.pem'),
      '-out',
      file('ca.pem'),
    );
    for (const [name, extension] of [
      ['server', 'subjectAltName=IP:127.0.0.1,DNS:localhost'],
      ['client', 'extendedKeyUsage=clientAuth'],
    ]) {
      openssl(
        'req',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-subj',
        `/CN=${name}`,
        '-keyout',
        file(`${name}-key.pem`),
        '-out',
        file(`${name}.csr`),
      );
      writeFileSync(file(`${name}.ext`), `${extension}\n`);
      openssl(
        'x509',
        '-req',
        '-in',
        file(`${name}.csr`),
        '-CA',
        file('ca.pem'),
        '-CAkey',
        file('ca-key.pem'),
        '-CAcreateserial',
        '-days',
        '1',
        '-extfile',
        file(`${name}.ext`),
        '-out',
        file(`${name}.pem`),
      );
    }
    server = await startNatsServer(
      `tls { cert_file: ${JSON.stringify(file('server.pem'))}, key_file: ${JSON.stringify(file('server-key.pem'))}, ca_file: ${JSON.stringify(file('ca.pem'))}, verify: true }\n`,
    );
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a service's transport connects with the CA and its client certificate", async () => {
    const transport = await JetStreamTransport.connect({
      url: server.url,
      credentials: { tlsCaFile: file('ca.pem'), tlsCertFile: file('client.pem'), tlsKeyFile: file('client-key.pem') },
      prefix: '',
      name: 'tls-test',
      logger,
    });
    try {
      expect(transport.isReady()).toBe(true);
    } finally {
      await transport.close();
    }
  });

  it('is refused without a client certificate', async () => {
    await expect(connect({ ...natsConnectionOptions(server.url, { tlsCaFile: file('ca.pem') }), reconnect: false, timeout: 3000 })).rejects.toThrow(
      /certificate/,
    );
  });
});

describe('Postgres: a role per service that reaches only its own schema', () => {
  const tag = `r${randomBytes(3).toString('hex')}`;
  const database = `roles_${tag}`;
  const [identity, practice] = [`${tag}_identity`, `${tag}_practice`];
  let adminUrl: string;
  let admin: Client;
  const urlAs = (role: string, password: string) => {
    const url = new URL(adminUrl);
    Object.assign(url, { username: role, password, pathname: `/${database}` });
    return url.toString();
  };
  const asRole = async (role: string, password: string, sql: string) => {
    const client = new Client({ connectionString: urlAs(role, password) });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    adminUrl = (await testInfrastructure()).databaseUrl;
    const server = new Client({ connectionString: adminUrl });
    await server.connect();
    await server.query(`CREATE DATABASE ${database}`);
    await server.end();
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    admin = new Client({ connectionString: url.toString() });
    await admin.connect();
    // A table a superuser made before roles existed (an earlier `npm start`): handed over below.
    await admin.query(`CREATE SCHEMA ${identity}; CREATE TABLE ${identity}.signing_keys (kid text PRIMARY KEY)`);
    await ensureServiceRoles(admin, [
      { role: identity, schema: identity, password: 'identity-pass' },
      { role: practice, schema: practice, password: 'practice-pass' },
    ]);
  });
  afterAll(async () => {
    await admin?.end();
    const server = new Client({ connectionString: adminUrl });
    await server.connect();
    await server.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    for (const role of [identity, practice]) await server.query(`DROP ROLE IF EXISTS ${role}`);
    await server.end();
  });

  it('is no superuser, and owns its schema and what was in it', async () => {
    const { rows } = await admin.query('SELECT rolname, rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = ANY($1) ORDER BY rolname', [
      [identity, practice],
    ]);
    expect(rows).toEqual([
      { rolname: identity, rolsuper: false, rolcreatedb: false, rolcreaterole: false },
      { rolname: practice, rolsuper: false, rolcreatedb: false, rolcreaterole: false },
    ]);
    const owner = await admin.query(`SELECT tableowner FROM pg_tables WHERE schemaname = $1 AND tablename = 'signing_keys'`, [identity]);
    expect(owner.rows).toEqual([{ tableowner: identity }]);
  });

  it("runs its migrations as itself, and cannot read another service's schema, create schemas or write to public", async () => {
    const migrations = mkdtempSync(path.join(os.tmpdir(), 'role-migrations-'));
    writeFileSync(path.join(migrations, '0001_sessions.sql'), 'CREATE TABLE sessions (id uuid PRIMARY KEY DEFAULT gen_random_uuid());');
    const db = new Database({ url: urlAs(practice, 'practice-pass'), schema: practice, logger });
    try {
      expect(await db.migrate([{ label: 'practice', dir: migrations }])).toEqual(['practice/0001_sessions.sql']);
      await db.query('INSERT INTO sessions DEFAULT VALUES');
    } finally {
      await db.close();
    }
    await expect(asRole(practice, 'practice-pass', `SELECT * FROM ${identity}.signing_keys`)).rejects.toThrow(`permission denied for schema ${identity}`);
    await expect(asRole(practice, 'practice-pass', 'CREATE TABLE public.stolen (a int)')).rejects.toThrow('permission denied for schema public');
    await expect(asRole(practice, 'practice-pass', 'CREATE SCHEMA elsewhere')).rejects.toThrow(`permission denied for database ${database}`);
    await expect(asRole(identity, 'identity-pass', `SELECT * FROM ${practice}.sessions`)).rejects.toThrow(`permission denied for schema ${practice}`);
  });

  it('runs again without harm, setting the new password (rotation)', async () => {
    const hash = async () => (await admin.query('SELECT rolpassword FROM pg_authid WHERE rolname = $1', [practice])).rows[0].rolpassword;
    const before = await hash();
    await ensureServiceRoles(admin, [{ role: practice, schema: practice, password: 'rotated-pass' }]);
    expect(await hash()).not.toBe(before);
    await expect(asRole(practice, 'rotated-pass', 'SELECT count(*) FROM sessions')).resolves.toMatchObject({ rows: [{ count: '1' }] });
  });
});
