import { hash } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, JWTPayload, jwtVerify, JWTVerifyGetKey } from 'jose';
import type { AuthUser } from '@app/contracts';
import { AppError, unauthorized } from '../errors';
import type { EndedSession, SessionEndings } from './session-endings';

export interface TokenVerifierOptions {
  /**
   * Public keys (identity's JWKS by default); ES256/RS256 tokens. Several URLs, comma-separated,
   * are one identity's replicas (the launcher's REPLICAS; Kubernetes gives its Service): each fetch
   * goes to the one that answered last, and to the next when it does not.
   */
  jwksUrl?: string;
  /** Shared secret of older Supabase projects; HS256 tokens. */
  hs256Secret?: string;
  issuer?: string;
  audience: string;
  clockToleranceSeconds?: number;
  /** How long a verified token is believed without checking its signature again (default 60 s). */
  reuseMs?: number;
  /** Verified tokens remembered at once (default 10,000; the least recently verified go first). */
  maxRemembered?: number;
  /**
   * Identity's list of ended sessions (GET, `?since=<ms>`): tokens of a session ended by logout or a
   * password change are refused from then on, remembered or not, within 1 s. Identity announces each
   * ending (`sessionEndings`); while those are heard the list is only a fallback, fetched every
   * `revocationsFallbackPollMs` (default 30 s) while tokens arrive. Without them (no NATS, or NATS
   * away) it is fetched every `revocationsPollMs` (default 500 ms; an answer is the few sessions
   * ended in the last 30 s) while tokens arrive; an idle process asks nothing, and its next token
   * waits for a fresh list. Default: /internal/revocations next to a JWKS served at
   * /auth/v1/.well-known/jwks.json (identity's layout); `false` turns it off. A server without the
   * list (404: a hosted Supabase project) is not asked again.
   */
  revocationsUrl?: string | false;
  /** Headers each poll sends: identity answers the list only with the gateway's proof (GATEWAY_SECRET). */
  revocationsHeaders?: () => Record<string, string>;
  revocationsPollMs?: number;
  revocationsFallbackPollMs?: number;
  /** Identity's announcements of ended sessions (NATS), heard as they are made. */
  sessionEndings?: SessionEndings;
  now?: () => number;
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/i;

/**
 * Past this age without a successful poll (a busy or restarting identity misses a few), the list
 * is fetched before a token is believed, and a failure is a 503 rather than a revoked session let in.
 */
const revocationsMaxAgeMs = 30_000;
/** How often the revocation list is fetched while tokens arrive and no announcement can be heard. */
const revocationsPollMs = 500;
/** …and while identity's announcements are heard: a fallback for one lost on the way. */
const revocationsFallbackPollMs = 30_000;
/** After a pause, a list older than this is fetched before a token is believed: with the poll, a logout holds within 1 s. */
const revocationsFreshMs = 750;
/** The poll runs while a token was verified this recently, then stops until the next one. */
const revocationsActiveMs = 10_000;

/**
 * Verifies Supabase-style access tokens: signature, algorithm, exp/nbf (30 s skew), iss, aud and
 * a subject. The gateway and every service use this same code, so a request that reaches a service
 * directly is held to the same rules and client-sent identity headers count for nothing.
 */
export class TokenVerifier {
  private readonly jwks?: JWTVerifyGetKey;
  private readonly secret?: Uint8Array;
  /**
   * A signature check costs ~0.4 ms of CPU and a browser sends the same token on every call for an
   * hour, so a verified token is remembered (by its hash: no bearer tokens kept in memory) until it
   * expires, for at most `reuseMs` so a key withdrawn from the JWKS stops counting soon after.
   */
  private readonly remembered = new Map<string, { user: AuthUser; until: number }>();
  private readonly reuseMs: number;
  private readonly maxRemembered: number;
  private readonly now: () => number;
  /** Ended session id → when its last token has surely expired (then it is forgotten). */
  private readonly revoked = new Map<string, number>();
  private readonly revocationsUrls?: Replicated<string>;
  private revocationsSyncedAt = -Infinity;
  private revocationsCursor?: number;
  private revocationsSync?: Promise<void>;
  private revocationsTimer?: NodeJS.Timeout;
  /** Identity's announcements are heard, since this moment (a connection lost meanwhile starts it over). */
  private listening = false;
  private listeningSince = Infinity;
  private revocationsOffered = true;
  /** The fetch the first token after a pause waits for, with the calls that arrive meanwhile. */
  private revocationsCatchUp?: Promise<void>;
  private lastTokenAt = -Infinity;

  constructor(private readonly options: TokenVerifierOptions) {
    if (!options.jwksUrl && !options.hs256Secret) throw new Error('TokenVerifier needs a JWKS URL or an HS256 secret');
    // A token naming a key not in the JWKS fetched makes it fetched again, at most every 5 s: a key
    // identity publishes is signed with 10 s later at the earliest (its key store), so no token of a
    // new key is refused for want of a fresh fetch.
    const jwksUrls = options.jwksUrl?.split(',').map((url) => url.trim()) ?? [];
    if (jwksUrls.length > 0) {
      const sets = new Replicated(
        jwksUrls.map((url) => createRemoteJWKSet(new URL(url), { cooldownDuration: 5_000, cacheMaxAge: 600_000, timeoutDuration: 1500 })),
      );
      // A key server's answer (no such key) is the answer; only a failure to get one tries the next.
      this.jwks = (header, token) => sets.first((getKey) => getKey(header, token), tokenAtFault);
    }
    if (options.hs256Secret) this.secret = new TextEncoder().encode(options.hs256Secret);
    this.reuseMs = options.reuseMs ?? 60_000;
    this.maxRemembered = options.maxRemembered ?? 10_000;
    this.now = options.now ?? Date.now;
    const revocationsUrls =
      options.revocationsUrl === false
        ? []
        : options.revocationsUrl
          ? [options.revocationsUrl]
          : jwksUrls.map(defaultRevocationsUrl).filter((u) => u !== undefined);
    if (revocationsUrls.length > 0) this.revocationsUrls = new Replicated(revocationsUrls);
    options.sessionEndings?.listen(
      (sessions) => this.learn(sessions),
      (listening) => this.hearing(listening),
    );
  }

  /** Stops polling the revocation list until the next token (the timer never keeps a process alive either way). */
  close(): void {
    clearTimeout(this.revocationsTimer);
    this.revocationsTimer = undefined;
  }

  /**
   * Sessions that just ended (identity, once the transaction that ended them committed): refused
   * here at once, and announced to every other verifier.
   */
  endSessions(sessions: EndedSession[]): void {
    this.learn(sessions);
    this.options.sessionEndings?.announce(sessions);
  }

  private learn(sessions: EndedSession[]): void {
    const skewMs = (this.options.clockToleranceSeconds ?? 30) * 1000;
    for (const { session_id, expires_at } of sessions) this.revoked.set(session_id, expires_at * 1000 + skewMs);
  }

  /** The announcements can be heard (again: the list is fetched for what was missed meanwhile), or no longer. */
  private hearing(listening: boolean): void {
    this.listening = listening;
    if (listening) {
      this.listeningSince = this.now();
      if (this.revocationsUrls && this.revocationsOffered) void this.syncRevocations().catch(() => undefined);
    }
    // A poll set for the other pace is set again for this one.
    if (this.revocationsTimer) {
      this.close();
      this.pollWhileTokensArrive();
    }
  }

  /** Announcements are heard, and the list was fetched since they were: together they miss nothing. */
  private get announced(): boolean {
    return this.listening && this.revocationsSyncedAt >= this.listeningSince;
  }

  /** Reads `Authorization: Bearer <token>`; anything else is a 401. */
  async verifyHeader(authorization: string | string[] | undefined): Promise<AuthUser> {
    const value = Array.isArray(authorization) ? authorization[0] : authorization;
    const match = value === undefined ? null : BEARER.exec(value);
    if (!match) throw unauthorized(value ? 'Malformed authorization header' : 'Authentication required');
    return this.verify(match[1]);
  }

  /**
   * The user of a remembered token, at once, when nothing is to be waited for (the revocation list
   * fresh, or identity's announcements heard); undefined when verifyHeader must decide (a token not
   * remembered or expired, a list to fetch first, a session ended, a malformed header). The same
   * rules without a promise: the gateway asks this first on every call.
   */
  rememberedUser(authorization: string | string[] | undefined): AuthUser | undefined {
    const value = Array.isArray(authorization) ? authorization[0] : authorization;
    // Only a verified token's hash is remembered: what follows "Bearer " needs no pattern to be looked up.
    if (value === undefined || !value.startsWith('Bearer ')) return undefined;
    const known = this.remembered.get(hash('sha256', value.slice(7), 'base64url'));
    if (!known || known.until <= this.now() || !this.revocationsCurrent()) return undefined;
    const { user } = known;
    return user.session_id && this.revoked.has(user.session_id) ? undefined : user;
  }

  /** Whether the revocation list holds now without a fetch to wait for (as currentRevocations decides), the poll kept going. */
  private revocationsCurrent(): boolean {
    if (!this.revocationsUrls || !this.revocationsOffered) return true;
    const age = this.now() - this.revocationsSyncedAt;
    if (!this.announced && (this.revocationsCatchUp || age > (this.revocationsTimer ? revocationsMaxAgeMs : revocationsFreshMs))) return false;
    this.lastTokenAt = this.now();
    this.pollWhileTokensArrive();
    return true;
  }

  async verify(token: string): Promise<AuthUser> {
    const key = hash('sha256', token, 'base64url');
    const now = this.now();
    const known = this.remembered.get(key);
    let user: AuthUser;
    if (known && known.until > now) {
      user = known.user;
    } else {
      if (known) this.remembered.delete(key);
      const verified = await this.verifyFully(token);
      user = verified.user;
      this.remembered.set(key, { user, until: Math.min(verified.expiresAt, now + this.reuseMs) });
      if (this.remembered.size > this.maxRemembered) this.remembered.delete(this.remembered.keys().next().value!);
    }
    // Checked on every call, remembered token or not: an ended session ends here within a poll.
    await this.currentRevocations();
    if (user.session_id && this.revoked.has(user.session_id)) throw unauthorized('Session has ended');
    return user;
  }

  /**
   * The revocation list, fresh: polled in the background while tokens arrive (a call never waits
   * for a poll, however slow identity is under load); the first token after a pause waits for the
   * list when it is older than revocationsFreshMs, and so does every call that arrives meanwhile.
   */
  private async currentRevocations(): Promise<void> {
    if (!this.revocationsUrls || !this.revocationsOffered) return;
    this.lastTokenAt = this.now();
    if (this.announced) return this.pollWhileTokensArrive();
    const age = this.now() - this.revocationsSyncedAt;
    if (!this.revocationsTimer && age > revocationsFreshMs) {
      this.revocationsCatchUp ??= this.syncRevocations()
        .catch(() => undefined)
        .finally(() => {
          this.revocationsCatchUp = undefined;
        });
    }
    await this.revocationsCatchUp;
    // A server without the list (404) is not asked again.
    if (!this.revocationsOffered) return;
    this.pollWhileTokensArrive();
    if (this.now() - this.revocationsSyncedAt <= revocationsMaxAgeMs) return;
    try {
      await this.syncRevocations();
    } catch {
      // Identity is unreachable for long: refusing is safer than believing a token that may have been revoked.
      throw new AppError('upstream_unavailable', 'Could not verify the token right now', undefined, 503);
    }
  }

  /** Polls the list while tokens arrive, slowly while announcements are heard; an idle process (no token for revocationsActiveMs) stops asking. */
  private pollWhileTokensArrive(): void {
    if (this.revocationsTimer) return;
    const pace = this.announced ? (this.options.revocationsFallbackPollMs ?? revocationsFallbackPollMs) : (this.options.revocationsPollMs ?? revocationsPollMs);
    this.revocationsTimer = setTimeout(() => {
      this.revocationsTimer = undefined;
      if (this.now() - this.lastTokenAt > revocationsActiveMs) return;
      void this.syncRevocations().catch(() => undefined);
      this.pollWhileTokensArrive();
    }, pace);
    this.revocationsTimer.unref();
  }

  private syncRevocations(): Promise<void> {
    this.revocationsSync ??= this.fetchRevocations().finally(() => {
      this.revocationsSync = undefined;
    });
    return this.revocationsSync;
  }

  private async fetchRevocations(): Promise<void> {
    const startedAt = this.now();
    const res = await this.revocationsUrls!.first(async (list) => {
      const url = new URL(list);
      if (this.revocationsCursor !== undefined) url.searchParams.set('since', String(this.revocationsCursor));
      const answer = await fetch(url, { headers: this.options.revocationsHeaders?.(), signal: AbortSignal.timeout(1500) });
      // A replica that cannot answer now: another may.
      if (answer.status >= 500) throw new Error(`revocations: HTTP ${answer.status}`);
      return answer;
    });
    if (res.status === 404) {
      this.revocationsOffered = false;
      this.close();
      return;
    }
    if (!res.ok) throw new Error(`revocations: HTTP ${res.status}`);
    const body = (await res.json()) as { cursor: number; revocations: EndedSession[] };
    this.learn(body.revocations);
    const now = this.now();
    for (const [id, forgetAt] of this.revoked) if (forgetAt <= now) this.revoked.delete(id);
    this.revocationsCursor = body.cursor;
    // As of when it was asked: an ending announced before then and missed is in this answer.
    this.revocationsSyncedAt = startedAt;
  }

  private async verifyFully(token: string): Promise<{ user: AuthUser; expiresAt: number }> {
    let payload: JWTPayload;
    try {
      payload = await this.verifySignature(token);
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized('Token has expired');
      if (tokenAtFault(err)) throw unauthorized('Invalid token');
      // Anything else is ours (the key server down, slow or answering nonsense): a 401 would end a
      // valid session in the browser, while retrying later will work.
      throw new AppError('upstream_unavailable', 'Could not verify the token right now', undefined, 503);
    }
    if (typeof payload.sub !== 'string' || !/^[0-9a-f-]{36}$/i.test(payload.sub)) throw unauthorized('Invalid token');
    // The same tolerance jose allowed: the token counts until then, whether checked again or not.
    const expiresAt = (payload.exp! + (this.options.clockToleranceSeconds ?? 30)) * 1000;
    const user: AuthUser = {
      id: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : null,
      role: typeof payload.role === 'string' ? payload.role : 'authenticated',
      session_id: typeof payload.session_id === 'string' ? payload.session_id : null,
      // Identity's claim: the token's e-mail has been proven (confirmation link or code).
      email_verified: payload.email_verified === true,
      app_metadata: isRecord(payload.app_metadata) ? payload.app_metadata : {},
      user_metadata: isRecord(payload.user_metadata) ? payload.user_metadata : {},
    };
    // Shared by every request that carries this token: nobody may change it.
    return { user: deepFreeze(user), expiresAt };
  }

  private async verifySignature(token: string): Promise<JWTPayload> {
    const common = {
      audience: this.options.audience,
      issuer: this.options.issuer,
      clockTolerance: this.options.clockToleranceSeconds ?? 30,
      requiredClaims: ['exp', 'sub'],
      currentDate: new Date(this.now()),
    };
    const header = decodeHeader(token);
    if (header?.alg === 'HS256') {
      if (!this.secret) throw new UnacceptedToken('HS256 not accepted');
      return (await jwtVerify(token, this.secret, { ...common, algorithms: ['HS256'] })).payload;
    }
    if (!this.jwks) throw new UnacceptedToken('asymmetric tokens not accepted');
    // Either ECDSA form (s or n − s) is valid: Go's crypto/ecdsa, which Supabase Auth signs with, does not normalise s.
    return (await jwtVerify(token, this.jwks, { ...common, algorithms: ['ES256', 'RS256', 'EdDSA'] })).payload;
  }
}

/**
 * One thing served by each of several replicas: `first` asks the one that answered last, then the
 * others in turn, and answers the first answer; `final` errors are answers too.
 */
class Replicated<T> {
  private current = 0;

  constructor(private readonly members: T[]) {}

  async first<R>(ask: (member: T) => Promise<R>, final: (err: unknown) => boolean = () => false): Promise<R> {
    let failure: unknown;
    for (let tried = 0; tried < this.members.length; tried++) {
      const index = (this.current + tried) % this.members.length;
      try {
        const answer = await ask(this.members[index]);
        this.current = index;
        return answer;
      } catch (err) {
        if (final(err)) throw err;
        failure = err;
      }
    }
    throw failure;
  }
}

/** Identity serves its JWKS at <origin>/auth/v1/.well-known/jwks.json and the list at <origin>/internal/revocations. */
function defaultRevocationsUrl(jwksUrl: string | undefined): string | undefined {
  if (!jwksUrl) return undefined;
  const url = new URL(jwksUrl);
  return url.pathname.endsWith('/auth/v1/.well-known/jwks.json') ? new URL('/internal/revocations', url).toString() : undefined;
}

/** A token of a kind this verifier was not configured to accept. */
class UnacceptedToken extends Error {}

/** What the token's bearer got wrong: a bad token, signature, claim, algorithm or key id. */
function tokenAtFault(err: unknown): boolean {
  return (
    err instanceof UnacceptedToken ||
    err instanceof joseErrors.JWTClaimValidationFailed ||
    err instanceof joseErrors.JWTInvalid ||
    err instanceof joseErrors.JWSInvalid ||
    err instanceof joseErrors.JWSSignatureVerificationFailed ||
    err instanceof joseErrors.JOSEAlgNotAllowed ||
    err instanceof joseErrors.JOSENotSupported ||
    err instanceof joseErrors.JWKSNoMatchingKey ||
    err instanceof joseErrors.JWKSMultipleMatchingKeys
  );
}

function decodeHeader(token: string): { alg?: string } | undefined {
  try {
    return JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
