import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from './auth.guard';
import { Database } from '../db/database';
import { AppError } from '../errors';
import { EventBus } from '../events/event-bus';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../http/envelope';
import { Readiness } from '../readiness';
import type { BaseConfig } from '../config';
import { SERVICE_CONFIG } from './tokens';

/**
 * Liveness (the process answers) and readiness (its database answers; its broker away or silent,
 * or its outbox blocked, only degrades it, with the reasons, see readiness.ts). Neither is routed by the gateway: only the platform asks them.
 */
@Controller()
@Public()
export class HealthController {
  private readonly readiness: Readiness;

  constructor(@Inject(Database) db: Database, @Inject(EventBus) events: EventBus, @Inject(SERVICE_CONFIG) config: BaseConfig) {
    this.readiness = new Readiness(db, events.transport, events, {
      brokerSilenceSeconds: config.READINESS_BROKER_SILENCE_SECONDS,
      outboxAgeSeconds: config.READINESS_OUTBOX_AGE_SECONDS,
    });
  }

  @Get('healthz')
  health() {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready() {
    const { ready, degraded, database, broker, transport, reasons } = await this.readiness.check();
    if (!ready) {
      throw new AppError('upstream_unavailable', `not ready: database ${database}, broker ${broker}`, { database, broker }, 503, {
        'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
      });
    }
    return degraded ? { status: 'degraded', database, events: transport, broker, reasons } : { status: 'ready', database, events: transport, broker };
  }
}
