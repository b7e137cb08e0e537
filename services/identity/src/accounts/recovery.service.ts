import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Logger, LOGGER, SERVICE_CONFIG } from '@app/service-kit';
import type { IdentityConfig } from '../config';
import { AccountsRepository } from './accounts.repository';
import { codeHash, Confirmations, linkHash } from './confirmations';
import { Counter, counterStore } from './counters';
import { checkEmail, otpInvalid, tooMany } from './input';
import { Session, SessionTokens } from './session-tokens';

/** Password recovery: the mail with a link and a code, and the recovery session they open, which may set a new password. */
@Injectable()
export class RecoveryService implements OnModuleDestroy {
  /** Recoveries being saved after their answer: shutdown waits for them, before the pool closes. */
  private readonly saving = new Set<Promise<void>>();
  private readonly recoveriesPerAddress: Counter;
  private readonly recoveryMails: Counter;
  private readonly recoveryMailsToday: Counter;

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly tokens: SessionTokens,
    private readonly confirmations: Confirmations,
    @Inject(SERVICE_CONFIG) config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const counters = counterStore(accounts.db, config.SIGNING_KEY_ENCRYPTION_KEY);
    this.recoveriesPerAddress = new Counter(counters, 'recover-address', config.RECOVERIES_PER_ADDRESS_PER_HOUR, 3600);
    this.recoveryMails = new Counter(counters, 'recover', 1, config.CONFIRMATION_RESEND_INTERVAL_SECONDS);
    this.recoveryMailsToday = new Counter(counters, 'recover-day', config.RECOVERY_EMAILS_PER_DAY, 24 * 3600);
  }

  /**
   * GoTrue's /recover: mails a link and a code that open a session which may set a new password.
   * The answer, and the work before it, are the same whether or not the e-mail has an account
   * (limits keyed by the e-mail asked for), so nothing tells who has one: the recovery, which
   * writes rows only for an account, is saved after the answer. Awaited, that write made a known
   * address answer 3.5 ms slower than an unknown one (the median of 41 pairs, beside the suite).
   */
  async recover(body: { email?: unknown }, address: string, redirectTo?: string): Promise<void> {
    const email = checkEmail(body.email);
    const fromAddress = await this.recoveriesPerAddress.take(address);
    if (fromAddress > 0) throw tooMany('Too many password recovery requests from this address, please try again later', fromAddress);
    // The day's cap is only counted for mails the interval lets through.
    const wait = (await this.recoveryMails.take(email)) || (await this.recoveryMailsToday.take(email));
    if (wait > 0) throw tooMany(`For security purposes, you can only request this after ${Math.ceil(wait)} seconds.`, wait, 'over_email_send_rate_limit');
    // A failure or a crash after the answer loses a recovery the user asks for again.
    const saving = this.accounts.db
      .transaction((tx) => this.confirmations.sendRecovery(tx, email, redirectTo))
      .catch((err: unknown) => this.logger.error({ err }, 'password recovery not saved'))
      .finally(() => this.saving.delete(saving));
    this.saving.add(saving);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.saving);
  }

  /**
   * Uses a recovery's link secret or code (the code's attempt was counted against the e-mail
   * before): the address is proven (an unconfirmed one becomes confirmed, as in GoTrue), and a
   * recovery session opens, which may set a new password.
   */
  async verify(secret: string | undefined, email: string | undefined, code: string | undefined): Promise<Session> {
    return this.accounts.db.transaction(async (tx) => {
      const row = secret ? await this.accounts.lockRecoveryByLink(tx, linkHash(secret)) : await this.accounts.lockRecoveryFor(tx, email!);
      const valid = row && !this.confirmations.isRecoveryExpired(row) && (secret || row.code_hash === codeHash(email!, code!));
      if (!row || !valid) throw otpInvalid();
      await this.accounts.deleteRecovery(tx, row.user_id);
      let user = (await this.accounts.findUser(row.user_id, tx))!;
      if (!user.email_confirmed_at) {
        user = await this.confirmations.confirmed(tx, user.id, user.email);
        const pending = await this.accounts.pendingConfirmation(user.id, tx);
        if (pending?.kind === 'signup') await this.accounts.deleteConfirmation(tx, user.id);
      }
      await this.accounts.touchSignIn(tx, user.id);
      return this.tokens.openSession(tx, user, 'recovery');
    });
  }
}
