import { Module } from '@nestjs/common';
import { EmailNotificationsModule } from '../email-notifications/email-notifications.module';
import { MailModule } from '../mail/mail.module';
import { FeatureUpdatesEvents } from './feature-updates.events';

/** E-mails about community's feature board and moderation, to the members who want them (identity holds the addresses). */
@Module({ imports: [MailModule, EmailNotificationsModule], controllers: [FeatureUpdatesEvents] })
export class FeatureUpdatesModule {}
