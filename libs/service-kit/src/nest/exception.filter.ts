import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { sendError, toAppError } from '../http/envelope';
import type { Logger } from '../logger';

/** Every failure of a Nest handler in the contract's envelope. */
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
