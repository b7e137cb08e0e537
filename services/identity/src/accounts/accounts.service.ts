import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { hash, verify, Algorithm } from '@node-rs/argon2';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { emailSchema, fieldErrors, passwordSchema, userMetadataSchema } from '@app/contracts';
import { EventBus, SERVICE_CONFIG, Tx } from '@app/service-kit';
import { GoTrueError } from '../gotrue';
import { KeyStore } from '../keys/key-store';
import type { IdentityConfig } from '../config';
import { AccountsRepository, ConfirmationRow, UserRow } from './accounts.repository';
import { ConfirmationLimits } from './confirmation-limits';
import { codeHash, Confirmations, linkHash } from './confirmations';
import { Counter, counterStore } from './counters';
import { normalizeEmail } from './email';
import { SignInGuard } from './sign-in-guard';

/** OWASP's argon2id baseline (19 MiB, 2 passes): about 30 ms a hash on one core here. */
export const passwordHashing = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/**
 * Passwords are hashed and checked in one Unicode form (NFKC, as NIST SP 800-63B advises), so the
 * same password typed on another keyboard still matches. Passwords were ASCII before (issue 22),
 * and NFKC leaves ASCII as it is, so every stored hash still verifies.
 */
const hashPassword = (password: string) => hash(password.normalize('NFKC'), passwordHashing);
const passwordMatches = (stored: string, password: string) => verify(stored, password.normalize('NFKC')).catch(() => false);

export interface Session {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: PublicUser;
}

export type PublicUser = ReturnType<typeof toPublicUser>;

export interface Caller {
  userId: string;
  sessionId: string;
  /** The session was opened by a password recovery and has not set a password yet. */
  recovery: boolean;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newRefreshToken = () => randomBytes(24).toString('base64url');

/** The user as GoTrue shows it; a pending e-mail change shows as `new_email` (the e-mail stays until it is confirmed). */
function toPublicUser(user: UserRow, pending?: ConfirmationRow) {
  const change = pending?.kind === 'email_change' ? pending : undefined;
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: user.email_confirmed_at?.toISOString() ?? null,
    confirmation_sent_at: pending?.kind === 'signup' ? pending.sent_at.toISOString() : undefined,
    new_email: change?.email,
    email_change_sent_at: change?.sent_at.toISOString(),
    phone: '',
    confirmed_at: user.email_confirmed_at?.toISOString() ?? null,
    last_sign_in_at: user.last_sign_in_at?.toISOString() ?? null,
    app_metadata: user.app_metadata,
    user_metadata: { full_name: null, avatar_url: null, ...user.user_metadata, email: user.email },
    identities: [],
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    is_anonymous: false,
  };
}

const invalidCredentials = () => new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials');
const otpInvalid = () => new GoTrueError(403, 'otp_expired', 'Token has expired or is invalid');
const tooMany = (message: string, wait: number, code = 'over_request_rate_limit') =>
  new GoTrueError(429, code, message, {}, { 'Retry-After': String(Math.max(1, Math.ceil(wait))) });

type VerifyType = 'signup' | 'email' | 'email_change' | 'recovery';
const verifyTypes: Record<string, VerifyType> = { signup: 'signup', email: 'email', email_change: 'email_change', recovery: 'recovery' };

/** Sign-up, sign-in, confirmation, password recovery, refresh rotation, user updates and logout, as GoTrue does them. */
@Injectable()
export class AccountsService {
  private readonly guard: SignInGuard;
  private readonly signUps: Counter;
  private readonly confirmationLimits: ConfirmationLimits;
  private readonly recoveriesPerAddress: Counter;
  private readonly recoveryMails: Counter;
  private readonly recoveryMailsToday: Counter;
  /** Verified against when the e-mail is unknown, so an unknown e-mail costs what a wrong password does. */
  private readonly dummyHash = hash(randomBytes(16).toString('hex'), passwordHashing);

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly keys: KeyStore,
    private readonly confirmations: Confirmations,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {
    const counters = counterStore(accounts.db, config.SIGNING_KEY_ENCRYPTION_KEY);
    this.guard = new SignInGuard(counters, {
      perAccountAndAddress: config.SIGNIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
      maxDelaySeconds: config.SIGNIN_DELAY_MAX_SECONDS,
      perAccountPerDay: config.SIGNIN_FAILURES_PER_ACCOUNT,
      perAddress: config.SIGNIN_FAILURES_PER_ADDRESS,
    });
    this.signUps = new Counter(counters, 'signup', config.SIGNUPS_PER_ADDRESS_PER_HOUR, 3600);
    this.recoveriesPerAddress = new Counter(counters, 'recover-address', config.RECOVERIES_PER_ADDRESS_PER_HOUR, 3600);
    this.recoveryMails = new Counter(counters, 'recover', 1, config.CONFIRMATION_RESEND_INTERVAL_SECONDS);
    this.recoveryMailsToday = new Counter(counters, 'recover-day', config.RECOVERY_EMAILS_PER_DAY, 24 * 3600);
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
    const email = this.checkEmail(body.email);
    const password = this.checkPassword(body.password);
    const metadata = isRecord(body.data) ? body.data : {};
    const passwordHash = await hashPassword(password);
    return this.accounts.db.transaction(async (tx) => {
      const user = await this.accounts.insertUser(tx, email, passwordHash, metadata);
      if (!user) throw new GoTrueError(422, 'user_already_exists', 'User already registered');
      await this.events.record(tx, 'identity.user.registered', {
        user_id: user.id,
        email: user.email,
        user_metadata: user.user_metadata,
        created_at: user.created_at.toISOString(),
      });
      await this.confirmations.send(tx, user.id, 'signup', email, redirectTo);
      if (this.config.EMAIL_CONFIRMATION_REQUIRED) return toPublicUser(user, await this.accounts.pendingConfirmation(user.id, tx));
      return this.openSession(tx, user);
    });
  }

  /**
   * The same work whether or not the e-mail exists (one lookup, one argon2 verify), and limits that
   * count failures only (SignInGuard), keyed by the one normalised e-mail the lookup uses too.
   */
  async signInWithPassword(body: { email?: unknown; password?: unknown }, address: string): Promise<Session> {
    const email = typeof body.email === 'string' ? normalizeEmail(body.email) : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email || !password) throw invalidCredentials();
    const wait = await this.guard.check(email, address);
    if (wait > 0) throw tooMany('Too many sign-in attempts, please try again later', wait);
    const user = await this.accounts.findUserByEmail(email);
    const valid = await passwordMatches(user?.encrypted_password ?? (await this.dummyHash), password);
    if (!user || !valid) {
      await this.guard.failed(email, address);
      throw invalidCredentials();
    }
    await this.guard.succeeded(email, address);
    if (this.config.EMAIL_CONFIRMATION_REQUIRED && !user.email_confirmed_at) throw new GoTrueError(400, 'email_not_confirmed', 'Email not confirmed');
    return this.accounts.db.transaction(async (tx) => {
      await this.accounts.touchSignIn(tx, user.id);
      return this.openSession(tx, (await this.accounts.findUser(user.id, tx))!);
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
    if (type === 'recovery') return this.verifyRecovery(secret, email, code);
    return this.accounts.db.transaction(async (tx) => {
      const row = secret ? await this.accounts.lockConfirmationByLink(tx, linkHash(secret)) : await this.lockByCode(tx, email!, code!);
      if (!row || this.confirmations.isExpired(row) || !typeMatches(type, row.kind)) throw otpInvalid();
      if (row.kind === 'email_change' && (await this.accounts.findUserByEmail(row.email, tx))) {
        throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      const user = await this.accounts.confirmEmail(tx, row.user_id, row.email);
      await this.accounts.deleteConfirmation(tx, row.user_id);
      return this.openSession(tx, user);
    });
  }

  /**
   * GoTrue's /recover: mails a link and a code that open a session which may set a new password.
   * The answer, and the work before it, are the same whether or not the e-mail has an account
   * (limits keyed by the e-mail asked for, one statement that saves a recovery only for an
   * account, the mail sent after the answer), so nothing tells who has one.
   */
  async recover(body: { email?: unknown }, address: string, redirectTo?: string): Promise<void> {
    const email = this.checkEmail(body.email);
    const fromAddress = await this.recoveriesPerAddress.take(address);
    if (fromAddress > 0) throw tooMany('Too many password recovery requests from this address, please try again later', fromAddress);
    // The day's cap is only counted for mails the interval lets through.
    const wait = (await this.recoveryMails.take(email)) || (await this.recoveryMailsToday.take(email));
    if (wait > 0) throw tooMany(`For security purposes, you can only request this after ${Math.ceil(wait)} seconds.`, wait, 'over_email_send_rate_limit');
    await this.accounts.db.transaction((tx) => this.confirmations.sendRecovery(tx, email, redirectTo));
  }

  /**
   * Uses a recovery's link secret or code: the address is proven (an unconfirmed one becomes
   * confirmed, as in GoTrue), and a recovery session opens, which may set a new password.
   */
  private async verifyRecovery(secret: string | undefined, email: string | undefined, code: string | undefined): Promise<Session> {
    return this.accounts.db.transaction(async (tx) => {
      const row = secret ? await this.accounts.lockRecoveryByLink(tx, linkHash(secret)) : await this.accounts.lockRecoveryFor(tx, email!);
      const valid = row && !this.confirmations.isRecoveryExpired(row) && (secret || row.code_hash === codeHash(email!, code!));
      if (!row || !valid) throw otpInvalid();
      await this.accounts.deleteRecovery(tx, row.user_id);
      let user = (await this.accounts.findUser(row.user_id, tx))!;
      if (!user.email_confirmed_at) {
        user = await this.accounts.confirmEmail(tx, user.id, user.email);
        const pending = await this.accounts.pendingConfirmation(user.id, tx);
        if (pending?.kind === 'signup') await this.accounts.deleteConfirmation(tx, user.id);
      }
      await this.accounts.touchSignIn(tx, user.id);
      return this.openSession(tx, user, 'recovery');
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
    const email = this.checkEmail(body.email);
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

  /**
   * Rotation: each refresh token works once. Presenting the parent of the session's live token
   * again within the reuse window (a client retrying a lost answer) returns the live one; any
   * other reuse is treated as theft and ends the session.
   */
  async refresh(body: { refresh_token?: unknown }): Promise<Session> {
    const token = typeof body.refresh_token === 'string' ? body.refresh_token : '';
    if (!token) throw new GoTrueError(400, 'validation_failed', 'Refresh token is required');
    // The revocation of a stolen token's session must commit, so the refusal is thrown afterwards.
    const outcome = await this.accounts.db.transaction(async (tx): Promise<Session | GoTrueError> => {
      const row = await this.accounts.lockRefreshToken(tx, sha256(token));
      const user = row && !row.session_revoked_at ? await this.accounts.findUser(row.user_id, tx) : undefined;
      if (!row || !user) return new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      if (row.revoked_at) {
        const child = await this.accounts.activeChild(tx, row.token_hash);
        const withinWindow = Date.now() - row.revoked_at.getTime() <= this.config.REFRESH_TOKEN_REUSE_INTERVAL_SECONDS * 1000;
        if (child && withinWindow) {
          // The client never saw the answer that rotated this token: give it a fresh child.
          await this.accounts.revokeRefreshToken(tx, child.token_hash);
          return this.issue(tx, user, row.session_id, row.token_hash);
        }
        await this.accounts.revokeSessions(tx, { sessionId: row.session_id }, this.config.ACCESS_TOKEN_TTL_SECONDS);
        return new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      await this.accounts.revokeRefreshToken(tx, row.token_hash);
      return this.issue(tx, user, row.session_id, row.token_hash);
    });
    if (outcome instanceof GoTrueError) throw outcome;
    return outcome;
  }

  /** The caller of /user and /logout, from an access token this service signed. */
  async authenticate(authorization: string | undefined): Promise<Caller> {
    const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!token) throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    try {
      const { payload } = await jwtVerify(token, this.keys.verificationKeys, {
        issuer: this.config.AUTH_ISSUER,
        audience: 'authenticated',
        algorithms: ['ES256'],
        clockTolerance: 30,
      });
      if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') throw new Error('claims');
      const session = await this.accounts.activeSession(payload.session_id);
      if (!session) throw new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      return { userId: payload.sub, sessionId: payload.session_id, recovery: session.recovery };
    } catch (err) {
      if (err instanceof GoTrueError) throw err;
      const expired = err instanceof joseErrors.JWTExpired;
      throw new GoTrueError(403, expired ? 'session_expired' : 'bad_jwt', expired ? 'JWT has expired' : 'invalid JWT: unable to parse or verify signature');
    }
  }

  async getUser(caller: Caller): Promise<PublicUser> {
    const user = await this.accounts.findUser(caller.userId);
    if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return toPublicUser(user, await this.accounts.pendingConfirmation(user.id));
  }

  /**
   * GoTrue's PUT /user. A new e-mail is only mailed a confirmation: it replaces the old one when
   * confirmed (until then the user shows it as `new_email`). A new password needs the current one
   * (`current_password`, as GoTrue's secure password change), except from a recovery's session; it
   * must differ from the old one, and it ends every other session and cancels a pending e-mail change.
   */
  async updateUser(
    caller: Caller,
    body: { email?: unknown; password?: unknown; current_password?: unknown; data?: unknown },
    redirectTo?: string,
  ): Promise<PublicUser> {
    const email = body.email !== undefined ? this.checkEmail(body.email) : undefined;
    const newPassword = body.password !== undefined ? this.checkPassword(body.password) : undefined;
    if (body.data !== undefined && !isRecord(body.data)) throw new GoTrueError(400, 'validation_failed', 'data must be an object');
    const current = await this.accounts.findUser(caller.userId);
    if (!current) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    // Metadata is merged key by key (jsonb ||): the bound holds for the result, not only for this change.
    const merged = userMetadataSchema.safeParse({ ...current.user_metadata, ...(body.data as Record<string, unknown> | undefined) });
    if (!merged.success) throw new GoTrueError(400, 'validation_failed', merged.error.issues[0].message);
    let passwordHash: string | undefined;
    if (newPassword !== undefined) {
      if (!caller.recovery) {
        if (typeof body.current_password !== 'string' || !body.current_password) {
          throw new GoTrueError(400, 'current_password_required', 'Current password required when setting new password.');
        }
        if (!(await passwordMatches(current.encrypted_password, body.current_password))) {
          throw new GoTrueError(400, 'current_password_mismatch', 'Current password is incorrect.');
        }
      }
      if (await passwordMatches(current.encrypted_password, newPassword)) {
        throw new GoTrueError(422, 'same_password', 'New password should be different from the old password.');
      }
      passwordHash = await hashPassword(newPassword);
    }
    return this.accounts.db.transaction(async (tx) => {
      const user = await this.accounts.updateUser(tx, caller.userId, { passwordHash, userMetadata: body.data as Record<string, unknown> | undefined });
      if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      if (passwordHash) {
        await this.accounts.revokeSessions(tx, { userId: user.id, exceptSessionId: caller.sessionId }, this.config.ACCESS_TOKEN_TTL_SECONDS);
        await this.accounts.passwordChanged(tx, user.id, caller.sessionId);
      }
      if (email !== undefined && email !== user.email) {
        const owner = await this.accounts.findUserByEmail(email, tx);
        if (owner) throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
        await this.confirmations.send(tx, user.id, 'email_change', email, redirectTo);
      }
      return toPublicUser(user, await this.accounts.pendingConfirmation(user.id, tx));
    });
  }

  async logout(caller: Caller, scope: string): Promise<void> {
    if (!['global', 'local', 'others'].includes(scope)) {
      throw new GoTrueError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    }
    await this.accounts.db.transaction((tx) =>
      this.accounts.revokeSessions(
        tx,
        scope === 'local'
          ? { sessionId: caller.sessionId }
          : scope === 'others'
            ? { userId: caller.userId, exceptSessionId: caller.sessionId }
            : { userId: caller.userId },
        this.config.ACCESS_TOKEN_TTL_SECONDS,
      ),
    );
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
    const caller = await this.authenticate(authorization).catch((err: unknown) => {
      if (err instanceof GoTrueError) return undefined;
      throw err;
    });
    const user = caller && (await this.accounts.findUser(caller.userId));
    const pending = user && (await this.accounts.pendingConfirmation(user.id));
    return pending?.kind === type && pending.email === email ? user : undefined;
  }

  /** `method`: how the user proved who they are, the token's `amr` (GoTrue's `recovery` marks a recovery's session). */
  private async openSession(tx: Tx, user: UserRow, method: 'password' | 'recovery' = 'password'): Promise<Session> {
    const sessionId = await this.accounts.createSession(tx, user.id, method === 'recovery');
    return this.issue(tx, user, sessionId, null, method);
  }

  private async issue(tx: Tx, user: UserRow, sessionId: string, parentHash: string | null, method = 'password'): Promise<Session> {
    const refreshToken = newRefreshToken();
    await this.accounts.insertRefreshToken(tx, sha256(refreshToken), sessionId, parentHash);
    const now = Math.floor(Date.now() / 1000);
    const ttl = this.config.ACCESS_TOKEN_TTL_SECONDS;
    const { kid, privateKey } = this.keys.signingKey;
    const publicUser = toPublicUser(user);
    const accessToken = await new SignJWT({
      email: user.email,
      // Not a GoTrue claim: what trusts the address (the company badge) reads it.
      email_verified: user.email_confirmed_at !== null,
      phone: '',
      app_metadata: user.app_metadata,
      user_metadata: publicUser.user_metadata,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: parentHash ? 'token_refresh' : method, timestamp: now }],
      session_id: sessionId,
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .setIssuer(this.config.AUTH_ISSUER)
      .setAudience('authenticated')
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + ttl)
      .sign(privateKey);
    return { access_token: accessToken, token_type: 'bearer', expires_in: ttl, expires_at: now + ttl, refresh_token: refreshToken, user: publicUser };
  }

  private checkEmail(value: unknown): string {
    const result = emailSchema.safeParse(value);
    if (!result.success) throw new GoTrueError(400, 'validation_failed', result.error.issues[0].message);
    return normalizeEmail(result.data);
  }

  /** The login form's rule, so a bypassed form gets the same answer (422 weak_password). */
  private checkPassword(value: unknown): string {
    const result = passwordSchema.safeParse(value);
    if (!result.success) {
      const reasons = Object.values(fieldErrors(result.error));
      throw new GoTrueError(422, 'weak_password', reasons[0], { weak_password: { reasons: result.error.issues.map((i) => i.message) } });
    }
    return result.data;
  }
}

/** GoTrue's `email` type stands for either kind of e-mail confirmation. */
const typeMatches = (type: VerifyType, kind: ConfirmationRow['kind']) => type === 'email' || type === kind;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
