import { Injectable, NestMiddleware } from '@nestjs/common';
import { AppError, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@app/service-kit';
import { LiveCalls } from './live-calls';

/**
 * /readyz of a replica draining its calls (shutting down): not ready, so Kubernetes and the gateway
 * send new calls to another replica while the running ones finish here. Otherwise the kit's own
 * check answers.
 */
@Injectable()
export class DrainingReadiness implements NestMiddleware {
  constructor(private readonly calls: LiveCalls) {}

  use(_req: unknown, _res: unknown, next: () => void): void {
    if (this.calls.takesNewCalls) return next();
    throw new AppError('upstream_unavailable', 'not ready: shutting down, its calls are draining', { calls: 'draining' }, 503, {
      'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    });
  }
}
