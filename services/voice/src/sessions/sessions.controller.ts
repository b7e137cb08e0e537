import { Controller, Req } from '@nestjs/common';
import { AuthUser, SignedUrl, VoiceSession, VoiceSessionDetail, voiceApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedParams, ParsedQuery } from '@app/service-kit';
import type { Request } from 'express';
import { SessionsService } from './sessions.service';

/** The public origin the browser used (through the gateway: its X-Forwarded-Proto/Host). */
const originOf = (req: Request): string => {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0].trim();
  const proto = first(req.headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  return `${proto}://${first(req.headers['x-forwarded-host']) ?? req.headers.host}`;
};

/** Only ever the caller's own credits and sessions: someone else's session is a 404. */
@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Endpoint(voiceApi.signedUrl)
  start(@CurrentUser() user: AuthUser, @ParsedQuery() context: Input<typeof voiceApi.signedUrl>['query'], @Req() req: Request): Promise<SignedUrl> {
    return this.sessions.start(user, context ?? {}, originOf(req));
  }

  @Endpoint(voiceApi.credits)
  credits(@CurrentUser() user: AuthUser): Promise<{ balance: number }> {
    return this.sessions.credits(user);
  }

  @Endpoint(voiceApi.listSessions)
  list(@CurrentUser() user: AuthUser): Promise<VoiceSession[]> {
    return this.sessions.list(user);
  }

  @Endpoint(voiceApi.getSession)
  get(@CurrentUser() user: AuthUser, @ParsedParams() { sessionId }: Input<typeof voiceApi.getSession>['params']): Promise<VoiceSessionDetail> {
    return this.sessions.get(user, sessionId);
  }

  @Endpoint(voiceApi.endSession)
  async end(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { sessionId }: Input<typeof voiceApi.endSession>['params'],
    @ParsedBody() body: Input<typeof voiceApi.endSession>['body'],
  ): Promise<{ data: VoiceSession }> {
    return { data: await this.sessions.end(user, sessionId, body) };
  }
}
