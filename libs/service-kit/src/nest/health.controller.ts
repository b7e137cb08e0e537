import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from './auth.guard';
import { Database } from '../db/database';
import { AppError } from '../errors';
import { EventBus } from '../events/event-bus';

/** Liveness (the process answers) and readiness (its database and broker answer). */
@Controller()
@Public()
export class HealthController {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  @Get('healthz')
  health() {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready() {
    const database = await this.db.isReachable();
    const broker = this.events.transport.isReady();
    if (!database || !broker) {
      throw new AppError('upstream_unavailable', `not ready: database ${database ? 'up' : 'down'}, events ${broker ? 'up' : 'down'}`, undefined, 503);
    }
    return { status: 'ready', database: 'up', events: this.events.transport.kind };
  }
}
