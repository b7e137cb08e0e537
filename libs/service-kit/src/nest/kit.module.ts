import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard';
import { TokenVerifier } from '../auth/token-verifier';
import type { BaseConfig } from '../config';
import { Database } from '../db/database';
import { UserShares } from '../db/user-shares';
import { EventBus } from '../events/event-bus';
import { JobRunner } from '../jobs/job-runner';
import { HealthController } from './health.controller';
import type { Logger } from '../logger';
import { LOGGER, SERVICE_CONFIG } from './tokens';

export { LOGGER, SERVICE_CONFIG };

export interface ServiceRuntime {
  config: BaseConfig & Record<string, unknown>;
  logger: Logger;
  db: Database;
  events: EventBus;
  verifier: TokenVerifier;
  jobs: JobRunner;
  shares: UserShares;
}

/** Makes the service's plumbing injectable everywhere and guards every route by default (token, then the user's share of requests). */
@Global()
@Module({})
export class ServiceKitModule {
  static forRoot(runtime: ServiceRuntime): DynamicModule {
    const providers = [
      { provide: SERVICE_CONFIG, useValue: runtime.config },
      { provide: LOGGER, useValue: runtime.logger },
      { provide: Database, useValue: runtime.db },
      { provide: EventBus, useValue: runtime.events },
      { provide: TokenVerifier, useValue: runtime.verifier },
      { provide: JobRunner, useValue: runtime.jobs },
      // The users' shares, counted across replicas: a service that checks its own tokens (identity) meters its callers with them too.
      { provide: UserShares, useValue: runtime.shares },
    ];
    return {
      module: ServiceKitModule,
      controllers: [HealthController],
      providers: [...providers, { provide: APP_GUARD, useClass: AuthGuard }],
      exports: providers.map((p) => p.provide),
    };
  }
}
