import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { FeatureUpdatesEvents } from './feature-updates.events';

/** E-mails about feature requests people follow on community's board (identity holds the addresses). */
@Module({ imports: [AccountsModule], controllers: [FeatureUpdatesEvents] })
export class FeatureUpdatesModule {}
