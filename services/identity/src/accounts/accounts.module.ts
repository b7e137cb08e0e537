import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { KeyStore } from '../keys/key-store';
import { Mailer } from '../mail/mailer';
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
  exports: [AccountsRepository, Mailer],
})
export class AccountsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(noStore).forRoutes(AccountsController);
  }
}
