import { Inject, Injectable } from '@nestjs/common';
import { Database, holdAccountLock, isErased, rememberErased, Tx } from '@app/service-kit';

type Queryable = Pick<Tx, 'query'>;

/** The credit accounts and their ledger: every grant, debit and refund is a row, the balance their sum. */
@Injectable()
export class CreditLedgerRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /** Whether the account was deleted, asked under its lock so that its erasure cannot interleave with what the caller does next. */
  async isErased(tx: Tx, userId: string): Promise<boolean> {
    await holdAccountLock(tx, userId);
    return isErased(tx, userId);
  }

  /**
   * Makes the user's ledger if it does not exist yet, with its starter grant in the same statement
   * pair: the account row is the marker, so a redelivered sign-up or a first use racing the event
   * grants once. The starter credits are `month`'s allowance. True when this call made it.
   */
  async ensureAccount(tx: Tx, userId: string, starterCredits: number, month: string): Promise<boolean> {
    const made = await tx.query('INSERT INTO credit_accounts (user_id, allowance_month) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, month]);
    if (!made.rowCount) return false;
    if (starterCredits > 0) {
      await this.grant(tx, userId, starterCredits, 'starter credits');
    }
    return true;
  }

  /**
   * The monthly allowance, once per calendar month: the first call in `month` moves the account's
   * settled month forward (taking its row lock, so a concurrent first use waits, then finds the month
   * settled) and tops the balance up to `allowance`, never above, nothing when it is already there.
   * Answers the credits granted.
   */
  async settleAllowance(tx: Tx, userId: string, month: string, allowance: number): Promise<number> {
    const settled = await tx.query('UPDATE credit_accounts SET allowance_month = $2 WHERE user_id = $1 AND allowance_month < $2', [userId, month]);
    if (!settled.rowCount) return 0;
    const topUp = allowance - (await this.balance(tx, userId));
    if (topUp <= 0) return 0;
    await this.grant(tx, userId, topUp, 'monthly_allowance');
    return topUp;
  }

  /** Credits given, with why (`starter credits`, `monthly_allowance`, the operator who granted them). */
  async grant(tx: Tx, userId: string, credits: number, note: string): Promise<void> {
    await tx.query(`INSERT INTO credit_ledger (user_id, kind, amount, note) VALUES ($1, 'grant', $2, $3)`, [userId, credits, note]);
  }

  /** Holds the user's account row until the transaction ends: debits of one user happen one at a time. */
  async lockAccount(tx: Tx, userId: string): Promise<void> {
    await tx.query('SELECT 1 FROM credit_accounts WHERE user_id = $1 FOR UPDATE', [userId]);
  }

  async balance(db: Queryable, userId: string): Promise<number> {
    const { rows } = await db.query<{ balance: number }>('SELECT COALESCE(sum(amount), 0)::int AS balance FROM credit_ledger WHERE user_id = $1', [userId]);
    return rows[0].balance;
  }

  /** A session's charge, in the transaction that records the session. */
  async debit(tx: Tx, userId: string, sessionId: string, credits: number): Promise<void> {
    await tx.query(`INSERT INTO credit_ledger (user_id, kind, amount, session_id) VALUES ($1, 'debit', $2, $3)`, [userId, -credits, sessionId]);
  }

  async refund(tx: Tx, userId: string, sessionId: string, credits: number): Promise<void> {
    await tx.query(
      `INSERT INTO credit_ledger (user_id, kind, amount, session_id) VALUES ($1, 'refund', $2, $3)
       ON CONFLICT (session_id, kind) WHERE session_id IS NOT NULL DO NOTHING`,
      [userId, credits, sessionId],
    );
  }

  /** The account was deleted: its sessions, transcripts and ledger go, and the id is remembered. */
  async erase(tx: Tx, userId: string): Promise<void> {
    await holdAccountLock(tx, userId);
    await tx.query('DELETE FROM credit_ledger WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM voice_sessions WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM credit_accounts WHERE user_id = $1', [userId]);
    await rememberErased(tx, userId);
  }
}
