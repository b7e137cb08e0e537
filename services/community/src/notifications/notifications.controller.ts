import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AuthUser, communityApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedParams, ParsedQuery } from '@app/service-kit';
import { NotificationChoices } from './notification-choices';
import { NotificationsService } from './notifications.service';

/** The bell: each caller reads and marks only their own notifications, and chooses the kinds they get. */
@Controller()
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly choices: NotificationChoices,
  ) {}

  @Endpoint(communityApi.getInAppNotifications)
  settings(@CurrentUser() user: AuthUser) {
    return this.choices.settings(user.id);
  }

  @Endpoint(communityApi.setInAppNotification)
  async choose(@CurrentUser() user: AuthUser, @ParsedBody() { kind, enabled }: Input<typeof communityApi.setInAppNotification>['body']) {
    return { data: await this.choices.set(user.id, kind, enabled) };
  }

  @Endpoint(communityApi.listNotifications)
  async list(
    @CurrentUser() user: AuthUser,
    @ParsedQuery() query: Input<typeof communityApi.listNotifications>['query'],
    @Res({ passthrough: true }) res: Response,
  ) {
    const { items, next } = await this.notifications.list(user, query);
    if (next) res.setHeader('X-Next-Cursor', next);
    return items;
  }

  @Endpoint(communityApi.countUnreadNotifications)
  async unread(@CurrentUser() user: AuthUser) {
    return { unread: await this.notifications.unreadCount(user) };
  }

  @Endpoint(communityApi.markNotificationRead)
  async markRead(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Input<typeof communityApi.markNotificationRead>['params']) {
    return { data: await this.notifications.markRead(user, id) };
  }

  @Endpoint(communityApi.markAllNotificationsRead)
  async markAllRead(@CurrentUser() user: AuthUser) {
    return { unread: await this.notifications.markAllRead(user) };
  }
}
