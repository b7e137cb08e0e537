import { Inject, Injectable } from '@nestjs/common';
import { pageSizes } from '@app/contracts';
import type { CallEvaluation, TranscriptEntry, VoiceReport, VoiceSession, VoiceSessionDetail } from '@app/contracts';
import { Database, Tx } from '@app/service-kit';
import type { ConversationSnapshot } from '../agent/conversation';
import { boundTranscript } from './transcript-bounds';

type Queryable = Pick<Tx, 'query'>;

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const columns = `s.id, s.user_id, s.provider, s.status, s.company, s.level, ${iso('s.started_at')} AS started_at,
  ${iso('s.connected_at')} AS connected_at, ${iso('s.ended_at')} AS ended_at, s.duration_seconds, s.end_reason,
  COALESCE((SELECT -sum(l.amount) FROM credit_ledger l WHERE l.session_id = s.id), 0)::int AS credits_charged,
  EXISTS (SELECT 1 FROM credit_ledger l WHERE l.session_id = s.id AND l.kind = 'refund') AS refunded,
  CASE WHEN s.status = 'connected' THEN ${iso('s.resumable_until')} END AS resumable_until, s.minutes`;

/** What the agent needs of a session to run it. */
export interface SessionPlanInput {
  id: string;
  user_id: string;
  company: string | null;
  level: string | null;
  topics: string[];
  minutes: 10 | 20;
  /** The first connection: the chosen length's limit counts from it, resumed or not. */
  connected_at: Date;
  /** Where a resumed call stood when it dropped; null on a first connection. */
  resume_state: ConversationSnapshot | null;
}

export interface OpenSession {
  id: string;
  user_id: string;
  provider: 'local' | 'elevenlabs';
  status: 'pending' | 'connected' | 'ended';
  started_at: Date;
  connected_at: Date | null;
  conversation_id: string | null;
  agent_turns: number;
  user_turns: number;
  /** Set while the call is dropped and resumable (until resumable_until). */
  interrupted_at: Date | null;
  resumable_until: Date | null;
  /** ElevenLabs calls: when their record's duration, transcript and charge were taken (null: not yet). */
  settled_at: Date | null;
  end_reason: string | null;
  company: string | null;
  level: string | null;
  topics: string[];
  minutes: 10 | 20;
  /** Stored once the call's answers are transcribed (a dropped call's when it dropped); null before. */
  transcript: TranscriptEntry[] | null;
}

/** An ElevenLabs call the poller claimed: its record is to be read now. */
export interface ClaimedCall {
  id: string;
  conversation_id: string;
  status: 'pending' | 'connected' | 'ended';
  started_at: Date;
  poll_attempts: number;
}

export interface NewSession {
  id: string;
  userId: string;
  provider: 'local' | 'elevenlabs';
  company: string | null;
  level: string | null;
  topics: string[];
  minutes: 10 | 20;
  startedAt: Date;
  conversationId: string | null;
}

export const planColumns = 'id, user_id, company, level, topics, minutes, connected_at, resume_state';

@Injectable()
export class SessionsRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /** A new session, in the transaction that debits it. */
  async create(tx: Tx, session: NewSession): Promise<void> {
    await tx.query(
      `INSERT INTO voice_sessions (id, user_id, provider, company, level, topics, minutes, started_at, conversation_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        session.id,
        session.userId,
        session.provider,
        session.company,
        session.level,
        session.topics,
        session.minutes,
        session.startedAt,
        session.conversationId,
      ],
    );
  }

  /** The newest of the caller's sessions (pageSizes.max): what the page lists, bounded however long they practise. */
  async list(userId: string): Promise<VoiceSession[]> {
    const { rows } = await this.db.query<VoiceSession>(
      `SELECT ${columns} FROM voice_sessions s WHERE s.user_id = $1 ORDER BY s.started_at DESC, s.id LIMIT $2`,
      [userId, pageSizes.max],
    );
    return rows;
  }

  async find(db: Queryable, sessionId: string, userId: string): Promise<VoiceSession | undefined> {
    const { rows } = await db.query<VoiceSession>(`SELECT ${columns} FROM voice_sessions s WHERE s.id = $1 AND s.user_id = $2`, [sessionId, userId]);
    return rows[0];
  }

  async findDetail(sessionId: string, userId: string): Promise<VoiceSessionDetail | undefined> {
    const { rows } = await this.db.query<VoiceSessionDetail>(
      `SELECT ${columns}, s.transcript, s.report, s.evaluation FROM voice_sessions s WHERE s.id = $1 AND s.user_id = $2`,
      [sessionId, userId],
    );
    return rows[0];
  }

  /** The session, locked for the rest of the transaction (ending it twice at once must refund once). */
  async lockOpen(tx: Tx, sessionId: string): Promise<OpenSession | undefined> {
    const { rows } = await tx.query<OpenSession>(
      `SELECT id, user_id, provider, status, started_at, connected_at, conversation_id, agent_turns, user_turns, interrupted_at, resumable_until,
         settled_at, end_reason, company, level, topics, minutes, transcript
       FROM voice_sessions WHERE id = $1 FOR UPDATE`,
      [sessionId],
    );
    return rows[0];
  }

  /** The conversation id ElevenLabs gave when it signed the URL, if any (the one whose record decides the refund). */
  async conversationIdOf(sessionId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ conversation_id: string | null }>('SELECT conversation_id FROM voice_sessions WHERE id = $1', [sessionId]);
    return rows[0]?.conversation_id ?? null;
  }

  async markEnded(
    tx: Tx,
    sessionId: string,
    end: { endedAt: Date; durationSeconds: number; reason: string; connectedAt?: Date | null; settled: boolean },
  ): Promise<void> {
    // An unsettled ElevenLabs call is read again at once: its record decides the rest.
    await tx.query(
      `UPDATE voice_sessions SET status = 'ended', ended_at = $2::timestamptz, duration_seconds = $3, end_reason = $4,
         connected_at = COALESCE(connected_at, $5::timestamptz),
         settled_at = CASE WHEN $6::boolean THEN $2::timestamptz END,
         next_poll_at = CASE WHEN $6::boolean THEN NULL ELSE $2::timestamptz END
       WHERE id = $1`,
      [sessionId, end.endedAt, end.durationSeconds, end.reason, end.connectedAt ?? null, end.settled],
    );
  }

  /** An ended ElevenLabs call's final record arrived: its duration, and it is settled. */
  async markSettled(tx: Tx, sessionId: string, at: Date, durationSeconds: number): Promise<void> {
    await tx.query('UPDATE voice_sessions SET duration_seconds = $3, settled_at = $2, next_poll_at = NULL, claimed_until = NULL WHERE id = $1', [
      sessionId,
      at,
      durationSeconds,
    ]);
  }

  /** An ended ElevenLabs call whose record never came: it stays charged, and is read no more. */
  async markGivenUp(tx: Tx, sessionId: string, at: Date): Promise<void> {
    await tx.query('UPDATE voice_sessions SET settled_at = $2, next_poll_at = NULL, claimed_until = NULL WHERE id = $1', [sessionId, at]);
  }

  /** ElevenLabs' analysis of the call (evaluation criteria, data collection). */
  async saveEvaluation(db: Queryable, sessionId: string, evaluation: CallEvaluation): Promise<void> {
    await db.query('UPDATE voice_sessions SET evaluation = $2 WHERE id = $1', [sessionId, JSON.stringify(evaluation)]);
  }

  /**
   * The conversation ElevenLabs' record showed to be this call's: connected from its start, read
   * again by the poller from `firstPoll`. False when another interview has it (the unique index).
   */
  async bindConversation(tx: Tx, sessionId: string, conversationId: string, connectedAt: Date, firstPoll: Date): Promise<boolean> {
    await tx.query('SAVEPOINT bind_conversation');
    try {
      await tx.query(
        `UPDATE voice_sessions SET conversation_id = $2, status = 'connected', connected_at = COALESCE(connected_at, $3), next_poll_at = $4
         WHERE id = $1`,
        [sessionId, conversationId, connectedAt, firstPoll],
      );
      await tx.query('RELEASE SAVEPOINT bind_conversation');
      return true;
    } catch (err) {
      if ((err as { code?: string }).code !== '23505') throw err;
      await tx.query('ROLLBACK TO SAVEPOINT bind_conversation');
      return false;
    }
  }

  /** The interview a conversation is bound to, whoever's it is. */
  async sessionOfConversation(conversationId: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ id: string }>('SELECT id FROM voice_sessions WHERE conversation_id = $1', [conversationId]);
    return rows[0]?.id;
  }

  /**
   * Up to `limit` ElevenLabs calls whose record is due to be read, each claimed until `until`: the
   * row locks (SKIP LOCKED) and the claim's own condition make one replica read each, and a
   * replica that dies mid-read only holds it until the claim runs out.
   */
  async claimDue(now: Date, until: Date, limit: number): Promise<ClaimedCall[]> {
    const { rows } = await this.db.query<ClaimedCall>(
      `UPDATE voice_sessions SET claimed_until = $2, poll_attempts = poll_attempts + 1
       WHERE id IN (
         SELECT id FROM voice_sessions
         WHERE provider = 'elevenlabs' AND settled_at IS NULL AND conversation_id IS NOT NULL AND next_poll_at <= $1
           AND (claimed_until IS NULL OR claimed_until <= $1)
         ORDER BY next_poll_at LIMIT $3 FOR UPDATE SKIP LOCKED)
       AND (claimed_until IS NULL OR claimed_until <= $1)
       RETURNING id, conversation_id, status, started_at, poll_attempts`,
      [now, until, limit],
    );
    return rows;
  }

  /** Not final yet: read again at `next` (unless settled meanwhile). */
  async pollAgainAt(sessionId: string, next: Date): Promise<void> {
    await this.db.query('UPDATE voice_sessions SET next_poll_at = $2, claimed_until = NULL WHERE id = $1 AND settled_at IS NULL', [sessionId, next]);
  }

  /** A verified webhook delivery, taken once: false when its signature was seen before (a replay). */
  async takeDelivery(signature: string, now: Date, forgetBefore: Date): Promise<boolean> {
    await this.db.query('DELETE FROM elevenlabs_webhook_deliveries WHERE received_at < $1', [forgetBefore]);
    const { rowCount } = await this.db.query('INSERT INTO elevenlabs_webhook_deliveries (signature, received_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      signature,
      now,
    ]);
    return rowCount === 1;
  }

  /** The local agent's single-use claim: only a pending session can be connected, once. */
  async claim(sessionId: string, at: Date): Promise<SessionPlanInput | undefined> {
    const { rows } = await this.db.query<SessionPlanInput>(
      `UPDATE voice_sessions SET status = 'connected', connected_at = $2
       WHERE id = $1 AND status = 'pending' AND provider = 'local'
       RETURNING ${planColumns}`,
      [sessionId, at],
    );
    return rows[0];
  }

  /** A turn of the live call (local agent): counted at once, so an end on any replica sees it. */
  async countTurn(sessionId: string, role: 'agent' | 'user'): Promise<void> {
    await this.db.query(
      role === 'agent'
        ? 'UPDATE voice_sessions SET agent_turns = agent_turns + 1 WHERE id = $1'
        : 'UPDATE voice_sessions SET user_turns = user_turns + 1 WHERE id = $1',
      [sessionId],
    );
  }

  /** The transcript is stored bounded (each turn and the whole), whatever its source. */
  async saveConversation(db: Queryable, sessionId: string, transcript: TranscriptEntry[], report: VoiceReport | null): Promise<void> {
    await db.query('UPDATE voice_sessions SET transcript = $2, report = $3 WHERE id = $1', [
      sessionId,
      JSON.stringify(boundTranscript(transcript)),
      report && JSON.stringify(report),
    ]);
  }

  /** Calls past their chosen length or their resume window, and URLs unclaimed for `unclaimedAfterSeconds`. */
  async overdue(now: Date, unclaimedAfterSeconds: number): Promise<Array<{ id: string; provider: 'local' | 'elevenlabs'; conversation_id: string | null }>> {
    const { rows } = await this.db.query<{ id: string; provider: 'local' | 'elevenlabs'; conversation_id: string | null }>(
      `SELECT id, provider, conversation_id FROM voice_sessions
       WHERE status <> 'ended' AND (
         (status = 'connected' AND connected_at <= $1::timestamptz - make_interval(mins => minutes))
         OR (status = 'connected' AND resumable_until <= $1)
         OR (status = 'pending' AND provider = 'local' AND started_at <= $1::timestamptz - make_interval(secs => $2))
         OR (status = 'pending' AND provider = 'elevenlabs' AND started_at <= $1::timestamptz - make_interval(mins => minutes, secs => $2)))
       ORDER BY started_at LIMIT 100`,
      [now, unclaimedAfterSeconds],
    );
    return rows;
  }
}
