import type { EventBus } from '@app/service-kit';
import type { AccountsRepository } from './accounts.repository';
import { normalizeEmail } from './email';

/**
 * Deletes an account and announces identity.user.deleted in the same transaction, so every
 * service erases that user's data (architecture: events). Its refresh tokens stop working at once,
 * and its access tokens once the gateway and services next poll the revocation list.
 */
export async function deleteAccount(accounts: AccountsRepository, events: EventBus, email: string, tokenTtlSeconds: number): Promise<string | undefined> {
  return accounts.db.transaction(async (tx) => {
    const userId = await accounts.deleteByEmail(tx, normalizeEmail(email), tokenTtlSeconds);
    if (userId) await events.record(tx, 'identity.user.deleted', { user_id: userId });
    return userId;
  });
}
