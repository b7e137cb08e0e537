import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { Observable, throwError } from 'rxjs';
import { sendError, toAppError } from '../http/envelope';
import type { Logger } from '../logger';

/**
 * Every failure of an HTTP handler in the contract's envelope. A failure of an event handler
 * (@EventPattern) reaches the EventBus as it was thrown, so its message is logged and the delivery
 * retried or parked.
 */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void | Observable<never> {
    if (host.getType() !== 'http') return throwError(() => exception);
    const response = host.switchToHttp().getResponse<Response>();
    const error = toAppError(exception);
    // An outage fails every request alike: one line each without the stack, so the log stays readable.
    if (error.code === 'upstream_unavailable') this.logger.warn({ err: (exception as Error)?.message }, 'dependency unavailable');
    else if (error.status >= 500) this.logger.error({ err: exception }, 'request failed');
    sendError(response, error);
  }
}
