import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import { createProxyMiddleware, RequestHandler } from 'http-proxy-middleware';
import { AppError, Logger, sendError } from '@app/service-kit';
import type { Response } from 'express';
import type { UpstreamName } from './prefix-table';

export interface ProxyOptions {
  /** A new upstream connection not established within this → 503 (default 2 s). */
  connectTimeoutMs: number;
  /** Response headers not received within this → 504 (default 30 s). */
  responseTimeoutMs: number;
  /** Sockets per upstream (keep-alive pool). */
  maxSockets: number;
  logger: Logger;
}

const CONNECT_TIMEOUT = 'UPSTREAM_CONNECT_TIMEOUT';
const RESPONSE_TIMEOUT = 'UPSTREAM_RESPONSE_TIMEOUT';

class UpstreamTimeout extends Error {
  constructor(
    readonly code: typeof CONNECT_TIMEOUT | typeof RESPONSE_TIMEOUT,
    ms: number,
  ) {
    super(`${code === CONNECT_TIMEOUT ? 'connect' : 'response'} timeout after ${ms} ms`);
  }
}

type ConnectionFactory = (options: object, callback?: unknown) => Duplex;

/** Gives every new socket of `agent` a connect deadline; reused keep-alive sockets are already connected. */
export function withConnectTimeout<A extends http.Agent>(agent: A, ms: number): A {
  const target = agent as unknown as { createConnection: ConnectionFactory };
  const create = target.createConnection.bind(agent);
  target.createConnection = (options, callback) => {
    const socket = create(options, callback) as Duplex & { connecting?: boolean };
    if (socket.connecting) {
      const timer = setTimeout(() => socket.destroy(new UpstreamTimeout(CONNECT_TIMEOUT, ms)), ms);
      const clear = () => clearTimeout(timer);
      socket.once('connect', clear);
      socket.once('secureConnect', clear);
      socket.once('close', clear);
    }
    return socket;
  };
  return agent;
}

/** One pool for all upstreams: `maxSockets` is per origin, so each service gets its own limit. */
export function createUpstreamAgents(options: Pick<ProxyOptions, 'connectTimeoutMs' | 'maxSockets'>) {
  const common = { keepAlive: true, keepAliveMsecs: 1_000, maxSockets: options.maxSockets, maxFreeSockets: 64, scheduling: 'lifo' as const };
  return {
    http: withConnectTimeout(new http.Agent(common), options.connectTimeoutMs),
    https: withConnectTimeout(new https.Agent(common), options.connectTimeoutMs),
  };
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EADDRNOTAVAIL', 'ETIMEDOUT', CONNECT_TIMEOUT]);

/** What the caller reads when an upstream fails: the contract's envelope, never an HTML page. */
export function upstreamError(err: NodeJS.ErrnoException, upstream: UpstreamName): AppError {
  if (UNREACHABLE.has(err.code ?? '')) {
    return new AppError('upstream_unavailable', `The ${upstream} service is unavailable, please try again shortly`, undefined, 503);
  }
  if (err.code === RESPONSE_TIMEOUT) {
    return new AppError('upstream_unavailable', `The ${upstream} service did not answer in time`, undefined, 504);
  }
  return new AppError('upstream_unavailable', `The ${upstream} service failed to answer`, undefined, 502);
}

const MAX_STALE_RETRIES = 3;

const hasBody = (req: http.IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * One http-proxy-middleware instance per service over keep-alive agents. Bodies are streamed both
 * ways (nothing here parses them); paths go through unchanged.
 */
export class UpstreamProxies {
  readonly agents: ReturnType<typeof createUpstreamAgents>;
  private readonly handlers = new Map<UpstreamName, RequestHandler>();
  private readonly lastProxyReq = new WeakMap<http.IncomingMessage, http.ClientRequest>();
  private readonly retries = new WeakMap<http.IncomingMessage, number>();
  private readonly upgraded = new WeakSet<Duplex>();

  constructor(
    urls: Record<UpstreamName, string>,
    private readonly options: ProxyOptions,
  ) {
    this.agents = createUpstreamAgents(options);
    for (const [name, url] of Object.entries(urls) as Array<[UpstreamName, string]>) {
      this.handlers.set(name, this.createHandler(name, url));
    }
  }

  /** Proxies an HTTP request (headers already prepared, see forwarding.ts). */
  web(upstream: UpstreamName, req: http.IncomingMessage, res: http.ServerResponse): void {
    void this.handlers.get(upstream)!(req, res);
  }

  /** Proxies a websocket upgrade. */
  upgrade(upstream: UpstreamName, req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    this.handlers.get(upstream)!.upgrade(req, socket as never, head);
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  private createHandler(upstream: UpstreamName, target: string): RequestHandler {
    const secure = target.startsWith('https:');
    const { responseTimeoutMs, logger } = this.options;
    return createProxyMiddleware({
      target,
      agent: secure ? this.agents.https : this.agents.http,
      // A local service sees the public Host; a remote https one (hosted Supabase) needs its own.
      changeOrigin: secure,
      xfwd: false,
      ws: false, // upgrades are routed explicitly by the gateway (see app.ts), not by HPM's own listener
      on: {
        proxyReq: (proxyReq, req, res) => {
          this.lastProxyReq.set(req, proxyReq);
          const timer = setTimeout(() => proxyReq.destroy(new UpstreamTimeout(RESPONSE_TIMEOUT, responseTimeoutMs)), responseTimeoutMs);
          const clear = () => clearTimeout(timer);
          proxyReq.once('response', clear);
          proxyReq.once('close', clear);
          // The caller went away while the upstream was still working: stop waiting for it.
          res.once('close', () => {
            if (!res.writableFinished) proxyReq.destroy();
          });
        },
        proxyReqWs: (proxyReq, _req, socket) => {
          proxyReq.once('upgrade', (_res, proxySocket) => {
            this.upgraded.add(socket);
            // http-proxy's pipes end one side only on a clean end: tie the two sockets' lives together.
            // A websocket has no use for half-open TCP: when one side ends, finish the other too.
            socket.once('close', () => proxySocket.destroy());
            proxySocket.once('close', () => socket.destroy());
            socket.once('end', () => socket.end());
            proxySocket.once('end', () => proxySocket.end());
          });
        },
        error: (err: NodeJS.ErrnoException, req, res) => {
          // A pooled socket the service closed while idle (a race with its keep-alive timeout): try
          // again when no body was consumed; each stale socket tried leaves the pool, so this ends.
          const proxyReq = this.lastProxyReq.get(req);
          const isResponse = 'writeHead' in res;
          const retries = this.retries.get(req) ?? 0;
          if (isResponse && err.code === 'ECONNRESET' && proxyReq?.reusedSocket && !hasBody(req) && !res.headersSent && retries < MAX_STALE_RETRIES) {
            this.retries.set(req, retries + 1);
            this.web(upstream, req, res);
            return;
          }
          logger.warn({ upstream, code: err.code, method: req.method, path: req.url?.split('?')[0] }, 'upstream request failed');
          const failure = upstreamError(err, upstream);
          if (isResponse) {
            if (res.headersSent) res.destroy();
            else sendError(res as Response, failure);
            return;
          }
          const socket = res as Duplex;
          if (!this.upgraded.has(socket) && socket.writable) {
            const body = JSON.stringify(failure.toEnvelope());
            socket.end(
              `HTTP/1.1 ${failure.status} ${http.STATUS_CODES[failure.status]}\r\nContent-Type: application/json\r\n` +
                `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
            );
          } else {
            socket.destroy();
          }
        },
      },
    });
  }
}
