import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, JWK, KeyLike, SignJWT } from 'jose';
import { startGateway } from '../src/app';
import type { RunningGateway } from '../src/app';
import { upstreamUrlVariable } from '@app/contracts';
import type { Logger } from '@app/service-kit/core';
import { UPSTREAM_NAMES, UpstreamName } from '../src/routing/prefix-table';

export const ISSUER = 'http://test.local/auth/v1';
export const AUDIENCE = 'authenticated';
export const JWKS_PATH = '/auth/v1/.well-known/jwks.json';

export interface Seen {
  upstream: string;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bodyBytes: number;
}

export interface TestServer {
  url: string;
  port: number;
  server: http.Server;
  close(): Promise<void>;
}

export async function listen(server: http.Server): Promise<TestServer> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy(); // upgraded ones too
      }),
  };
}

/** A port nothing listens on (a server was there a moment ago). */
export async function deadPort(): Promise<number> {
  const s = await listen(http.createServer());
  await s.close();
  return s.port;
}

export type RouteHandler = (req: http.IncomingMessage, res: http.ServerResponse) => boolean | void;

/**
 * A stand-in service: answers /healthz and /readyz, the JWKS when given one, `extra` routes, and echoes every
 * other request as JSON (what it received: method, url, headers, body size).
 */
export async function startEcho(name: string, options: { jwks?: () => { keys: JWK[] }; extra?: RouteHandler } = {}): Promise<TestServer> {
  const server = http.createServer((req, res) => {
    if (options.extra?.(req, res)) return;
    if (req.url === '/healthz' || req.url === '/readyz') {
      res.setHeader('content-type', 'application/json');
      res.end('{"status":"ok"}');
      return;
    }
    if (options.jwks && req.url === JWKS_PATH) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(options.jwks()));
      return;
    }
    // Identity's list of ended sessions, which verifiers poll next to the JWKS: none ended here.
    if (options.jwks && req.url?.startsWith('/internal/revocations')) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ cursor: Date.now(), revocations: [] }));
      return;
    }
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('end', () => {
      const seen: Seen = { upstream: name, method: req.method!, url: req.url!, headers: req.headers, bodyBytes };
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-upstream', name);
      res.end(JSON.stringify(seen));
    });
  });
  server.on('upgrade', (req, socket) => {
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `X-Upstream: ${name}\r\nX-Seen-Url: ${req.url}\r\nX-Seen-User-Id: ${req.headers['x-user-id'] ?? '-'}\r\n` +
        `X-Seen-Request-Id: ${req.headers['x-request-id'] ?? '-'}\r\n\r\n`,
    );
    socket.on('data', (d) => socket.write(`echo:${d}`));
  });
  return listen(server);
}

export interface Keys {
  privateKey: KeyLike;
  publicKey: KeyLike;
  publicJwk: JWK;
  publicPem: string;
  kid: string;
}

export async function es256Keys(kid = `k-${randomUUID().slice(0, 8)}`): Promise<Keys> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  return { privateKey, publicKey, publicJwk, publicPem: await exportSPKI(publicKey), kid };
}

export interface ClaimsOverride {
  sub?: string | null;
  iss?: string;
  aud?: string;
  exp?: number;
  nbf?: number;
  [claim: string]: unknown;
}

const now = () => Math.floor(Date.now() / 1000);

function claimsFor(userId: string, override: ClaimsOverride): Record<string, unknown> {
  const claims: Record<string, unknown> = {
    sub: userId,
    iss: ISSUER,
    aud: AUDIENCE,
    role: 'authenticated',
    email: 'someone@example.com',
    session_id: randomUUID(),
    app_metadata: { provider: 'email' },
    user_metadata: {},
    iat: now(),
    exp: now() + 3600,
    ...override,
  };
  if (override.sub === null) delete claims.sub;
  return claims;
}

/** An ES256 token as identity signs it (either ECDSA form of s: verifiers accept both). */
export async function es256Token(keys: Pick<Keys, 'privateKey' | 'kid'>, userId: string, override: ClaimsOverride = {}): Promise<string> {
  return new SignJWT(claimsFor(userId, override)).setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: keys.kid }).sign(keys.privateKey);
}

const b64url = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

/** An HS256 token signed by hand with any secret bytes (a Supabase secret, or a public key). */
export function hs256Token(secret: string | Buffer, userId: string, override: ClaimsOverride = {}, header: Record<string, unknown> = {}): string {
  const signingInput = `${b64url({ alg: 'HS256', typ: 'JWT', ...header })}.${b64url(claimsFor(userId, override))}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}

/** The unsigned token of the `alg: none` attack. */
export function noneToken(userId: string): string {
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claimsFor(userId, {}))}.`;
}

export interface Stack {
  gateway: RunningGateway;
  upstreams: Record<UpstreamName, TestServer>;
  keys: Keys;
  close(): Promise<void>;
}

/** An echo service for every registry service (identity also serving the JWKS of `keys`) behind a gateway on port 0. */
export async function startStack(
  env: Record<string, string | undefined> = {},
  options: { extra?: Partial<Record<UpstreamName, RouteHandler>>; logger?: Logger } = {},
): Promise<Stack> {
  const keys = await es256Keys();
  const upstreams = {} as Record<UpstreamName, TestServer>;
  for (const name of UPSTREAM_NAMES) {
    upstreams[name] = await startEcho(name, { jwks: name === 'identity' ? () => ({ keys: [keys.publicJwk] }) : undefined, extra: options.extra?.[name] });
  }
  const gateway = await startGateway(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      AUTH_ISSUER: ISSUER,
      ...Object.fromEntries(UPSTREAM_NAMES.map((name) => [upstreamUrlVariable(name), upstreams[name].url])),
      WEB_DIST: '/nonexistent-web-dist',
      // A test's one user makes hundreds of calls in a second; the per-user share is tested where it is set low.
      USER_REQUESTS_PER_SECOND: '1000000',
      USER_REQUEST_BURST: '1000000',
      ...env,
    },
    { logger: options.logger },
  );
  return {
    gateway,
    upstreams,
    keys,
    close: async () => {
      await gateway.close(1_000);
      for (const u of Object.values(upstreams)) await u.close();
    },
  };
}

/** A request sent exactly as written (no URL normalisation): for paths a browser would never send. */
export function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: unknown }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode!, headers: res.headers, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
