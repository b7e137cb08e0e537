import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { MailModule } from '../mail/mail.module';
import { ReviewDigestEvents } from './review-digest.events';

/** The daily e-mail of reviews due that practice prepares (identity holds the addresses and whether they are confirmed). */
@Module({ imports: [AccountsModule, MailModule], controllers: [ReviewDigestEvents] })
export class ReviewDigestModule {}
