import type http from 'node:http';
import { errorEnvelope, ErrorCode } from '@app/contracts';
import { AppError } from '../errors';

const byStatus: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** A framework's HTTP exception (Nest's HttpException) without depending on the framework. */
const httpStatusOf = (error: unknown): number | undefined =>
  typeof (error as { getStatus?: unknown })?.getStatus === 'function' ? (error as { getStatus(): number }).getStatus() : undefined;

/** Turns every failure into the contract's envelope; a 500 says nothing of SQL, stacks or secrets. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const status = httpStatusOf(error);
  if (status !== undefined) {
    if (status === 404) return new AppError('not_found', 'Route not found');
    const code = byStatus[status] ?? 'internal';
    return new AppError(code, code === 'internal' ? 'Internal server error' : (error as Error).message, undefined, status);
  }
  const bodyParserError = error as { type?: string; status?: number };
  if (bodyParserError?.type === 'entity.too.large') return new AppError('payload_too_large', 'Request body is larger than 100 KB');
  if (bodyParserError?.type === 'entity.parse.failed') return new AppError('validation_failed', 'Request body is not valid JSON');
  if (bodyParserError?.type === 'charset.unsupported' || bodyParserError?.type === 'encoding.unsupported') {
    return new AppError('unsupported_media_type', 'Unsupported request encoding');
  }
  return new AppError('internal', 'Internal server error');
}

/** Answers `error` in the contract's envelope, on any Node response (Express's included). */
export function sendError(response: http.ServerResponse, error: AppError): void {
  if (response.headersSent) return;
  for (const [name, value] of Object.entries(error.headers)) response.setHeader(name, value);
  const body = JSON.stringify(errorEnvelope(error.code, error.message, error.fields));
  response.statusCode = error.status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(body));
  response.end(body);
}
