import { Module } from '@nestjs/common';
import { EmailNotificationsModule } from '../email-notifications/email-notifications.module';
import { MailModule } from '../mail/mail.module';
import { AskDigestEvents } from './ask-digest.events';

/** Ask a SWE's weekly digest mail, to the members who want it (identity holds the addresses). */
@Module({ imports: [MailModule, EmailNotificationsModule], controllers: [AskDigestEvents] })
export class AskDigestModule {}
