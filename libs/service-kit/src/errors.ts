import { ErrorCode, errorEnvelope, errorStatus, ErrorEnvelope } from '@app/contracts';

/** A failure meant for the caller: it becomes the contract's error envelope as it is. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly status: number = errorStatus[code],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toEnvelope(): ErrorEnvelope {
    return errorEnvelope(this.code, this.message, this.fields);
  }
}

export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const unauthorized = (message = 'Authentication required') => new AppError('unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('forbidden', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError('conflict', message, fields);
export const validationFailed = (fields: Record<string, string>) => new AppError('validation_failed', Object.values(fields)[0] ?? 'Invalid request', fields);
export const rateLimited = (retryAfterSeconds: number, message = 'Too many requests, please try again later') =>
  new AppError('rate_limited', message, undefined, 429, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
