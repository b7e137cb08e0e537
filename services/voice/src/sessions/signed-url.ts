import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@app/service-kit';
import { CLOCK, Clock } from '../clock';
import type { VoiceConfig } from '../config';

/** Where the local interviewer listens; the gateway forwards websocket upgrades under /api/voice/. */
export const agentPathPrefix = '/api/voice/agent/';

/**
 * The local agent's signed URLs: the session id and an expiry, signed with HMAC-SHA256. A URL is
 * valid until it expires and, because connecting claims the pending session, only once.
 */
@Injectable()
export class AgentUrlSigner {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: VoiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** `origin` is the public http(s) origin the browser used; the URL is its ws(s) twin. */
  sign(sessionId: string, origin: string): string {
    const expires = Math.floor(this.clock.now() / 1000) + this.config.VOICE_URL_TTL_SECONDS;
    const url = new URL(`${agentPathPrefix}${sessionId}`, (this.config.VOICE_PUBLIC_URL ?? origin).replace(/^http/, 'ws'));
    url.searchParams.set('expires', String(expires));
    url.searchParams.set('signature', this.signature(sessionId, expires));
    return url.toString();
  }

  /** The session id a request path and query carry, when the signature holds and has not expired. */
  verify(pathAndQuery: string): string | undefined {
    const url = new URL(pathAndQuery, 'http://agent.invalid');
    if (!url.pathname.startsWith(agentPathPrefix)) return undefined;
    const sessionId = url.pathname.slice(agentPathPrefix.length);
    const expires = Number(url.searchParams.get('expires'));
    const given = Buffer.from(url.searchParams.get('signature') ?? '', 'hex');
    const expected = Buffer.from(this.signature(sessionId, expires), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (!Number.isInteger(expires) || expires * 1000 < this.clock.now()) return undefined;
    return sessionId;
  }

  private signature(sessionId: string, expires: number): string {
    return createHmac('sha256', this.config.VOICE_SIGNING_SECRET).update(`${sessionId}.${expires}`).digest('hex');
  }
}
