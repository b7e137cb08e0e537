import { randomUUID } from 'node:crypto';
import { context } from '@opentelemetry/api';
import express, { NextFunction, Request, Response } from 'express';
import { limits } from '@app/contracts';
import { requestContext } from '../context';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { sendError, toAppError } from './exception.filter';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes the gateway's request id (or makes one), logs one line per request with its outcome. */
export function requestLogging(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    requestContext.run({ requestId }, () => {
      const store = requestContext.getStore();
      // 'finish' fires outside this request's async context: log in its trace context (trace ids).
      const traced = context.active();
      res.on('finish', () => {
        if (req.path === '/healthz' || req.path === '/readyz') return;
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        context.with(traced, () =>
          logger.info(
            { request_id: requestId, user_id: store?.userId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
            'request',
          ),
        );
      });
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
