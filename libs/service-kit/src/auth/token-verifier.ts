import { createRemoteJWKSet, errors as joseErrors, JWTPayload, jwtVerify, JWTVerifyGetKey } from 'jose';
import type { AuthUser } from '@app/contracts';
import { AppError, unauthorized } from '../errors';

export interface TokenVerifierOptions {
  /** Public keys (identity's JWKS by default); ES256/RS256 tokens. */
  jwksUrl?: string;
  /** Shared secret of older Supabase projects; HS256 tokens. */
  hs256Secret?: string;
  issuer?: string;
  audience: string;
  clockToleranceSeconds?: number;
}

/**
 * Verifies Supabase-style access tokens: signature, algorithm, exp/nbf (30 s skew), iss, aud and
 * a subject. The gateway and every service use this same code, so a request that reaches a service
 * directly is held to the same rules and client-sent identity headers count for nothing.
 */
export class TokenVerifier {
  private readonly jwks?: JWTVerifyGetKey;
  private readonly secret?: Uint8Array;

  constructor(private readonly options: TokenVerifierOptions) {
    if (!options.jwksUrl && !options.hs256Secret) throw new Error('TokenVerifier needs a JWKS URL or an HS256 secret');
    if (options.jwksUrl) this.jwks = createRemoteJWKSet(new URL(options.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 600_000, timeoutDuration: 1500 });
    if (options.hs256Secret) this.secret = new TextEncoder().encode(options.hs256Secret);
  }

  /** Reads `Authorization: Bearer <token>`; anything else is a 401. */
  async verifyHeader(authorization: string | string[] | undefined): Promise<AuthUser> {
    const value = Array.isArray(authorization) ? authorization[0] : authorization;
    const match = value?.match(/^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/i);
    if (!match) throw unauthorized(value ? 'Malformed authorization header' : 'Authentication required');
    return this.verify(match[1]);
  }

  async verify(token: string): Promise<AuthUser> {
    let payload: JWTPayload;
    try {
      payload = await this.verifySignature(token);
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized('Token has expired');
      if (keysUnreachable(err)) {
        // Our key server is down: not the caller's fault, and retrying later will work.
        throw new AppError('upstream_unavailable', 'Could not verify the token right now', undefined, 503);
      }
      throw unauthorized('Invalid token');
    }
    if (typeof payload.sub !== 'string' || !/^[0-9a-f-]{36}$/i.test(payload.sub)) throw unauthorized('Invalid token');
    return {
      id: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : null,
      role: typeof payload.role === 'string' ? payload.role : 'authenticated',
      session_id: typeof payload.session_id === 'string' ? payload.session_id : null,
      app_metadata: isRecord(payload.app_metadata) ? payload.app_metadata : {},
      user_metadata: isRecord(payload.user_metadata) ? payload.user_metadata : {},
    };
  }

  private async verifySignature(token: string): Promise<JWTPayload> {
    const common = {
      audience: this.options.audience,
      issuer: this.options.issuer,
      clockTolerance: this.options.clockToleranceSeconds ?? 30,
      requiredClaims: ['exp', 'sub'],
    };
    const header = decodeHeader(token);
    if (header?.alg === 'HS256') {
      if (!this.secret) throw new Error('HS256 not accepted');
      return (await jwtVerify(token, this.secret, { ...common, algorithms: ['HS256'] })).payload;
    }
    if (!this.jwks) throw new Error('asymmetric tokens not accepted');
    return (await jwtVerify(token, this.jwks, { ...common, algorithms: ['ES256', 'RS256', 'EdDSA'] })).payload;
  }
}

const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'EAI_AGAIN']);

function keysUnreachable(err: unknown): boolean {
  if (err instanceof joseErrors.JWKSTimeout) return true;
  const e = err as { code?: string; message?: string; cause?: { code?: string } };
  return networkCodes.has(e.code ?? '') || networkCodes.has(e.cause?.code ?? '') || /Expected 200 OK/.test(e.message ?? '');
}

function decodeHeader(token: string): { alg?: string } | undefined {
  try {
    return JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
