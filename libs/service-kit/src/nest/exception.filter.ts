import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import { errorEnvelope, ErrorCode } from '@app/contracts';
import type { Response } from 'express';
import type { Logger } from '../logger';
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

/** Turns every failure into the contract's envelope; a 500 says nothing of SQL, stacks or secrets. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status === 404) return new AppError('not_found', 'Route not found');
    const code = byStatus[status] ?? 'internal';
    return new AppError(code, code === 'internal' ? 'Internal server error' : error.message, undefined, status);
  }
  const bodyParserError = error as { type?: string; status?: number };
  if (bodyParserError?.type === 'entity.too.large') return new AppError('payload_too_large', 'Request body is larger than 100 KB');
  if (bodyParserError?.type === 'entity.parse.failed') return new AppError('validation_failed', 'Request body is not valid JSON');
  if (bodyParserError?.type === 'charset.unsupported' || bodyParserError?.type === 'encoding.unsupported') {
    return new AppError('unsupported_media_type', 'Unsupported request encoding');
  }
  return new AppError('internal', 'Internal server error');
}

@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const error = toAppError(exception);
    if (error.status >= 500) this.logger.error({ err: exception }, 'request failed');
    sendError(response, error);
  }
}

export function sendError(response: Response, error: AppError): void {
  if (response.headersSent) return;
  for (const [name, value] of Object.entries(error.headers)) response.setHeader(name, value);
  response.status(error.status).json(errorEnvelope(error.code, error.message, error.fields));
}
