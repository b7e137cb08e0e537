import { Inject, Injectable } from '@nestjs/common';
import { AuthUser, SignedUrl, voiceMessages } from '@app/contracts';
import { conflict, notFound } from '@app/service-kit';
import { CLOCK, Clock } from '../clock';
import { LiveCalls } from './live-calls';
import { ResumeRepository } from './resume.repository';
import { SessionsRepository } from './sessions.repository';
import { CallSettlement } from './settlement';
import { AgentUrlSigner } from './signed-url';

/** Going on with a dropped local call, without a new charge, while its resume window lasts. */
@Injectable()
export class CallResume {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly resumes: ResumeRepository,
    private readonly settlement: CallSettlement,
    private readonly signer: AgentUrlSigner,
    private readonly calls: LiveCalls,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * A new single-use URL for the owner's dropped call, within the resume window, without a new
   * charge. Each one makes the ones before it unusable. Past the window the call is ended (as the
   * sweeper would) and the answer is 409.
   */
  async resume(user: AuthUser, sessionId: string): Promise<SignedUrl> {
    const resumed = await this.sessions.db.transaction(async (tx) => {
      const session = await this.sessions.lockOpen(tx, sessionId);
      if (!session || session.user_id !== user.id) throw notFound(voiceMessages.noSession);
      if (session.provider === 'elevenlabs') throw conflict(voiceMessages.elevenLabsNotResumable);
      if (session.status === 'connected' && !session.resumable_until) throw conflict(voiceMessages.stillConnected);
      if (session.status !== 'connected' || !session.resumable_until) throw conflict(voiceMessages.notResumable);
      if (session.resumable_until.getTime() <= this.clock.now()) return undefined;
      this.calls.expected();
      return { signedUrl: this.signer.sign(sessionId, await this.resumes.nextResume(tx, sessionId)), sessionId };
    });
    if (resumed) return resumed;
    await this.settlement.finish(sessionId, 'error');
    throw conflict(voiceMessages.notResumable);
  }
}
