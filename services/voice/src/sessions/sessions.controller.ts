import { Controller } from '@nestjs/common';
import { AuthUser, Credits, SignedUrl, VoiceSession, VoiceSessionDetail, voiceApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedParams, ParsedQuery } from '@app/service-kit';
import { ElevenLabsCalls } from '../elevenlabs/elevenlabs-calls.service';
import { CreditLedger } from './credit-ledger';
import { CallResume } from './resume';
import { SessionsService } from './sessions.service';

/** Only ever the caller's own credits and sessions: someone else's session is a 404. */
@Controller()
export class SessionsController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly ledger: CreditLedger,
    private readonly resumes: CallResume,
    private readonly calls: ElevenLabsCalls,
  ) {}

  @Endpoint(voiceApi.signedUrl)
  start(@CurrentUser() user: AuthUser, @ParsedQuery() context: Input<typeof voiceApi.signedUrl>['query']): Promise<SignedUrl> {
    return this.sessions.start(user, context ?? {});
  }

  @Endpoint(voiceApi.credits)
  credits(@CurrentUser() user: AuthUser): Promise<Credits> {
    return this.ledger.credits(user);
  }

  @Endpoint(voiceApi.listSessions)
  list(@CurrentUser() user: AuthUser): Promise<VoiceSession[]> {
    return this.sessions.list(user);
  }

  @Endpoint(voiceApi.getSession)
  get(@CurrentUser() user: AuthUser, @ParsedParams() { sessionId }: Input<typeof voiceApi.getSession>['params']): Promise<VoiceSessionDetail> {
    return this.sessions.get(user, sessionId);
  }

  @Endpoint(voiceApi.resumeSession)
  resume(@CurrentUser() user: AuthUser, @ParsedParams() { sessionId }: Input<typeof voiceApi.resumeSession>['params']): Promise<SignedUrl> {
    return this.resumes.resume(user, sessionId);
  }

  @Endpoint(voiceApi.endSession)
  async end(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { sessionId }: Input<typeof voiceApi.endSession>['params'],
    @ParsedBody() body: Input<typeof voiceApi.endSession>['body'],
  ): Promise<{ data: VoiceSession }> {
    // A conversation the page names now is only bound if ElevenLabs' record passes bind's checks.
    if (body.conversation_id) await this.calls.bindHint(user, sessionId, body.conversation_id);
    return { data: await this.sessions.end(user, sessionId) };
  }
}
