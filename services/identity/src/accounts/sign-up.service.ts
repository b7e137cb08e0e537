import { Inject, Injectable } from '@nestjs/common';
import { userMetadataSchema } from '@app/contracts';
import { EventBus, SERVICE_CONFIG, Tx } from '@app/service-kit';
import { GoTrueError } from '../gotrue';
import type { IdentityConfig } from '../config';
import { AccountsRepository, ConfirmationRow, UserRow } from './accounts.repository';
import { ConfirmationLimits } from './confirmation-limits';
import { codeHash, Confirmations, linkHash } from './confirmations';
import { Counter, counterStore } from './counters';
import { normalizeEmail } from './email';
import { checkEmail, checkPassword, isRecord, otpInvalid, tooMany } from './input';
import { hashPassword } from './passwords';
import { PublicUser, toPublicUser } from './public-user';
import { RecoveryService } from './recovery.service';
import { Session, SessionTokens } from './session-tokens';

type VerifyType = 'signup' | 'email' | 'email_change' | 'recovery';
const verifyTypes: Record<string, VerifyType> = { signup: 'signup', email: 'email', email_change: 'email_change', recovery: 'recovery' };

/** GoTrue's `email` type stands for either kind of e-mail confirmation. */
const typeMatches = (type: VerifyType, kind: ConfirmationRow['kind']) => type === 'email' || type === kind;

/**
 * Sign-up and the confirmation of an address (a new account's, or a new e-mail's): the mail, its
 * link and code, mailing it again, and the bounds on guessing the code (a recovery's code too).
 */
@Injectable()
export class SignUpService {
  private readonly signUps: Counter;
  private readonly confirmationLimits: ConfirmationLimits;

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly tokens: SessionTokens,
    private readonly confirmations: Confirmations,
    private readonly recovery: RecoveryService,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {
    const counters = counterStore(accounts.db, config.SIGNING_KEY_ENCRYPTION_KEY);
    this.signUps = new Counter(counters, 'signup', config.SIGNUPS_PER_ADDRESS_PER_HOUR, 3600);
    this.confirmationLimits = new ConfirmationLimits(counters, {
      codeFailures: config.CONFIRMATION_CODE_FAILURES,
      lockoutSeconds: config.CONFIRMATION_CODE_LOCKOUT_SECONDS,
      codeFailuresPerDay: config.CONFIRMATION_CODE_FAILURES_PER_DAY,
      resendIntervalSeconds: config.CONFIRMATION_RESEND_INTERVAL_SECONDS,
    });
  }

  /**
   * Signs the user in at once (only what trusts the address waits) and mails the confirmation; with
   * EMAIL_CONFIRMATION_REQUIRED, answers the user alone, as GoTrue does, and the session waits for /verify.
   */
  async signUp(body: { email?: unknown; password?: unknown; data?: unknown }, address: string, redirectTo?: string): Promise<Session | PublicUser> {
    const wait = await this.signUps.take(address);
    if (wait > 0) throw tooMany('Too many sign-ups from this address, please try again later', wait);
    const email = checkEmail(body.email);
    const password = checkPassword(body.password);
    // As on PUT /user: bounded, and no full name claiming to speak for Thunderprep (it is shown on comments).
    const checked = userMetadataSchema.safeParse(isRecord(body.data) ? body.data : {});
    if (!checked.success) throw new GoTrueError(400, 'validation_failed', checked.error.issues[0].message);
    const metadata = checked.data;
    const passwordHash = await hashPassword(password);
    return this.accounts.db.transaction(async (tx) => {
      const user = await this.accounts.insertUser(tx, email, passwordHash, metadata);
      if (!user) throw new GoTrueError(422, 'user_already_exists', 'User already registered');
      await this.events.record(tx, 'identity.user.registered', { user_id: user.id, created_at: user.created_at.toISOString() });
      await this.confirmations.send(tx, user.id, 'signup', email, redirectTo);
      if (this.config.EMAIL_CONFIRMATION_REQUIRED) return toPublicUser(user, await this.accounts.pendingConfirmation(user.id, tx));
      return this.tokens.openSession(tx, user);
    });
  }

  /**
   * Uses a confirmation: the link's secret (`token_hash`, as supabase-js's verifyOtp sends it) or
   * the e-mail and its 6-digit code. The address becomes the account's, confirmed, and a session
   * is opened whose token says so (GoTrue answers /verify with a session too).
   */
  async verify(body: { type?: unknown; token_hash?: unknown; email?: unknown; token?: unknown }): Promise<Session> {
    const type = typeof body.type === 'string' ? verifyTypes[body.type] : undefined;
    if (!type) throw new GoTrueError(400, 'validation_failed', 'Verify requires a verification type');
    const secret = typeof body.token_hash === 'string' ? body.token_hash : undefined;
    const code = typeof body.token === 'string' ? body.token.trim() : undefined;
    const email = typeof body.email === 'string' ? normalizeEmail(body.email) : undefined;
    if (!secret && !(code && email)) throw new GoTrueError(400, 'validation_failed', 'Verify requires either a token_hash, or an email and a token');
    if (!secret) {
      // One count of wrong codes per e-mail, whichever mail they came from.
      const wait = await this.confirmationLimits.codeAttempt(email!);
      if (wait > 0) throw tooMany('Too many wrong codes: try again later, or use the link in the e-mail', wait);
    }
    if (type === 'recovery') return this.recovery.verify(secret, email, code);
    return this.accounts.db.transaction(async (tx) => {
      const row = secret ? await this.accounts.lockConfirmationByLink(tx, linkHash(secret)) : await this.lockByCode(tx, email!, code!);
      if (!row || this.confirmations.isExpired(row) || !typeMatches(type, row.kind)) throw otpInvalid();
      if (row.kind === 'email_change' && (await this.accounts.findUserByEmail(row.email, tx))) {
        throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      const user = await this.confirmations.confirmed(tx, row.user_id, row.email);
      await this.accounts.deleteConfirmation(tx, row.user_id);
      return this.tokens.openSession(tx, user);
    });
  }

  /**
   * Mails the pending confirmation again, with a new link and code. Limited per e-mail asked for,
   * known or not, so the answers tell nothing about who has an account; the signed-in owner asking
   * for their own pending confirmation has a limit of their own (per account), so nobody else can
   * use it up, and their fresh code is not held back by others' wrong guesses.
   */
  async resend(body: { type?: unknown; email?: unknown }, authorization: string | undefined, redirectTo?: string): Promise<void> {
    const type = body.type === 'signup' || body.type === 'email_change' ? body.type : undefined;
    if (!type) throw new GoTrueError(400, 'validation_failed', 'Resend requires type signup or email_change');
    const email = checkEmail(body.email);
    const owner = await this.pendingOwnConfirmation(authorization, type, email);
    const wait = owner ? await this.confirmationLimits.ownerResend(owner.id) : await this.confirmationLimits.resend(email);
    const tooSoon = `For security purposes, you can only request this after ${Math.ceil(wait)} seconds.`;
    if (wait > 0) throw tooMany(tooSoon, wait, 'over_email_send_rate_limit');
    await this.accounts.db.transaction(async (tx) => {
      const user = owner ?? (type === 'signup' ? await this.accounts.findUserByEmail(email, tx) : await this.accounts.findUserByPendingEmail(email, tx));
      const pending = user && (await this.accounts.pendingConfirmation(user.id, tx));
      if (!user || !pending || pending.kind !== type || pending.email !== email) return;
      await this.confirmations.send(tx, user.id, type, email, redirectTo);
    });
    if (owner) await this.confirmationLimits.freshCode(email);
  }

  /** The confirmation a code belongs to (the attempt was counted against the e-mail before). */
  private async lockByCode(tx: Tx, email: string, code: string): Promise<ConfirmationRow | undefined> {
    const user = (await this.accounts.findUserByPendingEmail(email, tx)) ?? (await this.accounts.findUserByEmail(email, tx));
    const row = user && (await this.accounts.lockConfirmationFor(tx, user.id, email));
    return row?.code_hash === codeHash(email, code) ? row : undefined;
  }

  /** The signed-in caller's account when its pending confirmation is the one asked for; anyone else is anonymous. */
  private async pendingOwnConfirmation(authorization: string | undefined, type: ConfirmationRow['kind'], email: string): Promise<UserRow | undefined> {
    if (!authorization) return undefined;
    // supabase-js sends its API key as the bearer when signed out: that is no one's session.
    const caller = await this.tokens.authenticate(authorization).catch((err: unknown) => {
      if (err instanceof GoTrueError) return undefined;
      throw err;
    });
    const user = caller && (await this.accounts.findUser(caller.userId));
    const pending = user && (await this.accounts.pendingConfirmation(user.id));
    return pending?.kind === type && pending.email === email ? user : undefined;
  }
}
