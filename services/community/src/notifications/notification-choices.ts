import { Inject, Injectable } from '@nestjs/common';
import { InAppNotificationKind, inAppNotificationKinds, InAppNotificationSettings } from '@app/contracts';
import { Database, isErased, Tx, unauthorized } from '@app/service-kit';

/** Which kinds of notification each member wants in the bell: every kind until they turn it off. */
@Injectable()
export class NotificationChoices {
  constructor(@Inject(Database) private readonly db: Database) {}

  async settings(userId: string): Promise<InAppNotificationSettings> {
    const { rows } = await this.db.query<{ kind: InAppNotificationKind; enabled: boolean }>(
      'SELECT kind, enabled FROM notification_choices WHERE user_id = $1',
      [userId],
    );
    const chosen = new Map(rows.map((r) => [r.kind, r.enabled]));
    return { settings: Object.fromEntries(inAppNotificationKinds.map((kind) => [kind, chosen.get(kind) ?? true])) as InAppNotificationSettings['settings'] };
  }

  async set(userId: string, kind: InAppNotificationKind, enabled: boolean): Promise<InAppNotificationSettings> {
    // A deleted account's access token works until it expires; it must not leave a row behind.
    if (await isErased(this.db, userId)) throw unauthorized('This account has been deleted');
    await this.db.query(
      `INSERT INTO notification_choices (user_id, kind, enabled) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, kind) DO UPDATE SET enabled = $3, chosen_at = now()`,
      [userId, kind, enabled],
    );
    return this.settings(userId);
  }

  /** Of `userIds`, those who have not turned `kind` off, read in the handler's transaction: a choice made before it counts. */
  async wanting(tx: Tx, kind: InAppNotificationKind, userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const { rows } = await tx.query<{ user_id: string }>(
      'SELECT user_id FROM notification_choices WHERE kind = $1 AND NOT enabled AND user_id = ANY($2::uuid[])',
      [kind, userIds],
    );
    const off = new Set(rows.map((r) => r.user_id));
    return userIds.filter((id) => !off.has(id));
  }
}
