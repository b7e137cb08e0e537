import { Inject, Injectable } from '@nestjs/common';
import { capMessages, caps } from '@app/contracts';
import type { CreateQuestion, Difficulty, PracticeSession, PracticeSummary, Question, ScheduleCard, ScoredSession } from '@app/contracts';
import { cursorTime, Database, holdDailyCap, holdTotalCap, PagePosition, rememberErased, Tx } from '@app/service-kit';

const iso = (column: string, alias = column.split('.').pop()) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${alias}`;
// Ordering names the table's column (q.created_at, s.created_at): a bare created_at would mean the
// formatted text of the select list, sorted as text and without the (…, created_at DESC) indexes.
const sessionColumns = `id, question_id, user_id, correctness, confidence, timer, notes, errors, submissions, grade, ${iso('created_at')}`;

/** A question with its review summary and what its retention is computed from. */
export interface QuestionRow extends Question {
  session_count: number;
  last_solved_at: string | null;
  /** When FSRS says to review it next (migration 0008). */
  due_at: string;
  recent: ScoredSession[];
  /** Changes with every write to the row (migration 0004). */
  row_version: string;
}

/** Where a list's questions come from: the caller's version, their ids in list order, their rows. */
export interface QuestionListSource {
  listVersion(userId: string): Promise<string>;
  listIndex(userId: string): Promise<Array<{ id: string; row_version: string }>>;
  listRows(userId: string, ids?: string[]): Promise<QuestionRow[]>;
}

@Injectable()
export class QuestionsRepository implements QuestionListSource {
  constructor(@Inject(Database) readonly db: Database) {}

  /** The caller's questions (all, or those of `ids`) with their review summary: one index scan. */
  async listRows(userId: string, ids?: string[]): Promise<QuestionRow[]> {
    const { rows } = await this.db.query<QuestionRow>(
      `SELECT id, title, difficulty, tags, ${iso('created_at')}, session_count, ${iso('last_solved_at')}, ${iso('due_at')}, recent_sessions AS recent, row_version::text AS row_version
       FROM leetcode_questions q
       WHERE user_id = $1 ${ids ? 'AND id = ANY($2::uuid[])' : ''}
       ORDER BY q.created_at DESC, q.id`,
      ids ? [userId, ids] : [userId],
    );
    return rows;
  }

  /**
   * The caller's question ids in list order with each row's version, as one string (one value to
   * read instead of 2,000 rows): what a kept list compares itself against.
   */
  async listIndex(userId: string): Promise<Array<{ id: string; row_version: string }>> {
    const { rows } = await this.db.query<{ index: string | null }>(
      `SELECT string_agg(id::text || ' ' || row_version, ',' ORDER BY created_at DESC, id) AS index FROM leetcode_questions WHERE user_id = $1`,
      [userId],
    );
    if (!rows[0].index) return [];
    return rows[0].index.split(',').map((entry) => {
      const [id, row_version] = entry.split(' ');
      return { id, row_version };
    });
  }

  /**
   * Changes whenever the caller's list does: a question added or deleted, a session logged (a
   * trigger bumps it, migration 0003). One primary-key lookup.
   */
  async listVersion(userId: string): Promise<string> {
    const { rows } = await this.db.query<{ version: string }>('SELECT version::text AS version FROM list_versions WHERE user_id = $1', [userId]);
    return rows[0]?.version ?? '0';
  }

  /** From each question's review summary (migration 0005): one index scan, no session read. */
  async summary(userId: string): Promise<PracticeSummary> {
    const { rows } = await this.db.query<{ difficulty: Difficulty; reviews: number; minutes: number; solved: number }>(
      `SELECT difficulty, sum(session_count)::int AS reviews, sum(total_minutes)::float8 AS minutes, count(*) FILTER (WHERE session_count > 0)::int AS solved
       FROM leetcode_questions WHERE user_id = $1 GROUP BY difficulty`,
      [userId],
    );
    const summary: PracticeSummary = { total_reviews: 0, reviews_by_difficulty: { Easy: 0, Medium: 0, Hard: 0 }, solved_questions: 0, average_minutes: null };
    let minutes = 0;
    for (const row of rows) {
      summary.reviews_by_difficulty[row.difficulty] = row.reviews;
      summary.total_reviews += row.reviews;
      summary.solved_questions += row.solved;
      minutes += row.minutes;
    }
    if (summary.total_reviews > 0) summary.average_minutes = Math.round(minutes / summary.total_reviews);
    return summary;
  }

  /**
   * Adds a question; undefined when the caller already has one of that title, ignoring case. 409
   * when they already track as many as the cap allows (counted under their lock, see holdTotalCap).
   */
  async create(tx: Tx, userId: string, question: CreateQuestion): Promise<Question | undefined> {
    await this.holdQuestionCap(tx, userId);
    const { rows } = await tx.query<Question>(
      `INSERT INTO leetcode_questions (user_id, title, difficulty, tags)
       SELECT $1, $2, $3, $4
       WHERE NOT EXISTS (SELECT 1 FROM leetcode_questions WHERE user_id = $1 AND lower(title) = lower($2))
       RETURNING id, title, difficulty, tags, ${iso('created_at')}`,
      [userId, question.title, question.difficulty, question.tags ?? null],
    );
    return rows[0];
  }

  /**
   * 409 when the caller already tracks as many problems as the cap allows. Every writer of their
   * questions takes this lock first, so concurrent adds see each other's rows (see holdTotalCap).
   */
  holdQuestionCap(tx: Tx, userId: string): Promise<void> {
    return holdTotalCap(tx, {
      kind: 'questions',
      userId,
      rows: 'leetcode_questions WHERE user_id = $1',
      cap: caps.questionsPerUser,
      message: capMessages.questions,
    });
  }

  /**
   * Adds those of `questions` whose title the caller does not track yet (ignoring case), the first
   * of them last so the newest-first list reads in their order; the number added. Call under
   * holdQuestionCap.
   */
  async createMissing(tx: Tx, userId: string, questions: ReadonlyArray<CreateQuestion>): Promise<number> {
    const reversed = [...questions].reverse();
    const { rowCount } = await tx.query(
      `INSERT INTO leetcode_questions (user_id, title, difficulty, tags)
       SELECT $1, p.title, p.difficulty, p.tags
       FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS p(title, difficulty, tags, position)
       WHERE lower(p.title) NOT IN (SELECT lower(title) FROM leetcode_questions WHERE user_id = $1)
       ORDER BY p.position`,
      [userId, reversed.map((q) => q.title), reversed.map((q) => q.difficulty), reversed.map((q) => q.tags ?? null)],
    );
    return rowCount ?? 0;
  }

  async count(tx: Tx, userId: string): Promise<number> {
    const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM leetcode_questions WHERE user_id = $1', [userId]);
    return rows[0].n;
  }

  /** Deletes one of the caller's questions (its sessions go with it); false when it is not theirs. */
  async delete(userId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM leetcode_questions WHERE id = $1 AND user_id = $2', [id, userId]);
    return (rowCount ?? 0) > 0;
  }

  /** Everything of a deleted account: their questions, with them their sessions, their mock interview count, their daily limits, time zone, calendar feed, interview day and review e-mails; the id is remembered. */
  async eraseAllOf(tx: Tx, userId: string): Promise<void> {
    await tx.query('DELETE FROM review_limits WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM time_zones WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM review_digests WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM review_email_choices WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM calendar_feeds WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM interview_dates WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM mock_interviews WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM leetcode_sessions WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM leetcode_questions WHERE user_id = $1', [userId]);
    // System Design's attempts, progress and concept cards, and the reports the account shared stop counting (migration 0020).
    await tx.query('SELECT erase_system_design($1)', [userId]);
    await rememberErased(tx, userId);
  }

  async owns(userId: string, id: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM leetcode_questions WHERE id = $1 AND user_id = $2', [id, userId]);
    return rows.length > 0;
  }

  /**
   * Locks one of the caller's questions for a new session: concurrent reviews of the same question
   * then refresh its summary one after the other, each seeing the other's session.
   */
  async lockOwned(tx: Tx, userId: string, id: string): Promise<{ schedule: ScheduleCard | null } | undefined> {
    const { rows } = await tx.query<{ schedule: ScheduleCard | null }>('SELECT schedule FROM leetcode_questions WHERE id = $1 AND user_id = $2 FOR UPDATE', [
      id,
      userId,
    ]);
    return rows[0];
  }

  /**
   * Locks the question of one of the caller's reviews, as a new review of it would: an undo and a
   * review of the same problem go one after the other. Tells whether it is the caller's newest review
   * and how old it is.
   */
  async lockReviewToUndo(
    tx: Tx,
    userId: string,
    sessionId: string,
  ): Promise<{ question_id: string; newest: boolean; age_seconds: number; undoable: boolean } | undefined> {
    const { rows } = await tx.query<{ question_id: string }>(
      `SELECT q.id AS question_id FROM leetcode_sessions s JOIN leetcode_questions q ON q.id = s.question_id
       WHERE s.id = $1 AND s.user_id = $2 FOR UPDATE OF q`,
      [sessionId, userId],
    );
    if (!rows[0]) return undefined;
    const review = await tx.query<{ question_id: string; newest: boolean; age_seconds: number; undoable: boolean }>(
      `SELECT s.question_id, extract(epoch FROM clock_timestamp() - s.created_at)::float8 AS age_seconds, s.due_before IS NOT NULL AS undoable,
              NOT EXISTS (SELECT 1 FROM leetcode_sessions n WHERE n.user_id = $2 AND (n.created_at, n.id) > (s.created_at, s.id)) AS newest
       FROM leetcode_sessions s WHERE s.id = $1 AND s.user_id = $2`,
      [sessionId, userId],
    );
    return review.rows[0];
  }

  /** Removes a review and puts back the card and due date its question had before it, as stored. */
  async undoReview(tx: Tx, sessionId: string, questionId: string): Promise<string> {
    const { rows } = await tx.query<{ due_at: string }>(
      `WITH undone AS (DELETE FROM leetcode_sessions WHERE id = $1 RETURNING schedule_before, due_before)
       UPDATE leetcode_questions q SET schedule = u.schedule_before, due_at = u.due_before FROM undone u WHERE q.id = $2 RETURNING ${iso('q.due_at')}`,
      [sessionId, questionId],
    );
    await tx.query('SELECT refresh_question_summary($1)', [questionId]);
    return rows[0].due_at;
  }

  /** Stores a question's scheduler card and the due date it gives. */
  async setSchedule(tx: Tx, id: string, card: ScheduleCard): Promise<void> {
    await tx.query('UPDATE leetcode_questions SET schedule = $2, due_at = $3 WHERE id = $1', [id, card, card.due]);
  }

  /** Reviewed questions without a card yet (reviewed before due dates existed), a batch at a time. */
  async unscheduled(limit: number): Promise<Array<{ id: string; user_id: string }>> {
    const { rows } = await this.db.query<{ id: string; user_id: string }>(
      'SELECT id, user_id FROM leetcode_questions WHERE schedule IS NULL AND session_count > 0 LIMIT $1',
      [limit],
    );
    return rows;
  }

  /** One question's sessions, oldest first: what its card is replayed from. */
  async sessionsInOrder(tx: Tx, questionId: string): Promise<PracticeSession[]> {
    const { rows } = await tx.query<PracticeSession>(`SELECT ${sessionColumns} FROM leetcode_sessions s WHERE question_id = $1 ORDER BY s.created_at, s.id`, [
      questionId,
    ]);
    return rows;
  }

  /**
   * A page of the caller's sessions (of one question, or all), newest first, after `after`; one row
   * more than asked is read so the caller knows whether another page follows.
   */
  async sessionPage(
    userId: string,
    page: { questionId?: string; after?: PagePosition; limit: number },
  ): Promise<Array<PracticeSession & { position: string }>> {
    const { rows } = await this.db.query<PracticeSession & { position: string }>(
      `SELECT ${sessionColumns}, ${cursorTime('s.created_at')} AS position FROM leetcode_sessions s
       WHERE user_id = $1 AND ($2::uuid IS NULL OR question_id = $2)
         AND ($3::timestamptz IS NULL OR (s.created_at, s.id) < ($3::timestamptz, $4::uuid))
       ORDER BY s.created_at DESC, s.id DESC LIMIT $5`,
      [userId, page.questionId ?? null, page.after?.createdAt ?? null, page.after?.id ?? null, page.limit + 1],
    );
    return rows;
  }

  /**
   * 429 when the caller logged the day's reviews the caps allow, over all their problems or of this
   * one: counted under the caller's lock, so concurrent reviews cannot both take the last place.
   */
  async holdReviewCaps(tx: Tx, userId: string, questionId: string): Promise<void> {
    await holdDailyCap(tx, {
      kind: 'reviews',
      userId,
      rows: 'leetcode_sessions WHERE user_id = $1',
      params: [questionId],
      cap: caps.reviewsPerDay,
      message: capMessages.reviewsPerDay,
      parts: [{ where: 'question_id = $2', cap: caps.reviewsPerQuestionPerDay, message: capMessages.reviewsPerQuestionPerDay }],
    });
  }

  /** Before the new card is set: the review keeps the question's card and due date, what an undo restores. */
  async insertSession(tx: Tx, session: Omit<PracticeSession, 'id' | 'created_at'>): Promise<PracticeSession> {
    const { rows } = await tx.query<PracticeSession>(
      `INSERT INTO leetcode_sessions (user_id, question_id, correctness, confidence, timer, notes, errors, submissions, grade, schedule_before, due_before)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, q.schedule, q.due_at FROM leetcode_questions q WHERE q.id = $2
       RETURNING ${sessionColumns}`,
      [
        session.user_id,
        session.question_id,
        session.correctness,
        session.confidence,
        session.timer,
        session.notes,
        session.errors,
        session.submissions,
        session.grade,
      ],
    );
    await tx.query('SELECT refresh_question_summary($1)', [session.question_id]);
    return rows[0];
  }
}
