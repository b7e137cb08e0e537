import { Module } from '@nestjs/common';
import { EmailNotificationsController } from './email-notifications.controller';
import { EmailNotifications } from './email-notifications.service';

/** Which e-mail each member wants, and the mail's "why you get this" and one-click unsubscribe. */
@Module({ controllers: [EmailNotificationsController], providers: [EmailNotifications], exports: [EmailNotifications] })
export class EmailNotificationsModule {}
