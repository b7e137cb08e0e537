import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import { AppError, toAppError } from '@app/service-kit';
import type { Response } from 'express';

/**
 * An error as GoTrue answers it ({code, error_code, msg} and x-sb-error-code), so supabase-js
 * reports it as it would against a real Supabase project.
 */
export class GoTrueError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const codeFor: Record<string, string> = {
  validation_failed: 'validation_failed',
  unauthorized: 'no_authorization',
  not_found: 'not_found',
  payload_too_large: 'request_too_large',
  unsupported_media_type: 'validation_failed',
  rate_limited: 'over_request_rate_limit',
};

@Catch()
export class GoTrueErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const error = exception instanceof GoTrueError ? exception : fromAppError(toAppError(exception));
    for (const [name, value] of Object.entries(error.headers)) response.setHeader(name, value);
    response.setHeader('x-sb-error-code', error.errorCode);
    response.status(error.status).json({ code: error.status, error_code: error.errorCode, msg: error.message, ...error.extra });
  }
}

function fromAppError(error: AppError): GoTrueError {
  return new GoTrueError(error.status, codeFor[error.code] ?? 'unexpected_failure', error.message, {}, error.headers);
}
