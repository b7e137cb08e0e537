import { ArgumentsHost, Catch, ExceptionFilter, Inject, Injectable } from '@nestjs/common';
import { AppError, gotrueErrorBody, gotrueErrorCode, LOGGER, Logger, toAppError } from '@app/service-kit';
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

@Catch()
@Injectable()
export class GoTrueErrorFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const error = exception instanceof GoTrueError ? exception : fromAppError(toAppError(exception));
    // What the caller reads says nothing of the cause (a database down, a bug): the operator's log does.
    if (error.status === 503) this.logger.warn({ err: (exception as Error)?.message }, 'dependency unavailable');
    else if (error.status >= 500) this.logger.error({ err: exception }, 'request failed');
    for (const [name, value] of Object.entries(error.headers)) response.setHeader(name, value);
    response.setHeader('x-sb-error-code', error.errorCode);
    response.status(error.status).json(gotrueErrorBody(error.status, error.errorCode, error.message, error.extra));
  }
}

function fromAppError(error: AppError): GoTrueError {
  return new GoTrueError(error.status, gotrueErrorCode(error.code), error.message, {}, error.headers);
}
