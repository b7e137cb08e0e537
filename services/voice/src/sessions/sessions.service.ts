import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  AuthUser,
  capMessages,
  caps,
  Credits,
  InterviewContext,
  SignedUrl,
  voiceConstants,
  voiceMessages,
  VoiceSession,
  VoiceSessionDetail,
} from '@app/contracts';
import { AppError, conflict, EventBus, holdDailyCap, LOGGER, Logger, notFound, SERVICE_CONFIG, Tx, unauthorized } from '@app/service-kit';
import { CLOCK, Clock } from '../clock';
import type { VoiceConfig } from '../config';
import { agentPlanFor } from '../elevenlabs/agent-plan';
import { callReport } from '../elevenlabs/call-report';
import { ElevenLabsClient, ElevenLabsConversation } from '../elevenlabs/elevenlabs.client';
import { allowanceMonth, nextTopUp } from './allowance';
import { LiveCalls } from './live-calls';
import { OpenSession, SessionsRepository } from './sessions.repository';
import { AgentUrlSigner } from './signed-url';

const limitSeconds = voiceConstants.sessionLimitMinutes * 60;

/**
 * Whether a call really took place, from what the server observed: it connected, and either two
 * turns were exchanged (the interviewer spoke and the candidate answered) or it lasted 30 s. Only
 * a call that did not is refunded (docs/voice-credits.md).
 */
function tookPlace(call: { connected: boolean; durationSeconds: number; agentTurns: number; userTurns: number }): boolean {
  if (!call.connected) return false;
  return (call.agentTurns > 0 && call.userTurns > 0) || call.durationSeconds >= voiceConstants.refundUnderSeconds;
}

/** ElevenLabs' record of a call; null: it has none (the call never connected); undefined: it could not be asked. */
export type ElevenLabsRecord = ElevenLabsConversation | null | undefined;

/**
 * An ElevenLabs interview that no conversation was ever bound to can still be refunded this long
 * after it started: the page's microphone refusal or failed connection ends it within seconds.
 * Later, an end without a conversation could be a real call whose binding the page held back, so
 * it is charged (the spec's rule: refunded when it never connected or lasted under 30 s).
 */
const unboundRefundWindowMs = voiceConstants.refundUnderSeconds * 1000;

export type EndReason = 'user' | 'agent' | 'time_limit' | 'error';

/** Credits and sessions: every start is a debit, every early or failed end a refund, all in the ledger. */
@Injectable()
export class SessionsService implements OnModuleInit, OnModuleDestroy {
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly signer: AgentUrlSigner,
    private readonly elevenLabs: ElevenLabsClient,
    private readonly calls: LiveCalls,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(SERVICE_CONFIG) private readonly config: VoiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.sweeper = setInterval(() => {
      this.sweep().catch((err: Error) => this.logger.warn({ err }, 'voice session sweep failed'));
    }, this.config.VOICE_SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /** Starter credits for a new account, once, whoever comes first: the sign-up event or a first use. */
  async grantStarterCredits(tx: Tx, userId: string): Promise<void> {
    if (await this.sessions.isErased(tx, userId)) return;
    await this.sessions.ensureAccount(tx, userId, this.config.VOICE_STARTER_CREDITS, allowanceMonth(this.clock.now()));
  }

  /** The balance, after this month's allowance (the first read of a month is a use that settles it). */
  async credits(user: AuthUser): Promise<Credits> {
    return this.sessions.db.transaction(async (tx) => {
      const now = await this.ensureUsable(tx, user.id);
      return {
        balance: await this.sessions.balance(tx, user.id),
        monthly_allowance: this.config.VOICE_MONTHLY_CREDITS,
        next_top_up_at: nextTopUp(now).toISOString(),
      };
    });
  }

  /**
   * Debits 5 credits and records the session in one transaction, under the account's row lock, so
   * concurrent starts see each other's debits. With ElevenLabs the URL is fetched inside that
   * transaction too: if ElevenLabs fails, nothing was charged.
   */
  async start(user: AuthUser, context: InterviewContext): Promise<SignedUrl> {
    const sessionId = randomUUID();
    return this.sessions.db.transaction(async (tx) => {
      await this.ensureUsable(tx, user.id);
      await this.sessions.lockAccount(tx, user.id);
      // Refunds make short sessions free: the day's cap bounds them, credits or not.
      await holdDailyCap(tx, {
        kind: 'voice-sessions',
        userId: user.id,
        rows: 'voice_sessions WHERE user_id = $1',
        at: 'started_at',
        cap: caps.voiceSessionsPerDay,
        message: capMessages.voiceSessionsPerDay,
      });
      if ((await this.sessions.balance(tx, user.id)) < voiceConstants.creditsPerSession) {
        throw new AppError('insufficient_credits', voiceMessages.insufficientCredits);
      }
      const provider = this.elevenLabs.enabled ? 'elevenlabs' : 'local';
      const remote = provider === 'elevenlabs' ? await this.elevenLabsUrl() : undefined;
      const startedAt = new Date(this.clock.now());
      await this.sessions.createWithDebit(
        tx,
        {
          id: sessionId,
          userId: user.id,
          provider,
          company: context.company ?? null,
          level: context.level ?? null,
          topics: context.topics ?? [],
          minutes: context.minutes ?? voiceConstants.sessionLimitMinutes,
          startedAt,
          conversationId: remote?.conversationId ?? null,
        },
        voiceConstants.creditsPerSession,
      );
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
   * The owner ends the call. An ElevenLabs call's transcript, duration and charge come from
   * ElevenLabs' record of the conversation bound to it (by its signed URL or on connect, after
   * checks); nothing the page says about the call is taken. A record not final yet leaves the call
   * ended but unsettled: the webhook or the poller settles it.
   */
  async end(user: AuthUser, sessionId: string): Promise<VoiceSession> {
    const session = await this.sessions.find(this.sessions.db, sessionId, user.id);
    if (!session) throw notFound(voiceMessages.noSession);
    if (session.status === 'ended') return session;
    let remote: ElevenLabsRecord;
    if (session.provider === 'elevenlabs') {
      const conversationId = await this.sessions.conversationIdOf(sessionId);
      if (conversationId) remote = await this.elevenLabsRecord(sessionId, conversationId);
    }
    await this.finish(sessionId, 'user', { remote });
    this.calls.hangUp(sessionId);
    const ended = await this.sessions.find(this.sessions.db, sessionId, user.id);
    if (!ended) throw notFound(voiceMessages.noSession);
    return ended;
  }

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
      return { signedUrl: this.signer.sign(sessionId, await this.sessions.nextResume(tx, sessionId)), sessionId };
    });
    if (resumed) return resumed;
    await this.finish(sessionId, 'error');
    throw conflict(voiceMessages.notResumable);
  }

  /** ElevenLabs' record of a conversation; null when it has none, undefined when it cannot be asked right now. */
  elevenLabsRecord(sessionId: string, conversationId: string): Promise<ElevenLabsRecord> {
    if (!this.elevenLabs.enabled) return Promise.resolve(undefined);
    return this.elevenLabs.conversation(conversationId).then(
      (found) => found ?? null,
      (err: Error) => {
        this.logger.warn({ err, session_id: sessionId }, 'ElevenLabs conversation unavailable; ended without its transcript');
        return undefined;
      },
    );
  }

  /**
   * Ends a session once (the row is locked; a second end changes nothing): duration from the
   * connection (capped at the limit) to the end, or to the drop of a call left unresumed, a refund
   * only when the call never really took place (tookPlace), and voice.session.ended through the outbox.
   * An ElevenLabs call is judged by ElevenLabs' record alone (elevenLabsOutcome); one that ended
   * before its record was final is settled here later, when it is. Answers whether anything changed.
   */
  async finish(sessionId: string, reason: EndReason, extra: { remote?: ElevenLabsRecord; giveUp?: boolean } = {}): Promise<boolean> {
    return this.sessions.db.transaction(async (tx) => {
      const session = await this.sessions.lockOpen(tx, sessionId);
      if (!session) return false;
      const now = this.clock.now();
      if (session.status === 'ended') {
        if (session.provider !== 'elevenlabs' || session.settled_at) return false;
        return this.settleEnded(tx, session, extra, now);
      }
      const until = session.interrupted_at?.getTime() ?? now;
      let connectedAt = session.connected_at;
      let duration = connectedAt ? Math.floor((until - connectedAt.getTime()) / 1000) : 0;
      let refund: boolean;
      let settled = true;
      let endReason: string;
      if (session.provider === 'elevenlabs') {
        const outcome = this.elevenLabsOutcome(session, extra, now);
        ({ connectedAt, duration, refund, settled } = outcome);
        duration = reason === 'time_limit' && connectedAt ? limitSeconds : Math.min(Math.max(0, duration), limitSeconds);
        endReason = !connectedAt ? 'never_connected' : reason;
        if (outcome.record) await this.saveRecord(tx, session, outcome.record);
      } else {
        duration = reason === 'time_limit' && connectedAt && !session.interrupted_at ? limitSeconds : Math.min(Math.max(0, duration), limitSeconds);
        refund = !tookPlace({ connected: Boolean(connectedAt), durationSeconds: duration, agentTurns: session.agent_turns, userTurns: session.user_turns });
        // A dropped call that was not resumed ended when it dropped, whoever closes it afterwards (the sweeper, the page giving up).
        endReason = !connectedAt ? 'never_connected' : session.interrupted_at ? 'error' : reason;
      }
      await this.sessions.markEnded(tx, sessionId, { endedAt: new Date(now), durationSeconds: duration, reason: endReason, connectedAt, settled });
      if (refund) await this.sessions.refund(tx, session.user_id, sessionId, voiceConstants.creditsPerSession);
      await this.events.record(tx, 'voice.session.ended', {
        session_id: sessionId,
        user_id: session.user_id,
        ended_at: new Date(now).toISOString(),
        duration_seconds: duration,
      });
      return true;
    });
  }

  /**
   * What ElevenLabs' record says of a call being ended: with no conversation bound, it never
   * connected (refunded within unboundRefundWindowMs of the start only); a conversation ElevenLabs
   * does not have never connected; a final record gives the duration and turns; anything else (not
   * final, or ElevenLabs unreachable) is charged for now and left unsettled, for the record to decide.
   */
  private elevenLabsOutcome(
    session: OpenSession,
    extra: { remote?: ElevenLabsRecord; giveUp?: boolean },
    now: number,
  ): { connectedAt: Date | null; duration: number; refund: boolean; settled: boolean; record?: ElevenLabsConversation } {
    const { remote } = extra;
    if (!session.conversation_id) {
      return { connectedAt: null, duration: 0, refund: now - session.started_at.getTime() <= unboundRefundWindowMs, settled: true };
    }
    if (remote === null) return { connectedAt: null, duration: 0, refund: true, settled: true };
    const connectedAt = session.connected_at ?? (remote?.startedAt ? new Date(remote.startedAt) : session.started_at);
    if (remote?.final && this.isOurs(remote)) {
      const duration = remote.durationSeconds ?? 0;
      return { connectedAt, duration, refund: !tookPlace({ connected: true, durationSeconds: duration, ...turnsOf(remote) }), settled: true, record: remote };
    }
    // Charged until the record says otherwise; a call given up on (its record never came) stays charged.
    return { connectedAt, duration: Math.floor((now - connectedAt.getTime()) / 1000), refund: false, settled: Boolean(extra.giveUp) };
  }

  /** An ended, unsettled ElevenLabs call: its final record (or ElevenLabs' "no such conversation") settles it. */
  private async settleEnded(tx: Tx, session: OpenSession, extra: { remote?: ElevenLabsRecord; giveUp?: boolean }, now: number): Promise<boolean> {
    const { remote } = extra;
    const at = new Date(now);
    if (remote === null) {
      await this.sessions.markSettled(tx, session.id, at, 0);
      await this.sessions.refund(tx, session.user_id, session.id, voiceConstants.creditsPerSession);
      return true;
    }
    if (!remote?.final || !this.isOurs(remote)) {
      if (!extra.giveUp) return false;
      await tx.query('UPDATE voice_sessions SET settled_at = $2, next_poll_at = NULL, claimed_until = NULL WHERE id = $1', [session.id, at]);
      return true;
    }
    // A call the sweeper ended at the limit keeps the limit as its length.
    const duration = session.end_reason === 'time_limit' ? limitSeconds : Math.min(remote.durationSeconds ?? 0, limitSeconds);
    await this.sessions.markSettled(tx, session.id, at, duration);
    await this.saveRecord(tx, session, remote);
    if (!tookPlace({ connected: true, durationSeconds: remote.durationSeconds ?? 0, ...turnsOf(remote) })) {
      await this.sessions.refund(tx, session.user_id, session.id, voiceConstants.creditsPerSession);
    }
    return true;
  }

  /** The transcript (bounded), ElevenLabs' evaluation, and the report by the local interviewer's rules. */
  private async saveRecord(tx: Tx, session: OpenSession, record: ElevenLabsConversation): Promise<void> {
    const context = { seed: session.id, company: session.company, level: session.level, topics: session.topics, minutes: session.minutes };
    await this.sessions.saveConversation(tx, session.id, record.transcript, callReport(record.transcript, context, record.summary, record.durationSeconds));
    await this.sessions.saveEvaluation(tx, session.id, record.evaluation);
  }

  /** A record of another agent is not this app's call, whatever id it came under. */
  private isOurs(record: ElevenLabsConversation): boolean {
    const ours = record.agentId === this.elevenLabs.agentId;
    if (!ours) this.logger.warn({ conversation_id: record.conversationId, agent_id: record.agentId }, 'ElevenLabs record of another agent ignored');
    return ours;
  }

  /** The server's side of the limits: calls past 20 minutes or their resume window end, URLs never used are refunded. */
  async sweep(): Promise<number> {
    const now = new Date(this.clock.now());
    const overdue = await this.sessions.overdue(now, limitSeconds, this.config.VOICE_URL_TTL_SECONDS + 30);
    for (const { id, provider, conversation_id } of overdue) {
      // ElevenLabs' record, when the server knows which conversation to ask about; else the call is charged.
      const remote = provider === 'elevenlabs' && conversation_id ? await this.elevenLabsRecord(id, conversation_id) : undefined;
      await this.finish(id, 'time_limit', { remote });
      this.calls.timeUp(id);
    }
    return overdue.length;
  }

  erase(tx: Tx, userId: string): Promise<void> {
    return this.sessions.erase(tx, userId);
  }

  /**
   * A deleted account's token still works until it expires; it must not get credits back. Otherwise
   * the account exists (starter credits) and this month's allowance is settled. Answers the time it
   * judged the month by.
   */
  private async ensureUsable(tx: Tx, userId: string): Promise<number> {
    if (await this.sessions.isErased(tx, userId)) throw unauthorized(voiceMessages.deletedAccount);
    const now = this.clock.now();
    const month = allowanceMonth(now);
    await this.sessions.ensureAccount(tx, userId, this.config.VOICE_STARTER_CREDITS, month);
    await this.sessions.settleAllowance(tx, userId, month, this.config.VOICE_MONTHLY_CREDITS);
    return now;
  }
}

/** The turns of an ElevenLabs call, from its transcript. */
function turnsOf(record: ElevenLabsConversation): { agentTurns: number; userTurns: number } {
  return {
    agentTurns: record.transcript.filter((t) => t.role === 'agent').length,
    userTurns: record.transcript.filter((t) => t.role === 'user').length,
  };
}
