import { Inject, Injectable } from '@nestjs/common';
import { AuthUser, Notification, notificationMessages, notificationsPage } from '@app/contracts';
import { decodePageCursor, encodePageCursor, EventBus, notFound, Tx } from '@app/service-kit';
import { NotificationContent, NotificationsRepository } from './notifications.repository';

@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  /**
   * Stores one notification per recipient for the event `sourceEventId` and announces each stored
   * one (community.notification.created) in the same transaction; a redelivered event stores and
   * announces nothing.
   */
  async notify(tx: Tx, sourceEventId: string, userIds: string[], content: NotificationContent): Promise<void> {
    const stored = await this.notifications.store(tx, sourceEventId, userIds, content);
    await this.events.recordAll(tx, 'community.notification.created', stored);
  }

  async list(user: AuthUser, query: { limit?: number; cursor?: string }): Promise<{ items: Notification[]; next?: string }> {
    const limit = query.limit ?? notificationsPage;
    const after = query.cursor ? decodePageCursor(query.cursor, notificationMessages.cursor) : undefined;
    // One row more than asked says whether another page follows.
    const rows = await this.notifications.page(user.id, limit + 1, after);
    const items = rows.slice(0, limit);
    return { items: items.map((r) => r.notification), next: rows.length > limit ? encodePageCursor(items[items.length - 1].place) : undefined };
  }

  unreadCount(user: AuthUser): Promise<number> {
    return this.notifications.unreadCount(user.id);
  }

  async markRead(user: AuthUser, id: string): Promise<Notification> {
    const notification = await this.notifications.markRead(user.id, id);
    if (!notification) throw notFound(notificationMessages.notFound);
    return notification;
  }

  async markAllRead(user: AuthUser): Promise<number> {
    await this.notifications.markAllRead(user.id);
    return this.notifications.unreadCount(user.id);
  }
}
