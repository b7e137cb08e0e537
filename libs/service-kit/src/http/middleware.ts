import { randomUUID } from 'node:crypto';
import { context } from '@opentelemetry/api';
import express, { NextFunction, Request, Response } from 'express';
import { limits } from '@app/contracts';
import { requestContext } from '../context';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { sendError, toAppError } from './envelope';

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
 * `path` is without the query string (it may carry search terms or signed URLs).
 */
export function startAccessLog(logger: Logger, requestId: string, method: string, path: string): (status: number, userId?: string) => void {
  const startedAt = performance.now();
  const traced = context.active();
  const access = accessLoggerOf(logger);
  return (status, userId) => {
    const ms = Math.round((performance.now() - startedAt) * 10) / 10;
    context.with(traced, () => access.info({ request_id: requestId, user_id: userId, method, path, status, ms }, 'request'));
  };
}

const accessLoggers = new WeakMap<Logger, Logger>();

/**
 * `logger` without its redaction pass, made once per logger: an access line holds these fixed
 * fields and nothing secret, and redaction is about a third of what writing the line costs.
 */
function accessLoggerOf(logger: Logger): Logger {
  let access = accessLoggers.get(logger);
  if (!access) {
    access = logger.child({}, { redact: { paths: [] } });
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
        const logged = startAccessLog(logger, requestId, req.method, req.path);
        res.on('finish', () => logged(res.statusCode, store?.userId));
      }
      next();
    });
  };
}

/** Bodies are JSON, at most 100 KB; anything else is refused in the envelope before a handler runs. */
export function jsonBodies() {
  const parse = express.json({ limit: limits.bodyBytesMax, strict: false });
  return (req: Request, res: Response, next: NextFunction) => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && !req.is('application/json') && !req.is('application/*+json')) {
      return sendError(res, new AppError('unsupported_media_type', 'Request body must be JSON (Content-Type: application/json)'));
    }
    parse(req, res, (err?: unknown) => (err ? sendError(res, toAppError(err)) : next()));
  };
}
