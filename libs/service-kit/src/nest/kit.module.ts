import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard';
import { TokenVerifier } from '../auth/token-verifier';
import { TokenBuckets } from '../http/rate-limiter';
import type { BaseConfig } from '../config';
import { Database } from '../db/database';
import { EventBus } from '../events/event-bus';
import { HealthController } from './health.controller';
import type { Logger } from '../logger';

/** Injection tokens for what is not a class. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const LOGGER = Symbol('LOGGER');

export interface ServiceRuntime {
  config: BaseConfig & Record<string, unknown>;
  logger: Logger;
  db: Database;
  events: EventBus;
  verifier: TokenVerifier;
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
      // The users' shares: a service that checks its own tokens (identity) meters its callers with the same buckets.
      { provide: TokenBuckets, useValue: new TokenBuckets(runtime.config.USER_REQUESTS_PER_SECOND, runtime.config.USER_REQUEST_BURST) },
    ];
    return {
      module: ServiceKitModule,
      controllers: [HealthController],
      providers: [...providers, { provide: APP_GUARD, useClass: AuthGuard }],
      exports: providers.map((p) => p.provide),
    };
  }
}
