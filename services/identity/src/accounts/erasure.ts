import type { EventBus } from '@app/service-kit';
import type { AccountsRepository } from './accounts.repository';

/**
 * Deletes an account and announces identity.user.deleted in the same transaction, so every
 * service erases that user's data (architecture: events). Its refresh tokens stop working at once;
 * access tokens already issued stay valid until they expire (ACCESS_TOKEN_TTL_SECONDS).
 */
export async function deleteAccount(accounts: AccountsRepository, events: EventBus, email: string): Promise<string | undefined> {
  return accounts.db.transaction(async (tx) => {
    const userId = await accounts.deleteByEmail(tx, email);
    if (userId) await events.record(tx, 'identity.user.deleted', { user_id: userId });
    return userId;
  });
}
