import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { SERVICE_CONFIG, TokenVerifier, Tx } from '@app/service-kit';
import { GoTrueError } from '../gotrue';
import { KeyStore } from '../keys/key-store';
import type { IdentityConfig } from '../config';
import { AccountsRepository, UserRow } from './accounts.repository';
import { PublicUser, toPublicUser } from './public-user';

export interface Session {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: PublicUser;
}

export interface Caller {
  userId: string;
  sessionId: string;
  /** The session was opened by a password recovery and has not set a password yet. */
  recovery: boolean;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newRefreshToken = () => randomBytes(24).toString('base64url');

/** Sessions and their tokens: opening one, rotating its refresh token, and checking the access token a caller presents. */
@Injectable()
export class SessionTokens {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly keys: KeyStore,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    @Inject(TokenVerifier) private readonly verifier: TokenVerifier,
  ) {}

  /** `method`: how the user proved who they are, the token's `amr` (GoTrue's `recovery` marks a recovery's session). */
  async openSession(tx: Tx, user: UserRow, method: 'password' | 'recovery' = 'password'): Promise<Session> {
    const sessionId = await this.accounts.createSession(tx, user.id, method === 'recovery');
    return this.issue(tx, user, sessionId, null, method);
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
        const ended = await this.accounts.revokeSessions(tx, { sessionId: row.session_id }, this.config.ACCESS_TOKEN_TTL_SECONDS);
        tx.afterCommit(() => this.verifier.endSessions(ended));
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
}
