import { Inject, Injectable } from '@nestjs/common';
import { Database, Tx } from '@app/service-kit';
import type { ConversationSnapshot } from '../agent/conversation';
import { planColumns, SessionPlanInput } from './sessions.repository';

/** A dropped local call: where it stood, how long it may be resumed, and the single-use URLs that resume it. */
@Injectable()
export class ResumeRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /**
   * A resume URL's claim of the dropped call it was handed out for: only while it is resumable and
   * no newer URL was handed out, once (the count moves on, so the URL never claims again).
   */
  async claimResume(sessionId: string, resume: number, at: Date): Promise<SessionPlanInput | undefined> {
    const { rows } = await this.db.query<SessionPlanInput>(
      `UPDATE voice_sessions SET interrupted_at = NULL, resumable_until = NULL, resume_count = resume_count + 1
       WHERE id = $1 AND status = 'connected' AND provider = 'local' AND resume_count = $2 AND resumable_until > $3
       RETURNING ${planColumns}`,
      [sessionId, resume, at],
    );
    return rows[0];
  }

  /** The next resume URL's number: any URL handed out before it can no longer claim the call. */
  async nextResume(tx: Tx, sessionId: string): Promise<number> {
    const { rows } = await tx.query<{ resume_count: number }>(
      'UPDATE voice_sessions SET resume_count = resume_count + 1 WHERE id = $1 RETURNING resume_count',
      [sessionId],
    );
    return rows[0].resume_count;
  }

  /** The call dropped: resumable until `until`, from where it stood (unless it was ended meanwhile). */
  async interrupt(sessionId: string, state: ConversationSnapshot, at: Date, until: Date): Promise<void> {
    await this.db.query(`UPDATE voice_sessions SET interrupted_at = $2, resumable_until = $3, resume_state = $4 WHERE id = $1 AND status = 'connected'`, [
      sessionId,
      at,
      until,
      JSON.stringify(state),
    ]);
  }
}
