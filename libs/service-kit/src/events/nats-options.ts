import type { ConnectionOptions } from 'nats';
import type { ServiceEntry } from '@app/contracts';

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
 * What a service's NATS user may do, from the registry: publish the events it produces and nothing
 * another service produces; plus what the kit's JetStream client needs: create, read and update the
 * streams (never delete or purge them, nor delete a stored event), its durable consumers and their
 * pull requests, acknowledgements and dead letters (their subjects carry the durable's name, which
 * the registry does not list) and replies on its inbox. Deliveries of consumed events arrive on the
 * inbox too; the consumed subjects are allowed for a core subscription.
 */
export function natsPermissions(service: Pick<ServiceEntry, 'produces' | 'consumes'>, prefix = ''): NatsPermissions {
  const subject = (name: string) => (prefix ? `${prefix}.${name}` : name);
  return {
    publish: [
      ...service.produces.map(subject),
      '$JS.API.INFO',
      '$JS.API.STREAM.INFO.*',
      '$JS.API.STREAM.CREATE.*',
      '$JS.API.STREAM.UPDATE.*',
      '$JS.API.CONSUMER.>',
      '$JS.ACK.>',
      subject('deadletter.>'),
    ],
    subscribe: [...service.consumes.map(subject), '_INBOX.>'],
  };
}

/** A user's password in a server configuration: the value, or the environment variable the server reads it from. */
export type NatsPassword = { value: string } | { env: string };

export interface NatsServerConfigOptions {
  /** One user per service, named after it. */
  services: ReadonlyArray<Pick<ServiceEntry, 'name' | 'produces' | 'consumes'> & { password: NatsPassword }>;
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
export function natsAccountsConfig({ services, prefix = '', account = 'THUNDERPREP' }: NatsServerConfigOptions): string {
  const list = (subjects: string[]) => `[${subjects.map((s) => JSON.stringify(s)).join(', ')}]`;
  const users = services.map((s) => {
    const permissions = natsPermissions(s, prefix);
    const password = 'value' in s.password ? JSON.stringify(s.password.value) : `$${s.password.env}`;
    return [
      `      {`,
      `        user: ${JSON.stringify(s.name)}`,
      `        password: ${password}`,
      `        permissions: {`,
      `          publish: { allow: ${list(permissions.publish)} }`,
      `          subscribe: { allow: ${list(permissions.subscribe)} }`,
      `        }`,
      `      }`,
    ].join('\n');
  });
  return [
    `# Written from libs/contracts/src/registry.ts by the service kit's natsAccountsConfig`,
    `# (npm run admin -- nats-accounts): each service publishes only the events it produces.`,
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

/** The environment variable holding a service's NATS password where the server reads it from the environment (Kubernetes). */
export const natsPasswordVariable = (service: string) => `${service.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_NATS_PASSWORD`;
