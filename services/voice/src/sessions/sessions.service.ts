import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  AuthUser,
  capMessages,
  caps,
  Credits,
  EndSession,
  InterviewContext,
  SignedUrl,
  TranscriptEntry,
  voiceConstants,
  VoiceReport,
  voiceMessages,
  VoiceSession,
  VoiceSessionDetail,
} from '@app/contracts';
import { AppError, conflict, EventBus, holdDailyCap, LOGGER, Logger, notFound, SERVICE_CONFIG, Tx, unauthorized } from '@app/service-kit';
import { CLOCK, Clock } from '../clock';
import type { VoiceConfig } from '../config';
import { ElevenLabsClient, ElevenLabsConversation } from '../elevenlabs/elevenlabs.client';
import { allowanceMonth, nextTopUp } from './allowance';
import { LiveCalls } from './live-calls';
import { SessionsRepository } from './sessions.repository';
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
type ElevenLabsRecord = ElevenLabsConversation | null | undefined;

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
      return { signedUrl: remote?.signedUrl ?? this.signer.sign(sessionId), sessionId };
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
   * The owner ends the call. An ElevenLabs call's transcript and duration come from ElevenLabs'
   * record of the conversation its signed URL opened; the browser's conversation_id is only asked
   * about when ElevenLabs gave none at the start.
   */
  async end(user: AuthUser, sessionId: string, body: EndSession): Promise<VoiceSession> {
    const session = await this.sessions.find(this.sessions.db, sessionId, user.id);
    if (!session) throw notFound(voiceMessages.noSession);
    if (session.status === 'ended') return session;
    let remote: ElevenLabsRecord;
    if (session.provider === 'elevenlabs') {
      const conversationId = (await this.sessions.conversationIdOf(sessionId)) ?? body.conversation_id;
      remote = conversationId ? await this.elevenLabsRecord(sessionId, conversationId) : null;
    }
    await this.finish(sessionId, 'user', { conversationId: body.conversation_id, remote });
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
      return { signedUrl: this.signer.sign(sessionId, await this.sessions.nextResume(tx, sessionId)), sessionId };
    });
    if (resumed) return resumed;
    await this.finish(sessionId, 'error');
    throw conflict(voiceMessages.notResumable);
  }

  /** ElevenLabs' record of a conversation; undefined when ElevenLabs cannot be asked right now. */
  private elevenLabsRecord(sessionId: string, conversationId: string): Promise<ElevenLabsRecord> {
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
   */
  async finish(sessionId: string, reason: EndReason, extra: { conversationId?: string; remote?: ElevenLabsRecord } = {}): Promise<void> {
    await this.sessions.db.transaction(async (tx) => {
      const session = await this.sessions.lockOpen(tx, sessionId);
      if (!session || session.status === 'ended') return;
      const now = this.clock.now();
      const until = session.interrupted_at?.getTime() ?? now;
      let connectedAt = session.connected_at;
      let duration = connectedAt ? Math.floor((until - connectedAt.getTime()) / 1000) : 0;
      let turns = { agentTurns: session.agent_turns, userTurns: session.user_turns };
      // A call ElevenLabs could not be asked about cannot be told from a real call whose tab was
      // closed, so it counts as having taken place (a refund there would be a free interview).
      let unverifiable = false;
      if (session.provider === 'elevenlabs') {
        const { remote } = extra;
        unverifiable = remote === undefined;
        connectedAt = remote === null ? null : session.started_at;
        duration = remote === null ? 0 : (remote?.durationSeconds ?? Math.floor((now - session.started_at.getTime()) / 1000));
        turns = remote
          ? { agentTurns: remote.transcript.filter((t) => t.role === 'agent').length, userTurns: remote.transcript.filter((t) => t.role === 'user').length }
          : { agentTurns: 0, userTurns: 0 };
      }
      duration = reason === 'time_limit' && connectedAt && !session.interrupted_at ? limitSeconds : Math.min(Math.max(0, duration), limitSeconds);
      // A dropped call that was not resumed ended when it dropped, whoever closes it afterwards (the sweeper, the page giving up).
      const endReason = !connectedAt ? 'never_connected' : session.interrupted_at ? 'error' : reason;
      await this.sessions.markEnded(tx, sessionId, {
        endedAt: new Date(now),
        durationSeconds: duration,
        reason: endReason,
        conversationId: extra.conversationId,
        connectedAt,
      });
      if (!unverifiable && !tookPlace({ connected: Boolean(connectedAt), durationSeconds: duration, ...turns })) {
        await this.sessions.refund(tx, session.user_id, sessionId, voiceConstants.creditsPerSession);
      }
      if (extra.remote) {
        await this.sessions.saveConversation(tx, sessionId, extra.remote.transcript, reportFor(extra.remote.transcript, extra.remote.summary));
      }
      await this.events.record(tx, 'voice.session.ended', {
        session_id: sessionId,
        user_id: session.user_id,
        ended_at: new Date(now).toISOString(),
        duration_seconds: duration,
      });
    });
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

/** An interviewer's line that asks for an answer: a question mark, or a request such as "Tell me about yourself." */
const asksSomething = /\?|\b(tell me|describe|walk me through|talk me through|explain)\b/i;

/** The short report of an ElevenLabs call: counts from the transcript, and ElevenLabs' summary. */
function reportFor(transcript: TranscriptEntry[], summary: string | null): VoiceReport {
  // A question counts as answered once, however many turns the candidate took on it and its follow-ups.
  let asked = 0;
  let answered = 0;
  let open = false;
  for (const line of transcript) {
    if (line.role === 'agent' && asksSomething.test(line.message)) {
      asked++;
      open = true;
    } else if (line.role === 'user' && open) {
      answered++;
      open = false;
    }
  }
  return {
    summary: summary ?? `You answered ${answered} of ${asked} question${asked === 1 ? '' : 's'}.`,
    questions_asked: asked,
    answers_given: answered,
    candidate_speaking_secs: 0,
  };
}
