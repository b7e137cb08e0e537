import type { ConnectionOptions } from 'nats';
import type { ServiceEntry } from '@app/contracts';
import { consumerName, durableName, eventStreamNames, prefixedSubject } from './streams';

/** How a service proves who it is to NATS and checks the server: from NATS_* settings (config.ts). */
export interface NatsCredentials {
  user?: string;
  password?: string;
  /** PEM files: the CA that signed the server's certificate, and a client certificate for mutual TLS. */
  tlsCaFile?: string;
  tlsCertFile?: string;
  tlsKeyFile?: string;
}

/** The NATS_* settings of a parsed configuration as credentials. */
export function natsCredentialsOf(config: {
  NATS_USER?: string;
  NATS_PASSWORD?: string;
  NATS_TLS_CA_FILE?: string;
  NATS_TLS_CERT_FILE?: string;
  NATS_TLS_KEY_FILE?: string;
}): NatsCredentials {
  return {
    user: config.NATS_USER,
    password: config.NATS_PASSWORD,
    tlsCaFile: config.NATS_TLS_CA_FILE,
    tlsCertFile: config.NATS_TLS_CERT_FILE,
    tlsKeyFile: config.NATS_TLS_KEY_FILE,
  };
}

/**
 * Connection options for nats.js from a NATS_URL and credentials. nats.js ignores credentials written
 * in a server URL (`nats://user:password@host:4222`) and would connect anonymously, so they are moved
 * into the options it reads (NATS_USER / NATS_PASSWORD win over them); a comma-separated list of
 * servers is kept as a list. Any TLS file, or a tls:// server, turns TLS on.
 */
export function natsConnectionOptions(url: string, credentials: NatsCredentials = {}): Pick<ConnectionOptions, 'servers' | 'user' | 'pass' | 'tls'> {
  let user: string | undefined;
  let pass: string | undefined;
  let tlsScheme = false;
  const servers = url
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((server) => {
      if (!server.includes('://')) return server;
      const parsed = new URL(server);
      if (parsed.protocol === 'tls:') tlsScheme = true;
      if (parsed.username && user === undefined) {
        user = decodeURIComponent(parsed.username);
        pass = parsed.password ? decodeURIComponent(parsed.password) : undefined;
      }
      parsed.username = '';
      parsed.password = '';
      return parsed.toString().replace(/\/$/, '');
    });
  if (credentials.user) [user, pass] = [credentials.user, credentials.password];
  const tls = {
    ...(credentials.tlsCaFile && { caFile: credentials.tlsCaFile }),
    ...(credentials.tlsCertFile && { certFile: credentials.tlsCertFile }),
    ...(credentials.tlsKeyFile && { keyFile: credentials.tlsKeyFile }),
  };
  return {
    servers: servers.length === 1 ? servers[0] : servers,
    ...(user !== undefined && { user }),
    ...(pass !== undefined && { pass }),
    ...((tlsScheme || Object.keys(tls).length > 0) && { tls }),
  };
}

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
}

/**
 * Where a user's replies and deliveries arrive: an inbox of its own (`_INBOX.<user>.…`), so no
 * other user may subscribe to it and read the events delivered there.
 */
export const natsInboxPrefix = (user: string | undefined) => (user ? `_INBOX.${user}` : undefined);

/** The service that ends sessions, and so announces their endings to every verifier. */
const sessionsOwner = 'identity';

/**
 * Where identity announces ended sessions (auth/session-endings.ts): plain NATS, not the event
 * stream, since every verifier (each replica of the gateway and of every service) must hear each
 * one; outside the subjects the event stream captures (`<service>.>`).
 */
export const sessionEndingsSubject = (prefix: string) => prefixedSubject(prefix, 'auth.sessions-ended');

/** The service whose replicas hold calls' sockets, and so ask one another to end them. */
const callsHolder = 'voice';

/**
 * Where a voice replica asks the one holding a call's socket to end it (`<sessionId>.<action>`,
 * request and reply): plain NATS, outside the event stream, which would answer every request itself.
 */
export const liveCallsSubject = (prefix: string, subject: string) => prefixedSubject(prefix, `live-calls.${subject}`);

/**
 * What a service's NATS user may do, from the registry. Publish: the events it produces; for each
 * event it consumes, create (with that filter subject only) and read its own durable, pull from it,
 * acknowledge its deliveries and park them in its dead letters; read the streams' state; identity
 * alone, the endings of sessions; voice alone, the asks to end its calls and their answers. Subscribe:
 * its own inbox, where replies and deliveries arrive, the endings of sessions (its token verifier's),
 * and, voice alone, the asks to end its calls. Nothing else: no stream may be created, changed
 * or deleted (provisionEventStreams does that as an administrator), no consumer of another service
 * touched, no stored event read directly.
 */
export function natsPermissions(service: Pick<ServiceEntry, 'name' | 'produces' | 'consumes'>, prefix = ''): NatsPermissions {
  const streams = eventStreamNames(prefix);
  const consumers = service.consumes.map((type) => {
    const durable = durableName(service.name, type);
    return { type, durable, name: consumerName(prefix, durable) };
  });
  return {
    publish: [
      ...service.produces.map((type) => prefixedSubject(prefix, type)),
      '$JS.API.INFO',
      `$JS.API.STREAM.INFO.${streams.events}`,
      `$JS.API.STREAM.INFO.${streams.deadLetters}`,
      ...consumers.flatMap(({ type, durable, name }) => [
        `$JS.API.CONSUMER.CREATE.${streams.events}.${name}.${prefixedSubject(prefix, type)}`,
        `$JS.API.CONSUMER.INFO.${streams.events}.${name}`,
        `$JS.API.CONSUMER.MSG.NEXT.${streams.events}.${name}`,
        // Acknowledgement subjects as servers send them today, and in the newer form with a domain and account hash first.
        `$JS.ACK.${streams.events}.${name}.>`,
        `$JS.ACK.*.*.${streams.events}.${name}.>`,
        prefixedSubject(prefix, `deadletter.${durable}`),
      ]),
      ...(service.name === sessionsOwner ? [sessionEndingsSubject(prefix)] : []),
      // Asking for a call's end, and answering another replica's ask (in its inbox).
      ...(service.name === callsHolder ? [liveCallsSubject(prefix, '>'), `${natsInboxPrefix(service.name)}.>`] : []),
    ],
    subscribe: [`${natsInboxPrefix(service.name)}.>`, sessionEndingsSubject(prefix), ...(service.name === callsHolder ? [liveCallsSubject(prefix, '>')] : [])],
  };
}

/** A user's password in a server configuration: the value, or the environment variable the server reads it from. */
export type NatsPassword = { value: string } | { env: string };

export interface NatsServerConfigOptions {
  /** One user per service, named after it. */
  services: ReadonlyArray<Pick<ServiceEntry, 'name' | 'produces' | 'consumes'> & { password: NatsPassword }>;
  /** The user that provisions the streams (launcher, Kubernetes job): the whole JetStream API, no events. */
  administrator?: { user: string; password: NatsPassword };
  /** Users that only hear the endings of sessions (the gateway's token verifier): they publish nothing. */
  listeners?: ReadonlyArray<{ user: string; password: NatsPassword }>;
  /** EVENT_SUBJECT_PREFIX of the deployment, if it uses one. */
  prefix?: string;
  /** The account every service shares (its streams are visible to all of them). */
  account?: string;
}

/**
 * The `accounts` block of a nats-server configuration: one account with JetStream, a user per
 * service with the permissions above. The launcher, the Kubernetes component and the tests all
 * write their server configuration from this, so the registry decides who may publish what.
 */
export function natsAccountsConfig({ services, administrator, listeners = [], prefix = '', account = 'THUNDERPREP' }: NatsServerConfigOptions): string {
  const list = (subjects: string[]) => `[${subjects.map((s) => JSON.stringify(s)).join(', ')}]`;
  const entries = [
    ...services.map((s) => ({ user: s.name, password: s.password, permissions: natsPermissions(s, prefix) })),
    ...(administrator ? [{ ...administrator, permissions: { publish: ['$JS.API.>'], subscribe: [`${natsInboxPrefix(administrator.user)}.>`] } }] : []),
    ...listeners.map((listener) => ({ ...listener, permissions: { publish: [], subscribe: [sessionEndingsSubject(prefix)] } })),
  ];
  const users = entries.map(({ user, password: secret, permissions }) => {
    const password = 'value' in secret ? JSON.stringify(secret.value) : `$${secret.env}`;
    return [
      `      {`,
      `        user: ${JSON.stringify(user)}`,
      `        password: ${password}`,
      `        permissions: {`,
      permissions.publish.length > 0 ? `          publish: { allow: ${list(permissions.publish)} }` : `          publish: { deny: [">"] }`,
      `          subscribe: { allow: ${list(permissions.subscribe)} }`,
      `        }`,
      `      }`,
    ].join('\n');
  });
  return [
    `# Written from libs/contracts/src/registry.ts by the service kit's natsAccountsConfig`,
    `# (npm run admin -- nats-accounts): each service publishes only the events it produces and uses`,
    `# only its own consumers of the events it consumes; the streams are the administrator's.`,
    `accounts {`,
    `  ${account} {`,
    `    jetstream: enabled`,
    `    users: [`,
    users.join('\n'),
    `    ]`,
    `  }`,
    `}`,
    '',
  ].join('\n');
}

/** The NATS user that provisions the event streams (launcher, Kubernetes job event-streams). */
export const natsAdministrator = 'streams-admin';

/** The gateway's NATS user: a listener, which only hears the endings of sessions (launcher, Kubernetes). */
export const natsGatewayListener = 'gateway';

/** The environment variable holding a service's NATS password where the server reads it from the environment (Kubernetes). */
export const natsPasswordVariable = (service: string) => `${service.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_NATS_PASSWORD`;
