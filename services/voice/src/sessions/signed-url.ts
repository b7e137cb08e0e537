import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@app/service-kit';
import { CLOCK, Clock } from '../clock';
import type { VoiceConfig } from '../config';

/** Where the local interviewer listens; the gateway forwards websocket upgrades under /api/voice/. */
export const agentPathPrefix = '/api/voice/agent/';

/** What a valid signed URL names: the session, and which resume of it (0: the first connection). */
interface SignedCall {
  sessionId: string;
  resume: number;
}

/**
 * The local agent's signed URLs: the session id, the resume number and an expiry, signed with
 * HMAC-SHA256. A URL is valid until it expires and, because connecting claims the pending (or
 * interrupted) session, only once.
 */
@Injectable()
export class AgentUrlSigner {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: VoiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The ws(s) twin of PUBLIC_URL when it is configured, else a relative URL the browser resolves
   * against the page it is on. Never from the request: a forged Host must not end up in a URL the
   * service signs.
   */
  sign(sessionId: string, resume = 0): string {
    const expires = Math.floor(this.clock.now() / 1000) + this.config.VOICE_URL_TTL_SECONDS;
    const query = new URLSearchParams({
      ...(resume ? { resume: String(resume) } : {}),
      expires: String(expires),
      signature: this.signature(sessionId, expires, resume),
    });
    const path = `${agentPathPrefix}${sessionId}?${query}`;
    return this.config.PUBLIC_URL ? new URL(path, this.config.PUBLIC_URL.replace(/^http/, 'ws')).toString() : path;
  }

  /** The session and resume a request path and query carry, when the signature holds and has not expired. */
  verify(pathAndQuery: string): SignedCall | undefined {
    const url = new URL(pathAndQuery, 'http://agent.invalid');
    if (!url.pathname.startsWith(agentPathPrefix)) return undefined;
    const sessionId = url.pathname.slice(agentPathPrefix.length);
    const expires = Number(url.searchParams.get('expires'));
    const resume = Number(url.searchParams.get('resume') ?? 0);
    if (!Number.isSafeInteger(resume) || resume < 0) return undefined;
    const given = Buffer.from(url.searchParams.get('signature') ?? '', 'hex');
    const expected = Buffer.from(this.signature(sessionId, expires, resume), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (!Number.isInteger(expires) || expires * 1000 < this.clock.now()) return undefined;
    return { sessionId, resume };
  }

  /** A first connection's URL signs what it always did, so URLs signed before resumes existed stay valid. */
  private signature(sessionId: string, expires: number, resume: number): string {
    const signed = resume ? `${sessionId}.${expires}.${resume}` : `${sessionId}.${expires}`;
    return createHmac('sha256', this.config.VOICE_SIGNING_SECRET).update(signed).digest('hex');
  }
}
