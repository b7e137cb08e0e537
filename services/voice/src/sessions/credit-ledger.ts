import { Inject, Injectable } from '@nestjs/common';
import { AuthUser, Credits, voiceConstants, voiceMessages } from '@app/contracts';
import { AppError, SERVICE_CONFIG, Tx, unauthorized } from '@app/service-kit';
import { CLOCK, Clock } from '../clock';
import type { VoiceConfig } from '../config';
import { allowanceMonth, nextTopUp } from './allowance';
import { CreditLedgerRepository } from './credit-ledger.repository';

/** A user's credits: the starter grant, the monthly allowance, a session's debit and its refund. */
@Injectable()
export class CreditLedger {
  constructor(
    private readonly ledger: CreditLedgerRepository,
    @Inject(SERVICE_CONFIG) private readonly config: VoiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Starter credits for a new account, once, whoever comes first: the sign-up event or a first use. */
  async grantStarterCredits(tx: Tx, userId: string): Promise<void> {
    if (await this.ledger.isErased(tx, userId)) return;
    await this.ledger.ensureAccount(tx, userId, this.config.VOICE_STARTER_CREDITS, allowanceMonth(this.clock.now()));
  }

  /** The balance, after this month's allowance (the first read of a month is a use that settles it). */
  async credits(user: AuthUser): Promise<Credits> {
    return this.ledger.db.transaction(async (tx) => {
      const now = await this.ensureUsable(tx, user.id);
      return {
        balance: await this.ledger.balance(tx, user.id),
        monthly_allowance: this.config.VOICE_MONTHLY_CREDITS,
        next_top_up_at: nextTopUp(now).toISOString(),
      };
    });
  }

  /**
   * A deleted account's token still works until it expires; it must not get credits back. Otherwise
   * the account exists (starter credits) and this month's allowance is settled. Answers the time it
   * judged the month by.
   */
  async ensureUsable(tx: Tx, userId: string): Promise<number> {
    if (await this.ledger.isErased(tx, userId)) throw unauthorized(voiceMessages.deletedAccount);
    const now = this.clock.now();
    const month = allowanceMonth(now);
    await this.ledger.ensureAccount(tx, userId, this.config.VOICE_STARTER_CREDITS, month);
    await this.ledger.settleAllowance(tx, userId, month, this.config.VOICE_MONTHLY_CREDITS);
    return now;
  }

  /** Holds the user's account until the transaction ends, so concurrent starts see each other's debits. */
  lockAccount(tx: Tx, userId: string): Promise<void> {
    return this.ledger.lockAccount(tx, userId);
  }

  async ensureCanPay(tx: Tx, userId: string): Promise<void> {
    if ((await this.ledger.balance(tx, userId)) < voiceConstants.creditsPerSession) {
      throw new AppError('insufficient_credits', voiceMessages.insufficientCredits);
    }
  }

  debit(tx: Tx, userId: string, sessionId: string): Promise<void> {
    return this.ledger.debit(tx, userId, sessionId, voiceConstants.creditsPerSession);
  }

  /** A session's credits back, once however often it is asked (a call that never really took place). */
  refund(tx: Tx, userId: string, sessionId: string): Promise<void> {
    return this.ledger.refund(tx, userId, sessionId, voiceConstants.creditsPerSession);
  }

  erase(tx: Tx, userId: string): Promise<void> {
    return this.ledger.erase(tx, userId);
  }
}
