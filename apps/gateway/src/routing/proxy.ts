import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import { createProxyMiddleware, RequestHandler } from 'http-proxy-middleware';
import { Dispatcher, Pool } from 'undici';
import { AppError, GATEWAY_PROOF_HEADER, GatewayProof, Logger, traceContextHeaders, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@app/service-kit/core';
import { sendEnvelope } from '../http/envelope';
import type { UpstreamName } from './prefix-table';

export interface ProxyOptions {
  /** A new upstream connection not established within this → 503 (default 2 s). */
  connectTimeoutMs: number;
  /** Response headers not received within this once the request is sent (body included) → 504, unless the call brings its own deadline. */
  responseTimeoutMs: number;
  /** Sockets per upstream (keep-alive pool). */
  maxSockets: number;
  logger: Logger;
  /** GATEWAY_SECRET's proof, sent with every call so the services believe its X-Forwarded-For; none without the secret. */
  gatewayProof?: GatewayProof;
}

const CONNECT_TIMEOUT = 'UPSTREAM_CONNECT_TIMEOUT';

class UpstreamTimeout extends Error {
  readonly code = CONNECT_TIMEOUT;
  constructor(ms: number) {
    super(`connect timeout after ${ms} ms`);
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
      const timer = setTimeout(() => socket.destroy(new UpstreamTimeout(ms)), ms);
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

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
  'ETIMEDOUT',
  CONNECT_TIMEOUT,
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** What the caller reads when an upstream fails: the contract's envelope, never an HTML page. */
export function upstreamError(err: NodeJS.ErrnoException, upstream: UpstreamName): AppError {
  if (UNREACHABLE.has(err.code ?? '')) {
    return new AppError('upstream_unavailable', `The ${upstream} service is unavailable, please try again shortly`, undefined, 503, {
      'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    });
  }
  if (err.code === 'UND_ERR_HEADERS_TIMEOUT') {
    return new AppError('upstream_unavailable', `The ${upstream} service did not answer in time`, undefined, 504);
  }
  return new AppError('upstream_unavailable', `The ${upstream} service failed to answer`, undefined, 502);
}

const MAX_STALE_RETRIES = 3;

const hasBody = (req: http.IncomingMessage) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** Hop-by-hop headers of the service's answer: Node sets the client connection's own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

/**
 * The answer's headers as one flat list (name, value, name, value, …), which Node's writeHead
 * takes as it is, with no object to walk or copy: the service's, then the gateway's own (`own`,
 * lower-case names) that the service did not set. The service wins a clash, except Vary, whose
 * lists add up.
 */
export function answerHeaders(own: Record<string, string>, service: Record<string, string | string[] | undefined>): Array<string | string[]> {
  const flat: Array<string | string[]> = [];
  for (const name in service) {
    const value = service[name];
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    flat.push(name, name === 'vary' && own.vary !== undefined ? `${own.vary}, ${String(value)}` : value);
  }
  for (const name in own) if (service[name] === undefined) flat.push(name, own[name]);
  return flat;
}

/** One process of a service: its pool of connections, and whether it is skipped as not ready. */
interface Replica {
  pool: Pool;
  /** A path the service is mounted under ('' for none). */
  base: string;
  /** The Host header to send: a remote https service (hosted Supabase) needs its own, a local one sees the public Host. */
  host?: string;
  upgrader: RequestHandler;
  /** It refused a connection, or its /readyz did not answer 2xx: skipped until it does (see Replicas). */
  skipped: boolean;
}

/** How often each replica's /readyz is asked whether it takes calls (a Kubernetes readiness probe's period, shorter). */
const READY_CHECK_MS = 1_000;

/** Whether `replica`'s /readyz answers 2xx within a second. */
const answersReady = (replica: Replica): Promise<boolean> =>
  replica.pool.request({ path: '/readyz', method: 'GET', headersTimeout: 1_000, bodyTimeout: 1_000 }).then(
    async ({ statusCode, body }) => {
      await body.dump();
      return statusCode >= 200 && statusCode < 300;
    },
    () => false,
  );

/**
 * A service's replicas (its URL list), balanced as a Kubernetes Service balances its endpoints:
 * round robin over the ready ones. Each replica's /readyz is asked every second, as a readiness
 * probe: one that answers otherwise than 2xx (a voice replica draining its calls answers 503)
 * leaves the rotation and comes back once it answers 2xx again; one that refuses a connection
 * leaves it at once. With every replica skipped, round robin goes on over all of them: a call then
 * meets the refusal rather than a guess that nothing is there.
 */
class Replicas {
  private next = 0;
  private closed = false;
  private checking?: NodeJS.Timeout;

  constructor(readonly members: Replica[]) {
    // A lone replica is the only choice whatever it answers.
    if (members.length > 1) this.checkReadiness();
  }

  /** The next replica in turn, other than `besides`; undefined when there is no other. */
  pick(besides?: Replica): Replica | undefined {
    if (this.members.length === 1) return besides ? undefined : this.members[0];
    const candidates = besides ? this.members.filter((r) => r !== besides) : this.members;
    if (candidates.length === 0) return undefined;
    const ready = candidates.filter((r) => !r.skipped);
    const from = ready.length > 0 ? ready : candidates;
    return from[this.next++ % from.length];
  }

  /** `replica` refused a connection or cut one: out of the rotation until its /readyz answers 2xx. */
  refused(replica: Replica): void {
    if (this.members.length > 1) replica.skipped = true;
  }

  private checkReadiness(): void {
    this.checking = setTimeout(async () => {
      const ready = await Promise.all(this.members.map(answersReady));
      if (this.closed) return;
      this.members.forEach((replica, i) => (replica.skipped = !ready[i]));
      this.checkReadiness();
    }, READY_CHECK_MS);
    this.checking.unref();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.checking);
    for (const { pool } of this.members) void pool.destroy();
  }
}

/**
 * May a call that failed to connect be sent to another replica? Any call whose connection was
 * refused or never made (nothing of it was sent: a replica just killed, as Envoy's retry on
 * connect-failure); after other failures to reach it, only one that is safe to repeat whatever
 * happened: GET and HEAD, and writes the client made repeatable with an Idempotency-Key.
 */
const mayTryAnotherReplica = (req: http.IncomingMessage, code: string | undefined) =>
  code === 'ECONNREFUSED' ||
  code === 'UND_ERR_CONNECT_TIMEOUT' ||
  req.method === 'GET' ||
  req.method === 'HEAD' ||
  req.headers['idempotency-key'] !== undefined;

/**
 * Proxies to the services: HTTP calls over an undici pool per replica (its client costs a third
 * less CPU per call than Node's http.request, see bench/gateway), bodies streamed both ways
 * (nothing here parses them), paths unchanged. Each service's calls go round robin over its
 * replicas (Replicas). Websocket upgrades (rare and long-lived) go through http-proxy-middleware
 * over keep-alive agents, which the readiness probes share.
 */
export class UpstreamProxies {
  readonly agents: ReturnType<typeof createUpstreamAgents>;
  private readonly upstreams = new Map<UpstreamName, Replicas>();
  private readonly upgraded = new WeakSet<Duplex>();

  constructor(
    urls: Record<UpstreamName, readonly string[]>,
    private readonly options: ProxyOptions,
  ) {
    this.agents = createUpstreamAgents(options);
    for (const [name, list] of Object.entries(urls) as Array<[UpstreamName, readonly string[]]>) {
      const replicas = list.map((url): Replica => {
        const target = new URL(url);
        return {
          pool: new Pool(target.origin, {
            connections: options.maxSockets,
            connect: { timeout: options.connectTimeoutMs },
            // Counted once the whole request is sent: an upload takes what it takes.
            headersTimeout: options.responseTimeoutMs,
            // A streamed answer may pause as long as it likes (the services' own business).
            bodyTimeout: 0,
          }),
          base: target.pathname.replace(/\/+$/, ''),
          host: target.protocol === 'https:' ? target.host : undefined,
          upgrader: this.createUpgrader(name, url),
          skipped: false,
        };
      });
      this.upstreams.set(name, new Replicas(replicas));
    }
  }

  /**
   * Proxies an HTTP request (its headers already prepared, see forwarding.ts). `own` are the
   * gateway's response headers for it (lower-case names); a failure is answered in the envelope,
   * a service that has not answered within `deadlineMs` with a 504.
   */
  web(
    upstream: UpstreamName,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    own: Record<string, string>,
    requestId: string,
    deadlineMs: number = this.options.responseTimeoutMs,
  ): void {
    const replica = this.upstreams.get(upstream)!.pick()!;
    const withBody = hasBody(req);
    // undici frames the body itself (chunked, or by the Content-Length kept), and Node has
    // already answered a client's Expect: 100-continue.
    delete req.headers['transfer-encoding'];
    delete req.headers.expect;
    for (const field of traceContextHeaders()) delete req.headers[field];
    this.vouch(req);
    this.send({ upstream, replica, req, res, own, requestId, withBody, deadlineMs, staleRetries: 0, elsewhere: false });
  }

  private send(call: {
    upstream: UpstreamName;
    replica: Replica;
    req: http.IncomingMessage;
    res: http.ServerResponse;
    own: Record<string, string>;
    requestId: string;
    withBody: boolean;
    deadlineMs: number;
    staleRetries: number;
    /** Already sent to another replica after a failed connection. */
    elsewhere: boolean;
  }): void {
    const { upstream, replica, req, res, own, requestId, withBody, deadlineMs } = call;
    let controller: Dispatcher.DispatchController | undefined;
    // The caller went away while the service was still working: stop waiting for it.
    let abandoned = false;
    const abandon = () => {
      if (res.writableFinished) return;
      abandoned = true;
      controller?.abort(new Error('the caller went away'));
    };
    // A response closes once: `on` spares the wrapper `once` makes per call.
    res.on('close', abandon);
    const resume = () => controller?.resume();
    if (replica.host) req.headers.host = replica.host;
    replica.pool.dispatch(
      {
        path: replica.base + req.url,
        method: req.method as Dispatcher.HttpMethod,
        headers: req.headers,
        body: withBody ? req : null,
        headersTimeout: deadlineMs,
      },
      {
        onRequestStart: (c) => {
          controller = c;
          if (abandoned) c.abort(new Error('the caller went away'));
        },
        onResponseStart: (_c, status, headers, statusMessage) => {
          if (status < 200) return; // an informational answer: the real one follows
          res.writeHead(status, statusMessage, answerHeaders(own, headers));
        },
        onResponseData: (c, chunk) => {
          if (!res.write(chunk)) {
            c.pause();
            res.once('drain', resume);
          }
        },
        onResponseEnd: () => {
          res.off('close', abandon);
          res.end();
        },
        onResponseError: (_c, err: NodeJS.ErrnoException) => {
          res.off('close', abandon);
          if (abandoned) return;
          if (UNREACHABLE.has(err.code ?? '')) {
            const replicas = this.upstreams.get(upstream)!;
            replicas.refused(replica);
            // Nothing reached the replica (undici reads a body only once connected): another may take it, once.
            const other = !call.elsewhere && !res.headersSent && mayTryAnotherReplica(req, err.code) ? replicas.pick(replica) : undefined;
            if (other) return this.send({ ...call, replica: other, staleRetries: 0, elsewhere: true });
          }
          // A connection cut: the replica died (its other pooled connections are dead too, so it
          // leaves the rotation until its /readyz answers, within a second if it lives), or closed
          // it while idle (a race with its keep-alive timeout). A GET or HEAD without a body is sent
          // again, to another replica when there is one, at most a few times.
          const stale = err.code === 'UND_ERR_SOCKET' || err.code === 'ECONNRESET';
          if (stale) {
            const replicas = this.upstreams.get(upstream)!;
            replicas.refused(replica);
            if (!withBody && (req.method === 'GET' || req.method === 'HEAD') && !res.headersSent && call.staleRetries < MAX_STALE_RETRIES) {
              return this.send({ ...call, replica: replicas.pick(replica) ?? replica, staleRetries: call.staleRetries + 1 });
            }
          }
          this.options.logger.warn(
            { request_id: requestId, upstream, code: err.code, method: req.method, path: req.url?.split('?')[0], deadline_ms: deadlineMs },
            'upstream request failed',
          );
          if (res.headersSent) res.destroy();
          else sendEnvelope(res, upstreamError(err, upstream), own);
        },
      },
    );
  }

  /** Proxies a websocket upgrade. */
  upgrade(upstream: UpstreamName, req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    this.vouch(req);
    this.upstreams
      .get(upstream)!
      .pick()!
      .upgrader.upgrade(req, socket as never, head);
  }

  /** The gateway's proof replaces whatever the client sent under that name. */
  private vouch(req: http.IncomingMessage): void {
    if (this.options.gatewayProof) req.headers[GATEWAY_PROOF_HEADER] = this.options.gatewayProof.current();
    else delete req.headers[GATEWAY_PROOF_HEADER];
  }

  close(): void {
    for (const replicas of this.upstreams.values()) replicas.close();
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  private createUpgrader(upstream: UpstreamName, target: string): RequestHandler {
    const secure = target.startsWith('https:');
    const { logger } = this.options;
    return createProxyMiddleware({
      target,
      agent: secure ? this.agents.https : this.agents.http,
      changeOrigin: secure,
      xfwd: false,
      ws: false, // upgrades are routed explicitly by the gateway (see app.ts), not by HPM's own listener
      on: {
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
          logger.warn({ upstream, code: err.code, method: req.method, path: req.url?.split('?')[0] }, 'upstream request failed');
          const socket = res as Duplex;
          if (!this.upgraded.has(socket) && socket.writable) {
            const failure = upstreamError(err, upstream);
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
