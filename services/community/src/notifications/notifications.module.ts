import { Module } from '@nestjs/common';
import { NotificationChoices } from './notification-choices';
import { NotificationsController } from './notifications.controller';
import { NotificationsEvents } from './notifications.events';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/** The notifications bell: stored per user from board, moderation and other services' events. */
@Module({
  controllers: [NotificationsController, NotificationsEvents],
  providers: [NotificationChoices, NotificationsRepository, NotificationsService],
})
export class NotificationsModule {}
