import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AuthUser, capMessages, caps, InterviewContext, SignedUrl, voiceConstants, voiceMessages, VoiceSession, VoiceSessionDetail } from '@app/contracts';
import { AppError, EventBus, holdDailyCap, LOGGER, Logger, notFound } from '@app/service-kit';
import { CLOCK, Clock } from '../clock';
import { agentPlanFor } from '../elevenlabs/agent-plan';
import { ElevenLabsClient } from '../elevenlabs/elevenlabs.client';
import { CreditLedger } from './credit-ledger';
import { LiveCalls } from './live-calls';
import { SessionsRepository } from './sessions.repository';
import { CallSettlement, ElevenLabsRecord } from './settlement';
import { AgentUrlSigner } from './signed-url';

/** A user's sessions: starting one (its debit in the ledger), reading them, and ending one. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly ledger: CreditLedger,
    private readonly settlement: CallSettlement,
    private readonly signer: AgentUrlSigner,
    private readonly elevenLabs: ElevenLabsClient,
    private readonly calls: LiveCalls,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Debits 5 credits and records the session in one transaction, under the account's row lock, so
   * concurrent starts see each other's debits. With ElevenLabs the URL is fetched inside that
   * transaction too: if ElevenLabs fails, nothing was charged.
   */
  async start(user: AuthUser, context: InterviewContext): Promise<SignedUrl> {
    const sessionId = randomUUID();
    return this.sessions.db.transaction(async (tx) => {
      await this.ledger.ensureUsable(tx, user.id);
      await this.ledger.lockAccount(tx, user.id);
      // Refunds make short sessions free: the day's cap bounds them, credits or not.
      await holdDailyCap(tx, {
        kind: 'voice-sessions',
        userId: user.id,
        rows: 'voice_sessions WHERE user_id = $1',
        at: 'started_at',
        cap: caps.voiceSessionsPerDay,
        message: capMessages.voiceSessionsPerDay,
      });
      await this.ledger.ensureCanPay(tx, user.id);
      const provider = this.elevenLabs.enabled ? 'elevenlabs' : 'local';
      const remote = provider === 'elevenlabs' ? await this.elevenLabsUrl() : undefined;
      const startedAt = new Date(this.clock.now());
      await this.sessions.create(tx, {
        id: sessionId,
        userId: user.id,
        provider,
        company: context.company ?? null,
        level: context.level ?? null,
        topics: context.topics ?? [],
        minutes: context.minutes ?? voiceConstants.sessionLimitMinutes,
        startedAt,
        conversationId: remote?.conversationId ?? null,
      });
      await this.ledger.debit(tx, user.id, sessionId);
      await this.events.record(tx, 'voice.session.started', { session_id: sessionId, user_id: user.id, started_at: startedAt.toISOString() });
      if (!remote) {
        this.calls.expected();
        return { signedUrl: this.signer.sign(sessionId), sessionId };
      }
      // The agent runs the plan the local interviewer would: the page hands it over at connection.
      const plan = agentPlanFor(
        {
          seed: sessionId,
          company: context.company ?? null,
          level: context.level ?? null,
          topics: context.topics ?? [],
          minutes: context.minutes ?? voiceConstants.sessionLimitMinutes,
        },
        user.id,
      );
      return { signedUrl: remote.signedUrl, sessionId, plan };
    });
  }

  private elevenLabsUrl(): Promise<{ signedUrl: string; conversationId: string | null }> {
    return this.elevenLabs.signedUrl().catch((err: Error) => {
      this.logger.warn({ err }, 'ElevenLabs refused a signed URL');
      throw new AppError('upstream_unavailable', voiceMessages.providerUnavailable);
    });
  }

  list(user: AuthUser): Promise<VoiceSession[]> {
    return this.sessions.list(user.id);
  }

  async get(user: AuthUser, sessionId: string): Promise<VoiceSessionDetail> {
    const session = await this.sessions.findDetail(sessionId, user.id);
    if (!session) throw notFound(voiceMessages.noSession);
    return session;
  }

  /**
   * The owner ends the call. A local call is hung up and settled by the replica holding its socket,
   * whichever replica this is; one nobody holds (never connected, dropped, or its replica gone) is
   * settled here. An ElevenLabs call's transcript, duration and charge come from ElevenLabs' record
   * of the conversation bound to it (by its signed URL or on connect, after checks); nothing the
   * page says about the call is taken. A record not final yet leaves the call ended but unsettled:
   * the webhook or the poller settles it.
   */
  async end(user: AuthUser, sessionId: string): Promise<VoiceSession> {
    const session = await this.sessions.find(this.sessions.db, sessionId, user.id);
    if (!session) throw notFound(voiceMessages.noSession);
    if (session.status === 'ended') return session;
    let remote: ElevenLabsRecord;
    if (session.provider === 'elevenlabs') {
      const conversationId = await this.sessions.conversationIdOf(sessionId);
      if (conversationId) remote = await this.settlement.elevenLabsRecord(sessionId, conversationId);
    } else {
      await this.calls.hangUp(sessionId);
    }
    // Nothing to do if the holder settled it.
    await this.settlement.finish(sessionId, 'user', { remote });
    const ended = await this.sessions.find(this.sessions.db, sessionId, user.id);
    if (!ended) throw notFound(voiceMessages.noSession);
    return ended;
  }
}
