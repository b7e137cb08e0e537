import { Inject, Injectable } from '@nestjs/common';
import { voiceConstants } from '@app/contracts';
import { EventBus, LOGGER, Logger, Tx } from '@app/service-kit';
import { CLOCK, Clock } from '../clock';
import { callReport } from '../elevenlabs/call-report';
import { ElevenLabsClient, ElevenLabsConversation } from '../elevenlabs/elevenlabs.client';
import { CreditLedger } from './credit-ledger';
import { nothingHeard } from './heard';
import { OpenSession, SessionsRepository } from './sessions.repository';

/** A call's limit: its chosen length. */
const limitSeconds = (session: Pick<OpenSession, 'minutes'>) => session.minutes * 60;

/**
 * Whether a call really took place, from what the server observed: it connected, and either two
 * turns were exchanged (the interviewer spoke and the candidate answered) or it lasted 30 s. Only
 * a call that did not, or whose spoken answers held no word the recogniser heard, is refunded
 * (docs/voice-credits.md).
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

/** The end of a call: its length, whether it is refunded, and voice.session.ended, once, whoever ends it. */
@Injectable()
export class CallSettlement {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly ledger: CreditLedger,
    private readonly elevenLabs: ElevenLabsClient,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

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
        duration = reason === 'time_limit' && connectedAt ? limitSeconds(session) : Math.min(Math.max(0, duration), limitSeconds(session));
        endReason = !connectedAt ? 'never_connected' : reason;
        if (outcome.record) await this.saveRecord(tx, session, outcome.record);
      } else {
        duration =
          reason === 'time_limit' && connectedAt && !session.interrupted_at ? limitSeconds(session) : Math.min(Math.max(0, duration), limitSeconds(session));
        refund =
          !tookPlace({ connected: Boolean(connectedAt), durationSeconds: duration, agentTurns: session.agent_turns, userTurns: session.user_turns }) ||
          (session.transcript !== null && nothingHeard(session.transcript));
        // A dropped call that was not resumed ended when it dropped, whoever closes it afterwards (the sweeper, the page giving up).
        endReason = !connectedAt ? 'never_connected' : session.interrupted_at ? 'error' : reason;
      }
      await this.sessions.markEnded(tx, sessionId, { endedAt: new Date(now), durationSeconds: duration, reason: endReason, connectedAt, settled });
      if (refund) await this.ledger.refund(tx, session.user_id, sessionId);
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
   * A local call whose transcript came once it had ended: if no word of the candidate's answers was
   * heard, it is refunded after all (once, whoever asks).
   */
  async refundUnheard(sessionId: string): Promise<void> {
    await this.sessions.db.transaction(async (tx) => {
      const session = await this.sessions.lockOpen(tx, sessionId);
      if (session?.status === 'ended' && session.provider === 'local' && session.transcript && nothingHeard(session.transcript)) {
        await this.ledger.refund(tx, session.user_id, sessionId);
      }
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
      await this.ledger.refund(tx, session.user_id, session.id);
      return true;
    }
    if (!remote?.final || !this.isOurs(remote)) {
      if (!extra.giveUp) return false;
      await this.sessions.markGivenUp(tx, session.id, at);
      return true;
    }
    // A call the sweeper ended at the limit keeps the limit as its length.
    const duration = session.end_reason === 'time_limit' ? limitSeconds(session) : Math.min(remote.durationSeconds ?? 0, limitSeconds(session));
    await this.sessions.markSettled(tx, session.id, at, duration);
    await this.saveRecord(tx, session, remote);
    if (!tookPlace({ connected: true, durationSeconds: remote.durationSeconds ?? 0, ...turnsOf(remote) })) {
      await this.ledger.refund(tx, session.user_id, session.id);
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
}

/** The turns of an ElevenLabs call, from its transcript. */
function turnsOf(record: ElevenLabsConversation): { agentTurns: number; userTurns: number } {
  return {
    agentTurns: record.transcript.filter((t) => t.role === 'agent').length,
    userTurns: record.transcript.filter((t) => t.role === 'user').length,
  };
}
