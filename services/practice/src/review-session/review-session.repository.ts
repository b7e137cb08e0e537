import { Inject, Injectable } from '@nestjs/common';
import { conceptCardOf, defaultReviewLimits } from '@app/contracts';
import type { DueQueue, QuestionListItem, ReviewLimits, StoredConceptCard } from '@app/contracts';
import { Database, isErased, Tx, unauthorized } from '@app/service-kit';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const itemColumns = `id, title, difficulty, tags, ${iso('created_at')} AS created_at, retention_score(recent_sessions, now()) AS retention,
  ${iso('last_solved_at')} AS last_solved_at, ${iso('due_at')} AS due_at, session_count`;

/**
 * One statement. Today's sessions through the (user_id, created_at) index tell what today already
 * took: a session of a problem with no earlier session started a new problem, any other was a
 * review. Problems seen before come by the (user_id, due_at) index, earliest due first; never-reviewed
 * ones by the partial (user_id, created_at) index of migration 0010, oldest first. Days are those of
 * the caller's time zone ($2).
 */
const dueQueueSql = `
WITH bounds AS (
  SELECT (now() AT TIME ZONE $2)::date AS today,
         ((now() AT TIME ZONE $2)::date)::timestamp AT TIME ZONE $2 AS day_start,
         ((now() AT TIME ZONE $2)::date + 1)::timestamp AT TIME ZONE $2 AS day_end
),
limits AS (
  SELECT COALESCE((SELECT daily_review_limit FROM review_limits WHERE user_id = $1), $3::int) AS reviews,
         COALESCE((SELECT new_per_day FROM review_limits WHERE user_id = $1), $4::int) AS new_per_day
),
todays AS (
  SELECT s.question_id, count(*)::int AS n,
         NOT EXISTS (SELECT 1 FROM leetcode_sessions e WHERE e.question_id = s.question_id AND e.created_at < b.day_start) AS started_today
  FROM leetcode_sessions s, bounds b
  WHERE s.user_id = $1 AND s.created_at >= b.day_start
  GROUP BY s.question_id, b.day_start
),
taken AS (
  SELECT COALESCE(sum(n) FILTER (WHERE NOT started_today), 0)::int + COALESCE(sum(n - 1) FILTER (WHERE started_today), 0)::int AS reviewed,
         count(*) FILTER (WHERE started_today)::int AS started
  FROM todays
),
reviews AS (
  SELECT ${itemColumns} FROM leetcode_questions q, bounds b
  WHERE user_id = $1 AND due_at < b.day_end AND session_count > 0
  ORDER BY q.due_at, q.id
  LIMIT GREATEST(0, (SELECT reviews FROM limits) - (SELECT reviewed FROM taken))
),
fresh AS (
  SELECT ${itemColumns} FROM leetcode_questions q
  WHERE user_id = $1 AND session_count = 0
  ORDER BY q.created_at, q.id
  LIMIT GREATEST(0, (SELECT new_per_day FROM limits) - (SELECT started FROM taken))
)
SELECT
  (SELECT today FROM bounds)::text AS today,
  (SELECT json_build_object('daily_review_limit', reviews, 'new_per_day', new_per_day) FROM limits) AS limits,
  (SELECT reviewed FROM taken) AS reviewed_today,
  (SELECT started FROM taken) AS new_today,
  COALESCE((SELECT json_agg(r ORDER BY r.due_at, r.id) FROM reviews r), '[]') AS reviews,
  COALESCE((SELECT json_agg(f ORDER BY f.created_at, f.id) FROM fresh f), '[]') AS fresh,
  (SELECT count(*)::int FROM leetcode_questions q, bounds b WHERE user_id = $1 AND due_at < b.day_end AND session_count > 0) AS due_seen,
  (SELECT count(*)::int FROM leetcode_questions WHERE user_id = $1 AND session_count = 0) AS never_reviewed`;

/**
 * System Design's concept cards due by the end of the caller's today (migration 0020), earliest due
 * first, at most the daily review limit ($3): graded in the same session with the same grades.
 */
const conceptCardsSql = `
SELECT concept, prompt_slug, prompt_title, schedule, ${iso('due_at')} AS due_at, reviews
FROM design_concept_cards
WHERE user_id = $1 AND due_at < ((now() AT TIME ZONE $2)::date + 1)::timestamp AT TIME ZONE $2
ORDER BY design_concept_cards.due_at, concept
LIMIT $3`;

interface DueQueueRow extends Omit<DueQueue, 'questions' | 'held_back' | 'concept_cards'> {
  reviews: QuestionListItem[];
  fresh: QuestionListItem[];
  due_seen: number;
  never_reviewed: number;
}

@Injectable()
export class ReviewSessionRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /** On `on` when given: the digest computes it inside the transaction that claimed the user's day. */
  async dueQueue(userId: string, timeZone: string, on: Pick<Tx, 'query'> = this.db): Promise<DueQueue> {
    const { rows } = await on.query<DueQueueRow>(dueQueueSql, [userId, timeZone, defaultReviewLimits.daily_review_limit, defaultReviewLimits.new_per_day]);
    const { reviews, fresh, due_seen, never_reviewed, ...rest } = rows[0];
    const cards = await this.db.query<StoredConceptCard>(conceptCardsSql, [userId, timeZone, rest.limits.daily_review_limit]);
    const now = new Date();
    // A never-reviewed problem waits for "new per day" only, whatever its due date.
    return {
      ...rest,
      questions: [...reviews, ...fresh],
      held_back: due_seen - reviews.length + (never_reviewed - fresh.length),
      concept_cards: cards.rows.map((card) => conceptCardOf(card, now)),
    };
  }

  async limits(userId: string): Promise<ReviewLimits> {
    const { rows } = await this.db.query<ReviewLimits>('SELECT daily_review_limit, new_per_day FROM review_limits WHERE user_id = $1', [userId]);
    return rows[0] ?? defaultReviewLimits;
  }

  async setLimits(userId: string, limits: ReviewLimits): Promise<ReviewLimits> {
    // A deleted account's access token works until it expires; it must not leave a row behind.
    if (await isErased(this.db, userId)) throw unauthorized('This account has been deleted');
    const { rows } = await this.db.query<ReviewLimits>(
      `INSERT INTO review_limits (user_id, daily_review_limit, new_per_day) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET daily_review_limit = EXCLUDED.daily_review_limit, new_per_day = EXCLUDED.new_per_day, updated_at = clock_timestamp()
       RETURNING daily_review_limit, new_per_day`,
      [userId, limits.daily_review_limit, limits.new_per_day],
    );
    return rows[0];
  }
}
