import { randomUUID } from 'node:crypto';
import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import express, { NextFunction, Request, Response } from 'express';
import pino from 'pino';
import { EndpointSpec, limits } from '@app/contracts';
import { requestContext } from '../context';
import { AppError, validationFailed } from '../errors';
import type { Logger } from '../logger';
import { ErrorShape, sendError, toAppError } from './envelope';
import { loggedPath } from './logged-path';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is well-formed (so one id follows a call across hops), else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

/** Probes answer every few seconds: a line each would bury the requests. */
export const isProbePath = (path: string) => path === '/healthz' || path === '/readyz';

/**
 * Starts the one access-log line a request gets (services and the gateway write the same one):
 * call the answer with the outcome once the response is finished. The line is written in the trace
 * context of the start, since 'finish' fires outside it: it carries the request's trace ids.
 * `path` is what loggedPath gives for the request (a caller that has resolved the route already
 * passes it): a route template on the API, never a path parameter nor the query string.
 */
export function startAccessLog(logger: Logger, requestId: string, method: string, path: string): (status: number, userId?: string) => void {
  const startedAt = performance.now();
  const traced = context.active();
  const access = accessLoggerOf(logger);
  return (status, userId) => {
    const ms = Math.round((performance.now() - startedAt) * 10) / 10;
    // Without telemetry there is no trace to carry (the root context): no context switch to pay
    // for, and nothing for the logger's mixin to add to the line.
    if (traced === ROOT_CONTEXT) return writeAccessLine(access, requestId, userId, method, path, status, ms);
    context.with(traced, () => access.info({ request_id: requestId, user_id: userId, method, path, status, ms }, 'request'));
  };
}

type PinoInternals = Record<symbol, unknown> & { levels: { values: Record<string, number> } };

/**
 * The access line as pino writes it through `access` (its level, time and bindings, the fields,
 * the message), put together here rather than by pino's pass over an object, serializers and
 * mixin: that pass was the gateway's largest cost of its own per call. Untraced lines only.
 */
function writeAccessLine(access: Logger, requestId: string, userId: string | undefined, method: string, path: string, status: number, ms: number): void {
  const own = access as unknown as PinoInternals;
  const { lsCacheSym, timeSym, chindingsSym, endSym, streamSym, needsMetadataGsym } = pino.symbols;
  const stream = own[streamSym] as { write(line: string): void; [needsMetadataGsym]?: boolean };
  // A multistream reads each line's level from the logger as it writes: pino's own path then.
  if (stream[needsMetadataGsym]) return access.info({ request_id: requestId, user_id: userId, method, path, status, ms }, 'request');
  if (!access.isLevelEnabled('info')) return;
  const user = userId === undefined ? '' : `,"user_id":${JSON.stringify(userId)}`;
  stream.write(
    `${(own[lsCacheSym] as Record<number, string>)[own.levels.values.info]}${(own[timeSym] as () => string)()}${own[chindingsSym] as string}` +
      `,"request_id":${JSON.stringify(requestId)}${user},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms},"msg":"request"${own[endSym] as string}`,
  );
}

const accessLoggers = new WeakMap<Logger, Logger>();

/**
 * `logger` without its redaction pass, made once per logger: an access line holds these fixed
 * fields and nothing secret, and redaction is about a third of what writing the line costs. Its
 * path is a route template already: the logger's own pass over paths (loggedPath) is skipped too.
 */
function accessLoggerOf(logger: Logger): Logger {
  let access = accessLoggers.get(logger);
  if (!access) {
    access = logger.child({}, { redact: { paths: [] }, serializers: { path: (path: string) => path } });
    accessLoggers.set(logger, access);
  }
  return access;
}

/** Takes the gateway's request id (or makes one), logs one line per request with its outcome. */
export function requestLogging(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', requestId);
    requestContext.run({ requestId }, () => {
      const store = requestContext.getStore();
      if (!isProbePath(req.path)) {
        const logged = startAccessLog(logger, requestId, req.method, loggedPath(req.path));
        res.on('finish', () => logged(res.statusCode, store?.userId));
      }
      next();
    });
  };
}

/** Deeper JSON than this is no form or record of ours; walking it further only risks the stack. */
export const BODY_DEPTH_MAX = 32;

/**
 * Why a parsed body cannot be taken, as the envelope's `fields` (the dotted path names the field),
 * else undefined: nested deeper than BODY_DEPTH_MAX, or a NUL character in a key or a string
 * (Postgres text cannot hold one; refused rather than stripped, so what is stored is what was sent).
 * Iterative, so no body can overflow the stack here.
 */
export function bodyProblem(body: unknown): Record<string, string> | undefined {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: body, path: [] }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, path } = item;
    const field = path.join('.') || '_';
    if (typeof value === 'string') {
      if (value.includes('\0')) return { [field]: 'Must not contain NUL characters' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= BODY_DEPTH_MAX) return { [field]: `Request body is nested too deeply (at most ${BODY_DEPTH_MAX} levels)` };
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\0')) return { [field]: 'Field names must not contain NUL characters' };
      pending.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

/** A request whose JSON body was read: `rawBody` holds its bytes as sent (see jsonBodies). */
export type RawBodyRequest = Request & { rawBody?: Buffer };

/** A one-click unsubscribe's form is one short field: flat (no a[b]=c), a kilobyte at most. */
const parseForm = express.urlencoded({ extended: false, limit: 1024, parameterLimit: 10 });

/** A NUL in the path or query, percent-encoded or not: no text column can take it. */
const NUL_IN_URL = /%00|\0/i;

const sizeText = (bytes: number) => (bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`);

/**
 * Bodies are JSON, at most 100 KB (or the larger bodyBytesMax an endpoint of `endpoints` declares),
 * at most BODY_DEPTH_MAX levels deep, without NUL characters; anything else is refused in the
 * envelope before a handler runs. The paths in `formPaths` (an endpoint declared with formBody:
 * RFC 8058's one-click unsubscribe) also take a small flat form.
 */
export function jsonBodies(
  shapeOf: (path: string) => ErrorShape = () => 'envelope',
  formPaths: ReadonlySet<string> = new Set(),
  endpoints: ReadonlyArray<Pick<EndpointSpec, 'method' | 'path' | 'bodyBytesMax'>> = [],
) {
  // The bytes as they came, kept beside the parsed body (it is the same buffer, already read):
  // a webhook's HMAC is over those bytes, which re-serialising the parsed JSON would not give back.
  const parserOf = (limit: number) =>
    express.json({
      limit,
      strict: false,
      verify: (req, _res, buf) => {
        (req as RawBodyRequest).rawBody = buf;
      },
    });
  const ordinary = { bytes: limits.bodyBytesMax, parse: parserOf(limits.bodyBytesMax) };
  const larger = endpoints
    .filter((e) => (e.bodyBytesMax ?? 0) > limits.bodyBytesMax)
    .map((e) => ({
      method: e.method,
      pattern: new RegExp(`^${e.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+')}/?$`),
      bytes: e.bodyBytesMax!,
      parse: parserOf(e.bodyBytesMax!),
    }));
  const boundOf = (req: Request) => larger.find((e) => e.method === req.method && e.pattern.test(req.path)) ?? ordinary;
  return (req: Request, res: Response, next: NextFunction) => {
    const refuse = (error: AppError) => sendError(res, error, shapeOf(req.path));
    if (NUL_IN_URL.test(req.url))
      return refuse(new AppError('validation_failed', 'The address must not contain NUL characters', { url: 'Must not contain NUL characters' }));
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && formPaths.has(req.path) && req.is('application/x-www-form-urlencoded')) {
      return parseForm(req, res, (err?: unknown) => (err ? refuse(toAppError(err)) : next()));
    }
    if (hasBody && !req.is('application/json') && !req.is('application/*+json')) {
      return refuse(new AppError('unsupported_media_type', 'Request body must be JSON (Content-Type: application/json)'));
    }
    const bound = boundOf(req);
    bound.parse(req, res, (err?: unknown) => {
      if (err) {
        const tooLarge = (err as { type?: string }).type === 'entity.too.large';
        return refuse(tooLarge ? new AppError('payload_too_large', `Request body is larger than ${sizeText(bound.bytes)}`) : toAppError(err));
      }
      const problem = bodyProblem(req.body);
      if (problem) return refuse(validationFailed(problem));
      next();
    });
  };
}
