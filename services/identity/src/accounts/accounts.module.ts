import { Module } from '@nestjs/common';
import { KeyStore } from '../keys/key-store';
import { AccountsController } from './accounts.controller';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';

@Module({
  controllers: [AccountsController],
  providers: [AccountsRepository, AccountsService, KeyStore],
  exports: [AccountsRepository],
})
export class AccountsModule {}
