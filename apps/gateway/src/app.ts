import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import express, { Express, NextFunction, Request, Response } from 'express';
import {
  answerClientErrors,
  AppError,
  createLogger,
  GATEWAY_PROOF_HEADER,
  GatewayProof,
  Logger,
  Metrics,
  notFound,
  natsCredentialsOf,
  requestIdFrom,
  sendError,
  SessionEndings,
  startMetricsServer,
  toAppError,
  TokenBuckets,
  TokenVerifier,
} from '@app/service-kit/core';
import { GatewayConfig, loadGatewayConfig, upstreamUrls } from './config';
import { healthRoutes } from './health';
import { Admission } from './http/admission';
import { frontDoor } from './http/front-door';
import { GatewayObservation } from './http/observability';
import { cors, securityHeaders } from './http/security';
import { routeBodyLimits, routeDeadlines } from './routing/route-limits';
import { prepareForwardedRequest, TrustFn } from './routing/forwarding';
import { isApiPath, isUnsafePath, resolveWebsocketUpstream, UpstreamName } from './routing/prefix-table';
import { UpstreamProxies } from './routing/proxy';
import { apiDocs } from './static/api-docs';
import { spa } from './static/spa';

export interface Gateway {
  /** The HTTP server's request listener: /api and /auth/v1 calls of the prefix table, then `app`. */
  handle: http.RequestListener;
  /** Health, the SPA and the envelope's 404s (the security headers and request id already set). */
  app: Express;
  config: GatewayConfig;
  logger: Logger;
  verifier: TokenVerifier;
  /** The gateway's Prometheus metrics (METRICS_PORT set), else undefined. */
  metrics?: Metrics;
  /** Handler for the HTTP server's `upgrade` event (the registry's websocket prefixes). */
  upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Ends open websockets (they are not part of the HTTP server's graceful close). */
  closeUpgrades(): void;
  /** Ends open websockets and the upstream connection pools. */
  close(): void;
}

export interface GatewayOptions {
  logger?: Logger;
}

const pathnameOf = (url: string | undefined) => (url ?? '/').split('?')[0];

/** How long an idle kept-alive connection of a client stays open (see startGateway). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * The gateway: request ids and access log, security headers, optional CORS and the prefix table
 * (token required on /api except the anonymous routes; /auth/v1 passed through to identity) in
 * plain Node (see front-door.ts); health, the SPA and the error envelope for everything else in
 * Express.
 */
export function createGateway(config: GatewayConfig, options: GatewayOptions = {}): Gateway {
  // One access-log line per call: written in batches, they cost the gateway a write per ten or more
  // calls. A line costs 0.95-1.0 µs in 4 KiB batches, 1.6-1.7 µs in 1 KiB ones, 0.8-0.9 µs in
  // 16 KiB ones (the kit's LineBatch; three runs each): 4 KiB stays within one pipe buffer's atomic write.
  const logger = options.logger ?? createLogger('gateway', config.LOG_LEVEL, { bufferBytes: 4096 });
  const gatewayProof = config.GATEWAY_SECRET ? new GatewayProof(config.GATEWAY_SECRET) : undefined;
  // Identity's announcements of ended sessions: heard, they spare the verifier its fast poll of the list.
  const sessionEndings = config.NATS_URL
    ? new SessionEndings({ url: config.NATS_URL, credentials: natsCredentialsOf(config), prefix: config.EVENT_SUBJECT_PREFIX, name: 'gateway', logger })
    : undefined;
  // The kit's class, as the services use it: same algorithms, skew, issuer, audience and subject rules.
  const verifier = new TokenVerifier({
    jwksUrl: config.AUTH_JWKS_URL,
    hs256Secret: config.SUPABASE_JWT_SECRET,
    issuer: config.AUTH_ISSUER,
    audience: config.AUTH_AUDIENCE,
    revocationsHeaders: gatewayProof && (() => ({ [GATEWAY_PROOF_HEADER]: gatewayProof.current() })),
    sessionEndings,
  });
  const urls = upstreamUrls(config);
  const proxies = new UpstreamProxies(urls, {
    connectTimeoutMs: config.UPSTREAM_CONNECT_TIMEOUT_MS,
    responseTimeoutMs: config.UPSTREAM_RESPONSE_TIMEOUT_MS,
    maxSockets: config.UPSTREAM_MAX_SOCKETS,
    logger,
    gatewayProof,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  const trust = app.get('trust proxy fn') as TrustFn;

  const readinessUrls = Object.fromEntries(config.READY_UPSTREAMS.map((name) => [name, urls[name]])) as Record<UpstreamName, string[]>;
  app.use(healthRoutes({ urls: readinessUrls, timeoutMs: config.READY_TIMEOUT_MS, agents: proxies.agents, detailsToken: config.READY_DETAILS_TOKEN, logger }));
  const docs = apiDocs();
  app.use((req: Request, res: Response, next: NextFunction) => (docs(req, res, req.path) ? undefined : next()));
  app.use((req: Request, res: Response, next: NextFunction) => (isApiPath(req.path) ? sendError(res, notFound('No such API route')) : next()));
  app.use(spa(config.WEB_DIST));
  app.use((_req: Request, res: Response) => sendError(res, notFound('Not found')));
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode;
    if (status === 404) return sendError(res, notFound('Not found'));
    if (status && status >= 400 && status < 500) return sendError(res, new AppError('validation_failed', 'Bad request', undefined, 400));
    logger.error({ err, request_id: res.getHeader('x-request-id') }, 'request failed');
    sendError(res, toAppError(err));
  });

  // Upgraded sockets leave the HTTP server's bookkeeping (closeAllConnections misses them): track them here.
  const sockets = new Set<Duplex>();
  const upgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const pathname = pathnameOf(req.url);
    const upstream = isUnsafePath(pathname) ? undefined : resolveWebsocketUpstream(pathname);
    if (!upstream) {
      const body = JSON.stringify(notFound('No such websocket route').toEnvelope());
      socket.end(`HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
      setTimeout(() => socket.destroy(), 1_000).unref();
      return;
    }
    // Browsers cannot put a bearer token on a websocket: the service authenticates it itself (voice: the signed URL).
    const requestId = requestIdFrom(req.headers['x-request-id']);
    prepareForwardedRequest(req, requestId, trust, { upgrade: true });
    logger.info({ request_id: requestId, path: pathname, upstream }, 'websocket upgrade');
    proxies.upgrade(upstream, req, socket, head);
  };

  const metrics = config.METRICS_PORT === undefined ? undefined : new Metrics('gateway');
  const handle = frontDoor({
    logger,
    verifier,
    perUser: new TokenBuckets(config.USER_REQUESTS_PER_SECOND, config.USER_REQUEST_BURST),
    proxies,
    admission: new Admission({ overall: config.MAX_IN_FLIGHT, perUpstream: config.UPSTREAM_MAX_IN_FLIGHT, perClient: config.CLIENT_MAX_IN_FLIGHT }, logger),
    bodyLimits: {
      maxBytes: config.REQUEST_BODY_MAX_BYTES,
      timeoutMs: config.REQUEST_BODY_TIMEOUT_MS,
      minBytesPerSecond: config.REQUEST_BODY_MIN_BYTES_PER_SECOND,
    },
    observation: new GatewayObservation(metrics),
    bodyLimitFor: routeBodyLimits(config.REQUEST_BODY_MAX_BYTES),
    deadlineFor: routeDeadlines(config.UPSTREAM_RESPONSE_TIMEOUT_MS),
    trust,
    security: securityHeaders(config),
    cors: cors(config.CORS_ORIGINS),
    fallback: app,
  });

  return {
    handle,
    app,
    config,
    logger,
    verifier,
    metrics,
    upgrade,
    closeUpgrades: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      proxies.close();
      void sessionEndings?.close();
    },
  };
}

export interface RunningGateway {
  url: string;
  port: number;
  server: http.Server;
  config: GatewayConfig;
  logger: Logger;
  /** Where Prometheus scrapes the gateway (METRICS_PORT set), else undefined. */
  metricsUrl?: string;
  /** Stops accepting, lets requests in flight finish (up to `graceMs`), then closes everything. */
  close(graceMs?: number): Promise<void>;
}

/** Parses the environment and listens; a bad variable rejects with a `ConfigError` naming it. */
export async function startGateway(env: Record<string, string | undefined> = process.env, options: GatewayOptions = {}): Promise<RunningGateway> {
  const config = loadGatewayConfig(env);
  const gateway = createGateway(config, options);
  const { logger } = gateway;
  const server = http.createServer(
    {
      // Headers late: 408 (see answerClientErrors). Node looks at its connections' deadlines every
      // connectionsCheckingInterval (30 s by default): often enough here for the deadline to hold.
      headersTimeout: config.REQUEST_HEADERS_TIMEOUT_MS,
      // Node's 5 minutes for a whole request stay the outer bound (never below the headers' deadline).
      requestTimeout: Math.max(config.REQUEST_HEADERS_TIMEOUT_MS, 300_000),
      connectionsCheckingInterval: Math.min(1_000, config.REQUEST_HEADERS_TIMEOUT_MS),
    },
    gateway.handle,
  );
  // Node closes a kept-alive connection after 5 s idle: a call a client sends on it at that moment
  // gets no answer at all (a reset), the more often the busier the machine. Longer than what keeps
  // connections to the gateway (an ingress or load balancer: 60 s is usual), the client closes first.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.on('upgrade', gateway.upgrade);
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const metricsServer = gateway.metrics && (await startMetricsServer(gateway.metrics, config.METRICS_PORT!, config.HOST));

  const auth = [config.AUTH_JWKS_URL && `JWKS ${config.AUTH_JWKS_URL}`, config.SUPABASE_JWT_SECRET && 'HS256 secret'].filter(Boolean).join(' + ');
  logger.info({ url, metrics: metricsServer?.url, auth, upstreams: upstreamUrls(config), web: config.WEB_DIST }, 'gateway listening');
  if (!config.AUTH_ISSUER) logger.warn('AUTH_ISSUER is not set: the issuer of tokens is not checked');
  if (!config.GATEWAY_SECRET) {
    logger.warn('GATEWAY_SECRET is not set: the services count every client as the gateway, and identity refuses it its revocation list');
  }
  if (!fs.existsSync(path.join(config.WEB_DIST, 'index.html'))) logger.warn({ web: config.WEB_DIST }, 'web app not built: serving a placeholder page');

  let closing: Promise<void> | undefined;
  const close = (graceMs = 10_000) =>
    (closing ??= new Promise<void>((resolve) => {
      const force = setTimeout(() => {
        server.closeAllConnections();
        gateway.closeUpgrades();
      }, graceMs);
      force.unref();
      // A connection whose last answer went out is idle: closed at once rather than kept alive
      // (65 s) until `graceMs` runs out.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      server.close(() => {
        clearTimeout(force);
        clearInterval(sweep);
        gateway.close();
        void metricsServer?.close();
        logger.info('gateway stopped');
        resolve();
      });
      server.closeIdleConnections();
    }));
  return { url, port, server, config, logger, metricsUrl: metricsServer?.url, close };
}
