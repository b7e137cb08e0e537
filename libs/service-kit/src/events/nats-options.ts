import type { ConnectionOptions } from 'nats';

/**
 * Connection options for nats.js from a NATS_URL. nats.js ignores credentials written in a server
 * URL (`nats://user:password@host:4222`) and would connect anonymously, so they are moved into the
 * options it reads; a comma-separated list of servers is kept as a list.
 */
export function natsConnectionOptions(url: string): Pick<ConnectionOptions, 'servers' | 'user' | 'pass'> {
  let user: string | undefined;
  let pass: string | undefined;
  const servers = url
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((server) => {
      if (!server.includes('://')) return server;
      const parsed = new URL(server);
      if (parsed.username && user === undefined) {
        user = decodeURIComponent(parsed.username);
        pass = parsed.password ? decodeURIComponent(parsed.password) : undefined;
      }
      parsed.username = '';
      parsed.password = '';
      return parsed.toString().replace(/\/$/, '');
    });
  return {
    servers: servers.length === 1 ? servers[0] : servers,
    ...(user !== undefined && { user }),
    ...(pass !== undefined && { pass }),
  };
}
