import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { KeyStore } from '../keys/key-store';
import { MailModule } from '../mail/mail.module';
import { AccountsController } from './accounts.controller';
import { AccountsRepository } from './accounts.repository';
import { Confirmations } from './confirmations';
import { RecoveryService } from './recovery.service';
import { RevocationsController } from './revocations.controller';
import { SessionTokens } from './session-tokens';
import { SignInService } from './sign-in.service';
import { SignUpService } from './sign-up.service';
import { UserService } from './user.service';

/** Tokens, users and errors are nobody's to cache (the JWKS route sets its own public max-age). */
const noStore = (_req: Request, res: Response, next: NextFunction) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

@Module({
  imports: [MailModule],
  controllers: [AccountsController, RevocationsController],
  providers: [AccountsRepository, Confirmations, KeyStore, SessionTokens, SignUpService, SignInService, RecoveryService, UserService],
  exports: [AccountsRepository, MailModule],
})
export class AccountsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(noStore).forRoutes(AccountsController);
  }
}
