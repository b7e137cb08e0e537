import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ReviewDigestEvents } from './review-digest.events';

/** The daily e-mail of reviews due that practice prepares (identity holds the addresses and whether they are confirmed). */
@Module({ imports: [AccountsModule], controllers: [ReviewDigestEvents] })
export class ReviewDigestModule {}
