import { Counter, CounterStore } from './counters';

export interface ConfirmationLimitSettings {
  /** Wrong codes for one e-mail before its codes are refused for the rest of the lockout. */
  codeFailures: number;
  lockoutSeconds: number;
  /** Wrong codes for one e-mail a day, across codes. */
  codeFailuresPerDay: number;
  resendIntervalSeconds: number;
}

/**
 * Bounds on guessing a 6-digit code and on mailing it again. Wrong codes are counted per e-mail,
 * across resends (a new code brings no new guesses): a few, then a short lockout; a daily cap
 * above that. Nothing burns a code: after the lockout the right one works, the link (256 bits,
 * not guessable) always does, and the signed-in owner's fresh code lifts both counts. Resends are
 * limited per e-mail for anyone, and apart from that per account for its signed-in owner, so
 * nobody else can use up the owner's.
 */
export class ConfirmationLimits {
  private readonly wrongCodes: Counter;
  private readonly wrongCodesToday: Counter;
  private readonly resends: Counter;
  private readonly ownerResends: Counter;

  constructor(store: CounterStore, settings: ConfirmationLimitSettings) {
    this.wrongCodes = new Counter(store, 'code-failures', settings.codeFailures, settings.lockoutSeconds);
    this.wrongCodesToday = new Counter(store, 'code-failures-day', settings.codeFailuresPerDay, 24 * 3600);
    this.resends = new Counter(store, 'resend', 1, settings.resendIntervalSeconds);
    this.ownerResends = new Counter(store, 'resend-owner', 1, settings.resendIntervalSeconds);
  }

  /**
   * Counts a code tried for `email` before it is checked, so codes sent at once cannot all slip
   * past the limit (a right one ends the confirmation, so only wrong ones add up); seconds to
   * wait, with nothing checked or counted, or 0.
   */
  async codeAttempt(email: string): Promise<number> {
    const held = Math.max(...(await Promise.all([this.wrongCodes.wait(email), this.wrongCodesToday.wait(email)])));
    if (held > 0) return held;
    return Math.max(...(await Promise.all([this.wrongCodes.take(email), this.wrongCodesToday.take(email)])));
  }

  /** Counts a resend to `email` by anyone; seconds to wait, or 0. */
  resend(email: string): Promise<number> {
    return this.resends.take(email);
  }

  /** Counts a resend by the signed-in owner of account `userId`; seconds to wait, or 0. */
  ownerResend(userId: string): Promise<number> {
    return this.ownerResends.take(userId);
  }

  /** The owner has a fresh code: guesses at the earlier ones no longer hold it back. */
  async freshCode(email: string): Promise<void> {
    await Promise.all([this.wrongCodes.clear(email), this.wrongCodesToday.clear(email)]);
  }
}
