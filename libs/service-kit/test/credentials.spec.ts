import { randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AckPolicy, connect, NatsConnection } from 'nats';
import { Client } from 'pg';
import { EventEnvelope, serviceRegistry } from '@app/contracts';
import {
  ConfigError,
  ConsumerHandle,
  createLogger,
  Database,
  durableName,
  ensureServiceRoles,
  JetStreamTransport,
  liveCallsSubject,
  loadConfig,
  natsAccountsConfig,
  natsAdministrator,
  natsConnectionOptions,
  natsCredentialsOf,
  natsInboxPrefix,
  provisionEventStreamsAt,
  SessionEndings,
  sessionEndingsSubject,
} from '../src';
import { startNatsServer, testInfrastructure, testStreamMaxBytes, waitFor } from '../src/testing';

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
  const passwords = Object.fromEntries(
    [...serviceRegistry.map((s) => s.name), natsAdministrator, 'gateway'].map((name) => [name, randomBytes(12).toString('hex')]),
  );
  const credentials = (name: string) => ({ user: name, password: passwords[name] });
  const entry = (name: string) => serviceRegistry.find((s) => s.name === name)!;
  let server: Awaited<ReturnType<typeof startNatsServer>>;
  const transports: JetStreamTransport[] = [];
  const connections: NatsConnection[] = [];
  const transportOf = async (name: string, produces: readonly string[] = entry(name).produces) => {
    const transport = await JetStreamTransport.connect({ url: server.url, credentials: credentials(name), prefix: '', name, logger, produces });
    transports.push(transport);
    return transport;
  };
  /** A bare client logged in as `name`, as a compromised service would use it. */
  const clientOf = async (name: string) => {
    const nc = await connect({ ...natsConnectionOptions(server.url, credentials(name)), inboxPrefix: natsInboxPrefix(name), reconnect: false });
    connections.push(nc);
    return nc;
  };
  const admin = async () => (await clientOf(natsAdministrator)).jetstreamManager();
  const eventsInStream = async () => (await (await admin()).streams.info('EVENTS')).state.messages;
  /** The event stream's consumers (of one subject). */
  const consumerNames = async (subject?: string) => {
    const names: string[] = [];
    for await (const info of (await admin()).consumers.list('EVENTS')) if (!subject || info.config.filter_subject === subject) names.push(info.name);
    return names.sort();
  };
  const event = (type: string): EventEnvelope => ({ ...deletion(), type }) as EventEnvelope;
  const refused = /permissions violation/i;

  beforeAll(async () => {
    server = await startNatsServer(
      natsAccountsConfig({
        services: serviceRegistry.map((s) => ({ ...s, password: { value: passwords[s.name] } })),
        administrator: { user: natsAdministrator, password: { value: passwords[natsAdministrator] } },
        listeners: [{ user: 'gateway', password: { value: passwords.gateway } }],
      }),
    );
    await provisionEventStreamsAt(server.url, { credentials: credentials(natsAdministrator), maxBytes: testStreamMaxBytes });
  });
  afterAll(async () => {
    for (const transport of transports) await transport.close();
    for (const nc of connections) await nc.close();
    await server?.stop();
  });

  it('lets every service publish what it produces and consume what it consumes through its own durables, and park its own dead letters', async () => {
    const received: Array<{ service: string; type: string }> = [];
    const consumers: ConsumerHandle[] = [];
    const byService = new Map<string, JetStreamTransport>();
    for (const service of serviceRegistry) byService.set(service.name, await transportOf(service.name));
    for (const service of serviceRegistry) {
      for (const type of service.consumes) {
        const handle = await byService.get(service.name)!.consume({ durable: durableName(service.name, type), subject: type }, async (delivery) => {
          received.push({ service: service.name, type: delivery.envelope.type });
          delivery.ack();
        });
        consumers.push(handle);
        expect(await handle.lag()).toBeGreaterThanOrEqual(0);
      }
    }
    for (const service of serviceRegistry) for (const type of service.produces) await byService.get(service.name)!.publish(type, event(type), {});
    const expected = serviceRegistry.flatMap((s) => s.consumes.map((type) => ({ service: s.name, type })));
    await waitFor(async () => received.length >= expected.length, 20_000);
    expect(received.sort(byServiceAndType)).toEqual(expected.sort(byServiceAndType));
    for (const handle of consumers) await handle.stop();

    const practice = byService.get('practice')!;
    const durable = durableName('practice', 'identity.user.deleted');
    const delivery = { envelope: deletion(), headers: {}, deliveryCount: 8, ack: () => undefined, nak: () => undefined, term: () => undefined };
    await practice.publishDeadLetter(durable, delivery, 'handler failed');
    expect(await practice.deadLetterCount(durable)).toBe(1);
  });

  it('refuses interviews publishing identity.user.deleted (a permissions violation); nothing reaches the stream', async () => {
    const interviews = await transportOf('interviews');
    const before = await eventsInStream();
    await expect(interviews.publish('identity.user.deleted', deletion(), {})).rejects.toThrow(refused);
    await interviews.publish('interviews.company.created', event('interviews.company.created'), {});
    expect(await eventsInStream()).toBe(before + 1);
  });

  it('refuses a service creating, updating, purging or deleting a stream, or deleting a stored event', async () => {
    const jsm = await (await clientOf('practice')).jetstreamManager();
    const config = (await (await admin()).streams.info('EVENTS')).config;
    await expect(jsm.streams.update('EVENTS', { ...config, subjects: ['practice.>'] })).rejects.toThrow(refused);
    await expect(jsm.streams.add({ name: 'STOLEN', subjects: ['identity.>'] })).rejects.toThrow(refused);
    await expect(jsm.streams.purge('EVENTS')).rejects.toThrow(refused);
    await expect(jsm.streams.deleteMessage('EVENTS', 1)).rejects.toThrow(refused);
    await expect(jsm.streams.delete('EVENTS')).rejects.toThrow(refused);
    await expect(jsm.streams.delete('DEADLETTER')).rejects.toThrow(refused);
    expect((await (await admin()).streams.info('EVENTS')).config.subjects).toEqual(config.subjects);
  });

  it("refuses community reading identity's events: no consumer on a subject it does not consume, no stored message, no core subscription", async () => {
    const community = await clientOf('community');
    const jsm = await community.jetstreamManager();
    const ownName = durableName('community', 'identity.user.deleted');
    // community does not consume identity.user.confirmed (profile does).
    for (const durable_name of [ownName, durableName('community', 'identity.user.confirmed')]) {
      await expect(jsm.consumers.add('EVENTS', { durable_name, ack_policy: AckPolicy.Explicit, filter_subject: 'identity.user.confirmed' })).rejects.toThrow(
        refused,
      );
    }
    await expect(jsm.consumers.add('EVENTS', { ack_policy: AckPolicy.None, filter_subject: 'identity.user.confirmed' })).rejects.toThrow(refused);
    await expect(jsm.consumers.add('EVENTS', { ack_policy: AckPolicy.None })).rejects.toThrow(refused);
    // The older API, whose subject does not carry the filter, and an allowed subject with another filter inside.
    const createRequest = (filter_subject: string) =>
      JSON.stringify({ stream_name: 'EVENTS', config: { durable_name: ownName, ack_policy: 'explicit', filter_subject } });
    await expect(community.request(`$JS.API.CONSUMER.DURABLE.CREATE.EVENTS.${ownName}`, createRequest('identity.user.confirmed'))).rejects.toThrow(refused);
    const smuggled = await community.request(`$JS.API.CONSUMER.CREATE.EVENTS.${ownName}.identity.user.deleted`, createRequest('identity.user.confirmed'));
    expect(JSON.parse(new TextDecoder().decode(smuggled.data)).error).toBeDefined();
    // Only the services that consume identity.user.confirmed read it.
    expect(await consumerNames('identity.user.confirmed')).toEqual([durableName('profile', 'identity.user.confirmed')]);

    await (await transportOf('identity')).publish('identity.user.confirmed', event('identity.user.confirmed'), {});
    await expect(jsm.streams.getMessage('EVENTS', { last_by_subj: 'identity.user.confirmed' })).rejects.toThrow(refused);
    await expect(community.request('$JS.API.DIRECT.GET.EVENTS', JSON.stringify({ last_by_subj: 'identity.user.confirmed' }))).rejects.toThrow(refused);
    for (const subject of ['identity.user.confirmed', 'identity.>', '_INBOX.>', '_INBOX.profile.>']) {
      await expect(subscriptionRefusal(community, subject)).resolves.toMatch(refused);
    }
  });

  it("refuses community touching practice's consumer or dead letters: no delete, no takeover, no pull, no ack, no parking", async () => {
    const practice = await transportOf('practice');
    const practiceDurable = durableName('practice', 'identity.user.deleted');
    const handle = await practice.consume({ durable: practiceDurable, subject: 'identity.user.deleted' }, async (d) => d.ack());
    await handle.stop();
    const community = await clientOf('community');
    const jsm = await community.jetstreamManager();
    await expect(jsm.consumers.delete('EVENTS', practiceDurable)).rejects.toThrow(refused);
    await expect(jsm.consumers.info('EVENTS', practiceDurable)).rejects.toThrow(refused);
    await expect(
      jsm.consumers.add('EVENTS', { durable_name: practiceDurable, ack_policy: AckPolicy.Explicit, filter_subject: 'identity.user.deleted' }),
    ).rejects.toThrow(refused);
    await expect(community.request(`$JS.API.CONSUMER.MSG.NEXT.EVENTS.${practiceDurable}`, JSON.stringify({ batch: 1, expires: 1e9 }))).rejects.toThrow(refused);
    const communityTransport = await transportOf('community');
    const delivery = { envelope: deletion(), headers: {}, deliveryCount: 8, ack: () => undefined, nak: () => undefined, term: () => undefined };
    await expect(communityTransport.publishDeadLetter(practiceDurable, delivery, 'forged')).rejects.toThrow(refused);
    await expect(community.request('$JS.ACK.EVENTS.practice_identity_user_deleted.1.1.1.1.0', '')).rejects.toThrow(refused);
    expect(await consumerNames()).toContain(practiceDurable);
  });

  it('stops a service whose stream lacks its subjects at start, naming them, and leaves the stream as it was', async () => {
    const jsm = await admin();
    const provisioned = (await jsm.streams.info('EVENTS')).config;
    // A stream from an older release, before voice produced anything.
    await jsm.streams.update('EVENTS', { ...provisioned, subjects: provisioned.subjects!.filter((s) => s !== 'voice.>') });
    try {
      await expect(transportOf('voice')).rejects.toThrow(/EVENTS does not hold voice\.session\.started, voice\.session\.ended: streams are provisioned/);
      const practice = await transportOf('practice');
      await expect(
        practice.consume({ durable: durableName('practice', 'voice.session.ended'), subject: 'voice.session.ended' }, async () => undefined),
      ).rejects.toThrow(/does not hold voice\.session\.ended/);
      expect((await jsm.streams.info('EVENTS')).config.subjects).not.toContain('voice.>');
    } finally {
      await provisionEventStreamsAt(server.url, { credentials: credentials(natsAdministrator), maxBytes: testStreamMaxBytes });
    }
    expect((await jsm.streams.info('EVENTS')).config.subjects).toContain('voice.>');
    await (await transportOf('voice')).publish('voice.session.started', event('voice.session.started'), {});
  });

  it("names the consumers no service uses (an earlier release's durable) when it provisions, and leaves them", async () => {
    const jsm = await admin();
    // As the kit named practice's durable before they were <service>_<event type>.
    await jsm.consumers.add('EVENTS', {
      durable_name: 'practice_practice_user-deleted',
      ack_policy: AckPolicy.Explicit,
      filter_subject: 'identity.user.deleted',
    });
    const [events] = await provisionEventStreamsAt(server.url, { credentials: credentials(natsAdministrator), maxBytes: testStreamMaxBytes });
    expect(events).toMatchObject({ stream: 'EVENTS', outcome: 'unchanged', unusedConsumers: ['practice_practice_user-deleted'] });
    expect(await consumerNames()).toContain('practice_practice_user-deleted');
    await jsm.consumers.delete('EVENTS', 'practice_practice_user-deleted');
  });

  it('stops a service on a server whose streams were never provisioned, saying how to provision them', async () => {
    const connecting = JetStreamTransport.connect({ url: server.url, credentials: credentials(natsAdministrator), prefix: 'fresh', name: 'identity', logger });
    await expect(connecting).rejects.toThrow(/event stream fresh_EVENTS does not exist: streams are provisioned from the registry by the launcher/);
    expect(await (await admin()).streams.info('fresh_EVENTS').catch((err: Error) => err.message)).toMatch(/not found/);
  });

  it('lets identity alone announce ended sessions, heard by every service and by the gateway, which may publish nothing', async () => {
    const endings = (name: string) => new SessionEndings({ url: server.url, credentials: credentials(name), prefix: '', name, logger });
    const hearers = ['community', 'gateway'].map((name) => {
      const heard: string[] = [];
      const ending = endings(name);
      const listening = new Promise<void>((resolve) =>
        ending.listen(
          (sessions) => heard.push(...sessions.map((s) => s.session_id)),
          (live) => live && resolve(),
        ),
      );
      return { ending, heard, listening };
    });
    await Promise.all(hearers.map((h) => h.listening));
    // Forged endings, each flushed (so the server has dealt with it) before identity's own.
    for (const name of ['community', 'gateway']) {
      const forger = await clientOf(name);
      forger.publish(sessionEndingsSubject(''), JSON.stringify([{ session_id: `forged-by-${name}`, expires_at: 4_000_000_000 }]));
      await forger.flush();
    }
    const identity = endings('identity');
    identity.announce([{ session_id: 'ended', expires_at: 4_000_000_000 }]);
    try {
      await waitFor(() => hearers.every((h) => h.heard.includes('ended')));
      for (const { heard } of hearers) expect(heard).toEqual(['ended']);
    } finally {
      for (const ending of [identity, ...hearers.map((h) => h.ending)]) await ending.close();
    }
  });

  it('lets one voice replica ask another to end a call and hear its answer; no other service may ask or listen', async () => {
    const holder = await clientOf('voice');
    holder.subscribe(liveCallsSubject('', 'call-1.*'), { callback: (err, msg) => !err && msg.respond('hung up') });
    await holder.flush();
    const asker = await clientOf('voice');
    expect((await asker.request(liveCallsSubject('', 'call-1.hang-up'), undefined, { timeout: 2_000 })).string()).toBe('hung up');

    const other = await clientOf('community');
    expect(await subscriptionRefusal(other, liveCallsSubject('', '>'))).toMatch(refused);
    await expect((await clientOf('community')).request(liveCallsSubject('', 'call-1.hang-up'), undefined, { timeout: 2_000 })).rejects.toThrow();
  });

  it('refuses a connection without credentials or with a wrong password', async () => {
    await expect(connect({ servers: server.url, reconnect: false })).rejects.toThrow(/authorization violation/i);
    await expect(connect({ ...natsConnectionOptions(server.url, { user: 'identity', password: 'guess' }), reconnect: false })).rejects.toThrow(
      /authorization violation/i,
    );
  });
});

const byServiceAndType = (a: { service: string; type: string }, b: { service: string; type: string }) =>
  `${a.service} ${a.type}`.localeCompare(`${b.service} ${b.type}`);

/** The server's refusal of a subscription (as the client reports it), or 'delivered' if one arrives. */
function subscriptionRefusal(nc: NatsConnection, subject: string): Promise<string> {
  return new Promise((resolve) => {
    nc.subscribe(subject, { callback: (err) => resolve(err ? err.message : 'delivered') });
  });
}

describe("a service's NATS settings", () => {
  const base = { PORT: '0', DATABASE_URL: 'postgres://u@h/d', NATS_URL: 'tls://nats.internal:4222', SUPABASE_JWT_SECRET: 'a-secret-of-16-characters' };

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
    const credentials = { tlsCaFile: file('ca.pem'), tlsCertFile: file('client.pem'), tlsKeyFile: file('client-key.pem') };
    await provisionEventStreamsAt(server.url, { credentials, maxBytes: testStreamMaxBytes });
    const transport = await JetStreamTransport.connect({
      url: server.url,
      credentials,
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
    // How the refusal reads depends on Node's TLS: "certificate required" on 20, and on 24 the server's
    // TLS 1.3 alert may arrive as the connection is reset. Either way the client gets no connection.
    await expect(connect({ ...natsConnectionOptions(server.url, { tlsCaFile: file('ca.pem') }), reconnect: false, timeout: 3000 })).rejects.toThrow(
      /certificate|ECONNRESET/,
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
