import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { hash, verify, Algorithm } from '@node-rs/argon2';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { emailSchema, fieldErrors, passwordSchema } from '@app/contracts';
import { EventBus, RateLimiter, SERVICE_CONFIG, Tx } from '@app/service-kit';
import { GoTrueError } from '../gotrue';
import { KeyStore } from '../keys/key-store';
import type { IdentityConfig } from '../service';
import { AccountsRepository, UserRow } from './accounts.repository';

/** OWASP's argon2id baseline (19 MiB, 2 passes): about 30 ms a hash on one core here. */
const argon2 = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

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
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newRefreshToken = () => randomBytes(24).toString('base64url');

export function toPublicUser(user: UserRow) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: user.email_confirmed_at?.toISOString() ?? null,
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

/** Sign-up, sign-in, refresh rotation, user updates and logout, as GoTrue does them. */
@Injectable()
export class AccountsService {
  private readonly attemptsByEmail: RateLimiter;
  private readonly attemptsByAddress: RateLimiter;

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly keys: KeyStore,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {
    this.attemptsByEmail = new RateLimiter(config.PASSWORD_ATTEMPTS_PER_MINUTE, 60_000);
    this.attemptsByAddress = new RateLimiter(config.PASSWORD_ATTEMPTS_PER_MINUTE, 60_000);
  }

  async signUp(body: { email?: unknown; password?: unknown; data?: unknown }): Promise<Session> {
    const email = this.checkEmail(body.email);
    const password = this.checkPassword(body.password);
    const metadata = isRecord(body.data) ? body.data : {};
    const passwordHash = await hash(password, argon2);
    return this.accounts.db.transaction(async (tx) => {
      const user = await this.accounts.insertUser(tx, email, passwordHash, metadata);
      if (!user) throw new GoTrueError(422, 'user_already_exists', 'User already registered');
      await this.events.record(tx, 'identity.user.registered', {
        user_id: user.id,
        email: user.email,
        user_metadata: user.user_metadata,
        created_at: user.created_at.toISOString(),
      });
      return this.openSession(tx, user);
    });
  }

  async signInWithPassword(body: { email?: unknown; password?: unknown }, address: string): Promise<Session> {
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const wait = Math.max(this.attemptsByEmail.hit(email.toLowerCase()), this.attemptsByAddress.hit(address));
    if (wait > 0) {
      throw new GoTrueError(429, 'over_request_rate_limit', 'Too many sign-in attempts, please try again later', {}, {
        'Retry-After': String(Math.ceil(wait)),
      });
    }
    if (!email || !password) throw invalidCredentials();
    const user = await this.accounts.findUserByEmail(email);
    if (!user || !(await verify(user.encrypted_password, password).catch(() => false))) throw invalidCredentials();
    return this.accounts.db.transaction(async (tx) => {
      await this.accounts.touchSignIn(tx, user.id);
      return this.openSession(tx, (await this.accounts.findUser(user.id, tx))!);
    });
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
        await this.accounts.revokeSessions(tx, { sessionId: row.session_id });
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
      if (!(await this.accounts.isSessionActive(payload.session_id))) {
        throw new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      }
      return { userId: payload.sub, sessionId: payload.session_id };
    } catch (err) {
      if (err instanceof GoTrueError) throw err;
      const expired = err instanceof joseErrors.JWTExpired;
      throw new GoTrueError(403, expired ? 'session_expired' : 'bad_jwt', expired ? 'JWT has expired' : 'invalid JWT: unable to parse or verify signature');
    }
  }

  async getUser(caller: Caller): Promise<PublicUser> {
    const user = await this.accounts.findUser(caller.userId);
    if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return toPublicUser(user);
  }

  async updateUser(caller: Caller, body: { email?: unknown; password?: unknown; data?: unknown }): Promise<PublicUser> {
    const change: { email?: string; passwordHash?: string; userMetadata?: Record<string, unknown> } = {};
    if (body.email !== undefined) change.email = this.checkEmail(body.email);
    if (body.password !== undefined) change.passwordHash = await hash(this.checkPassword(body.password), argon2);
    if (body.data !== undefined) {
      if (!isRecord(body.data)) throw new GoTrueError(400, 'validation_failed', 'data must be an object');
      change.userMetadata = body.data;
    }
    return this.accounts.db.transaction(async (tx) => {
      try {
        const user = await this.accounts.updateUser(tx, caller.userId, change);
        if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
        return toPublicUser(user);
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
        throw err;
      }
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
      ),
    );
  }

  private async openSession(tx: Tx, user: UserRow): Promise<Session> {
    const sessionId = await this.accounts.createSession(tx, user.id);
    return this.issue(tx, user, sessionId, null);
  }

  private async issue(tx: Tx, user: UserRow, sessionId: string, parentHash: string | null): Promise<Session> {
    const refreshToken = newRefreshToken();
    await this.accounts.insertRefreshToken(tx, sha256(refreshToken), sessionId, parentHash);
    const now = Math.floor(Date.now() / 1000);
    const ttl = this.config.ACCESS_TOKEN_TTL_SECONDS;
    const { kid, privateKey } = this.keys.signingKey;
    const publicUser = toPublicUser(user);
    const accessToken = await new SignJWT({
      email: user.email,
      phone: '',
      app_metadata: user.app_metadata,
      user_metadata: publicUser.user_metadata,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: parentHash ? 'token_refresh' : 'password', timestamp: now }],
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
    return result.data;
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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
