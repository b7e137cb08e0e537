import { Inject, Injectable } from '@nestjs/common';
import type { SupabaseUserChange } from '@app/contracts';
import { Database, EventBus, Tx } from '@app/service-kit';

type IdentityEvent = 'identity.user.registered' | 'identity.user.deleted';
type AuthUser = NonNullable<SupabaseUserChange['record']>;

export interface WebhookOutcome {
  event: IdentityEvent | null;
  duplicate: boolean;
}

/**
 * Turns a real Supabase project's auth.users changes into the events the local identity emits
 * itself, so profiles, starter credits and erasure follow real-project accounts too.
 */
@Injectable()
export class SupabaseWebhookService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async handle(change: SupabaseUserChange): Promise<WebhookOutcome> {
    if (change.type === 'INSERT' && change.record) return this.announceOnce('identity.user.registered', change.record);
    if (change.type === 'DELETE' && change.old_record) return this.announceOnce('identity.user.deleted', change.old_record);
    return { event: null, duplicate: false };
  }

  /**
   * Supabase retries a delivery it did not see answered, and sends no delivery id: the change is
   * known by its kind and user, remembered in the kit's processed_events in the same transaction as
   * the outbox row, so a retry announces nothing twice.
   */
  private announceOnce(event: IdentityEvent, user: AuthUser): Promise<WebhookOutcome> {
    return this.db.transaction(async (tx) => {
      const fresh = await tx.query('INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        `supabase-webhook.${event}`,
        user.id,
      ]);
      if (fresh.rowCount === 0) return { event, duplicate: true };
      await this.record(tx, event, user);
      return { event, duplicate: false };
    });
  }

  private async record(tx: Tx, event: IdentityEvent, user: AuthUser): Promise<void> {
    if (event === 'identity.user.deleted') {
      await this.events.record(tx, event, { user_id: user.id });
      return;
    }
    await this.events.record(tx, event, { user_id: user.id, created_at: new Date(user.created_at).toISOString() });
  }
}
