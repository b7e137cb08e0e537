import { randomUUID } from 'node:crypto';
import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import express, { NextFunction, Request, Response } from 'express';
import { limits } from '@app/contracts';
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
    const line = { request_id: requestId, user_id: userId, method, path, status, ms };
    // Without telemetry there is no trace to carry (the root context): no context switch to pay for.
    if (traced === ROOT_CONTEXT) access.info(line, 'request');
    else context.with(traced, () => access.info(line, 'request'));
  };
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

/** A NUL in the path or query, percent-encoded or not: no text column can take it. */
const NUL_IN_URL = /%00|\0/i;

/**
 * Bodies are JSON, at most 100 KB, at most BODY_DEPTH_MAX levels deep, without NUL characters;
 * anything else is refused in the envelope before a handler runs.
 */
export function jsonBodies(shapeOf: (path: string) => ErrorShape = () => 'envelope') {
  // The bytes as they came, kept beside the parsed body (it is the same buffer, already read):
  // a webhook's HMAC is over those bytes, which re-serialising the parsed JSON would not give back.
  const parse = express.json({
    limit: limits.bodyBytesMax,
    strict: false,
    verify: (req, _res, buf) => {
      (req as RawBodyRequest).rawBody = buf;
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const refuse = (error: AppError) => sendError(res, error, shapeOf(req.path));
    if (NUL_IN_URL.test(req.url))
      return refuse(new AppError('validation_failed', 'The address must not contain NUL characters', { url: 'Must not contain NUL characters' }));
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && !req.is('application/json') && !req.is('application/*+json')) {
      return refuse(new AppError('unsupported_media_type', 'Request body must be JSON (Content-Type: application/json)'));
    }
    parse(req, res, (err?: unknown) => {
      if (err) return refuse(toAppError(err));
      const problem = bodyProblem(req.body);
      if (problem) return refuse(validationFailed(problem));
      next();
    });
  };
}
