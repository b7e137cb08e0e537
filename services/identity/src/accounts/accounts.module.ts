import { Inject, MiddlewareConsumer, Module, NestModule, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { SERVICE_CONFIG } from '@app/service-kit';
import type { NextFunction, Request, Response } from 'express';
import { KeyStore } from '../keys/key-store';
import { Mailer } from '../mail/mailer';
import type { IdentityConfig } from '../service';
import { AccountsController } from './accounts.controller';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { Confirmations } from './confirmations';
import { RevocationsController } from './revocations.controller';

/** Tokens, users and errors are nobody's to cache (the JWKS route sets its own public max-age). */
const noStore = (_req: Request, res: Response, next: NextFunction) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

@Module({
  controllers: [AccountsController, RevocationsController],
  providers: [AccountsRepository, AccountsService, Confirmations, KeyStore, Mailer],
  exports: [AccountsRepository],
})
export class AccountsModule implements NestModule, OnModuleInit {
  constructor(
    private readonly adapter: HttpAdapterHost,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(noStore).forRoutes(AccountsController);
  }

  onModuleInit(): void {
    // req.ip then believes X-Forwarded-For only from the proxies named in TRUST_PROXY.
    (this.adapter.httpAdapter.getInstance() as { set(name: string, value: unknown): void }).set('trust proxy', this.config.TRUST_PROXY);
  }
}
