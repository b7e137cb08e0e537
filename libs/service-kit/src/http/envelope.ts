import http from 'node:http';
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

/** Seconds a caller is asked to wait before retrying while a dependency is down. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * Postgres SQLSTATEs that say the database cannot serve now (connection exceptions 08xxx, shutdown
 * 57P01-57P03, insufficient resources 53xxx such as too many connections), and Node's socket codes
 * for a server that cannot be reached.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53...)$/;
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** node-postgres says these in words only: pool connect timeout, a connection lost mid-query. */
const UNAVAILABLE_MESSAGES = /^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Client was closed)/;
/**
 * Data exceptions (class 22) come from a value the client sent that a schema let through (a NUL
 * the edge missed, an out-of-range number): the caller's input, so a 400, not a 500.
 */
const INPUT_SQLSTATE = /^22...$/;

/** A dependency (the database) is down or saturated: worth retrying shortly, not a server bug. */
export function isUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNREACHABLE_CODES.has(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isUnavailable);
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}

export const unavailable = () =>
  new AppError('upstream_unavailable', 'The service is temporarily unavailable, please try again shortly', undefined, 503, {
    'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  });

/** What body-parser's errors (http-errors: a 4xx `status`, `expose` true) mean to the caller. */
function fromBodyParser(error: { type?: string; status?: number; code?: string }): AppError | undefined {
  switch (error.type) {
    case 'entity.too.large':
      return new AppError('payload_too_large', 'Request body is larger than 100 KB');
    case 'entity.parse.failed':
      return new AppError('validation_failed', 'Request body is not valid JSON');
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new AppError('unsupported_media_type', 'Unsupported request encoding');
  }
  if (typeof error.status !== 'number' || error.status < 400 || error.status >= 500 || (error as { expose?: unknown }).expose !== true) return undefined;
  // A body that fails to inflate (Content-Encoding: gzip that is not gzip) carries zlib's Z_* code.
  if (typeof error.code === 'string' && error.code.startsWith('Z_')) {
    return new AppError('validation_failed', 'Request body does not match its Content-Encoding');
  }
  if (error.status === 400) return new AppError('validation_failed', 'Request body could not be read');
  return undefined;
}

/** Turns every failure into the contract's envelope; a 500 says nothing of SQL, stacks or secrets. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const status = httpStatusOf(error);
  if (status !== undefined) {
    if (status === 404) return new AppError('not_found', 'Route not found');
    const code = byStatus[status] ?? 'internal';
    return new AppError(code, code === 'internal' ? 'Internal server error' : (error as Error).message, undefined, status);
  }
  const bodyParserError = error && typeof error === 'object' ? fromBodyParser(error) : undefined;
  if (bodyParserError) return bodyParserError;
  if (isUnavailable(error)) return unavailable();
  const sqlState = (error as { code?: unknown })?.code;
  if (typeof sqlState === 'string' && INPUT_SQLSTATE.test(sqlState)) {
    return new AppError('validation_failed', 'The request holds a value that cannot be stored');
  }
  return new AppError('internal', 'Internal server error');
}

/**
 * How an endpoint's failures look (its declaration's `errorShape`): the contract's envelope, or
 * GoTrue's `{code, error_code, msg}` with x-sb-error-code on identity's /auth/v1, so supabase-js
 * reports them as it would against a real Supabase project.
 */
export type ErrorShape = 'envelope' | 'gotrue';

const gotrueCodes: Partial<Record<ErrorCode, string>> = {
  validation_failed: 'validation_failed',
  unauthorized: 'no_authorization',
  not_found: 'not_found',
  payload_too_large: 'request_too_large',
  unsupported_media_type: 'validation_failed',
  rate_limited: 'over_request_rate_limit',
};
/** GoTrue's error_code for one of the contract's codes. */
export const gotrueErrorCode = (code: ErrorCode): string => gotrueCodes[code] ?? 'unexpected_failure';

/** GoTrue's body for a failure; `extra` adds fields GoTrue sends with some codes (e.g. weak_password's reasons). */
export const gotrueErrorBody = (status: number, errorCode: string, message: string, extra: Record<string, unknown> = {}) => ({
  code: status,
  error_code: errorCode,
  msg: message,
  ...extra,
});

/** The shape each path of a service answers failures in, from its declarations (identity's /auth/v1 paths have no parameters). */
export function errorShapeByPath(endpoints: ReadonlyArray<{ path: string; errorShape?: ErrorShape }>): (path: string) => ErrorShape {
  const gotrue = new Set(endpoints.filter((e) => e.errorShape === 'gotrue').map((e) => e.path));
  return (path) => (gotrue.has(path) ? 'gotrue' : 'envelope');
}

function errorBody(error: AppError, shape: ErrorShape): { body: string; headers: Record<string, string> } {
  if (shape === 'envelope') return { body: JSON.stringify(errorEnvelope(error.code, error.message, error.fields)), headers: error.headers };
  const errorCode = gotrueErrorCode(error.code);
  return { body: JSON.stringify(gotrueErrorBody(error.status, errorCode, error.message)), headers: { ...error.headers, 'x-sb-error-code': errorCode } };
}

/** Answers `error` in the contract's envelope (or GoTrue's shape), on any Node response (Express's included). */
export function sendError(response: http.ServerResponse, error: AppError, shape: ErrorShape = 'envelope'): void {
  if (response.headersSent) return;
  const { body, headers } = errorBody(error, shape);
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  response.statusCode = error.status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(body));
  response.end(body);
}

/** What Node's HTTP parser refuses before any handler sees the request. */
function clientErrorOf(error: NodeJS.ErrnoException): AppError {
  if (error.code === 'HPE_HEADER_OVERFLOW') return new AppError('validation_failed', 'Request headers are too large', undefined, 431);
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new AppError('validation_failed', 'Request took too long to arrive', undefined, 408);
  return new AppError('validation_failed', 'Malformed HTTP request');
}

/**
 * Node answers what its parser refuses (headers too large, a malformed request line) with an empty
 * 400/431; this answers them in the envelope instead, and closes the connection as Node does.
 */
export function answerClientErrors(server: http.Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    const appError = clientErrorOf(error);
    const { body, headers } = errorBody(appError, 'envelope');
    const lines = [
      `HTTP/1.1 ${appError.status} ${http.STATUS_CODES[appError.status] ?? 'Bad Request'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}
