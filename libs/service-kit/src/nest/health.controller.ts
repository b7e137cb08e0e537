import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from './auth.guard';
import { Database } from '../db/database';
import { AppError } from '../errors';
import { EventBus } from '../events/event-bus';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../http/envelope';
import { Readiness } from '../readiness';

/**
 * Liveness (the process answers) and readiness (its database answers; its broker away only
 * degrades it, see readiness.ts). Neither is routed by the gateway: only the platform asks them.
 */
@Controller()
@Public()
export class HealthController {
  private readonly readiness: Readiness;

  constructor(@Inject(Database) db: Database, @Inject(EventBus) events: EventBus) {
    this.readiness = new Readiness(db, events.transport);
  }

  @Get('healthz')
  health() {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready() {
    const { ready, degraded, database, broker, transport } = await this.readiness.check();
    if (!ready) {
      throw new AppError('upstream_unavailable', `not ready: database ${database}, broker ${broker}`, { database, broker }, 503, {
        'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
      });
    }
    return { status: degraded ? 'degraded' : 'ready', database, events: transport, broker };
  }
}
