import { Inject, Injectable } from '@nestjs/common';
import { clipNotificationText, collapsedNotificationTitles, notificationTitleMax } from '@app/contracts';
import type { EventData, Notification } from '@app/contracts';
import { cursorTime, Database, PagePosition, Tx } from '@app/service-kit';

interface Row {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  created_at: Date;
  read_at: Date | null;
  count: number;
  by_moderator: boolean;
  place: string;
}

const columns = `id, user_id, kind, title, body, link, created_at, read_at, count, by_moderator, ${cursorTime('created_at')} AS place`;

const toNotification = (row: Row): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  created_at: row.created_at.toISOString(),
  read_at: row.read_at?.toISOString() ?? null,
  count: row.count,
  by_moderator: row.by_moderator,
});

export type NotificationContent = Pick<Notification, 'kind' | 'title' | 'body' | 'link'> & {
  /** What it is about: with a collapsing kind, later ones about the same link collapse into the unread one. */
  subject?: string;
  by_moderator?: boolean;
};

/** The collapsed title's template, when this content collapses: its kind has one and it names a subject. */
const collapsedTitleOf = (content: NotificationContent): string | null => {
  const template = collapsedNotificationTitles[content.kind];
  return template && content.subject ? clipNotificationText(template(content.subject), notificationTitleMax) : null;
};
export type StoredNotification = EventData<'community.notification.created'>;

@Injectable()
export class NotificationsRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /**
   * One notification per recipient, keyed by the event it came from (the row names its latest):
   * a redelivered event adds nothing. A collapsing one whose recipient has an unread one of its kind
   * and link updates that instead: one more in the count, the count in the title, the latest body,
   * moved to the top. Deleted accounts get none. Answers the rows it stored or updated.
   */
  async store(tx: Tx, sourceEventId: string, userIds: string[], content: NotificationContent): Promise<StoredNotification[]> {
    const { rows } = await tx.query<Row>(
      `INSERT INTO notifications (user_id, kind, title, body, link, source_event_id, collapsed_title, by_moderator)
       SELECT u, $2, $3, $4, $5, $6, $7, $8 FROM unnest($1::uuid[]) u
       WHERE NOT EXISTS (SELECT 1 FROM erased_accounts e WHERE e.user_id = u)
         AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = u AND n.source_event_id = $6)
       ON CONFLICT (user_id, kind, link) WHERE read_at IS NULL AND collapsed_title IS NOT NULL DO UPDATE SET
         count = notifications.count + 1,
         title = regexp_replace(excluded.collapsed_title, '\\{count\\}', (notifications.count + 1)::text),
         collapsed_title = excluded.collapsed_title,
         body = excluded.body,
         by_moderator = excluded.by_moderator,
         source_event_id = excluded.source_event_id,
         created_at = now()
       RETURNING ${columns}`,
      [[...new Set(userIds)], content.kind, content.title, content.body, content.link, sourceEventId, collapsedTitleOf(content), content.by_moderator ?? false],
    );
    return rows.map((row) => {
      const { read_at: _unread, ...notification } = toNotification(row);
      return { ...notification, user_id: row.user_id };
    });
  }

  /** Up to `rows` of the user's notifications after `after`, newest first, each with its place (the next cursor). */
  async page(userId: string, rows: number, after: PagePosition | undefined): Promise<Array<{ notification: Notification; place: PagePosition }>> {
    const params: unknown[] = [userId, rows];
    const where = after ? `AND (created_at, id) < ($3::timestamptz, $4::uuid)` : '';
    if (after) params.push(after.createdAt, after.id);
    const result = await this.db.query<Row>(
      `SELECT ${columns} FROM notifications WHERE user_id = $1 ${where} ORDER BY created_at DESC, id DESC LIMIT $2`,
      params,
    );
    return result.rows.map((row) => ({ notification: toNotification(row), place: { createdAt: row.place, id: row.id } }));
  }

  async unreadCount(userId: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [userId]);
    return rows[0].n;
  }

  /** Marks the user's own notification read (keeping the first read time); undefined when they have no such notification. */
  async markRead(userId: string, id: string): Promise<Notification | undefined> {
    const { rows } = await this.db.query<Row>(
      `UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING ${columns}`,
      [id, userId],
    );
    return rows[0] && toNotification(rows[0]);
  }

  async markAllRead(userId: string): Promise<void> {
    await this.db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId]);
  }
}
