import { Inject, Injectable } from '@nestjs/common';
import { analyticsWeeks, Difficulty, EventData, forecastDays, PracticeAnalytics, recallChance, retentionBands, systemDesignConcepts } from '@app/contracts';
import type { ScheduleCard, SystemDesignAnalytics, SystemDesignConceptKey } from '@app/contracts';
import { Database, Tx } from '@app/service-kit';

interface AnalyticsRow {
  today: string;
  questions: number;
  reviewed_questions: number;
  total_reviews: number;
  reviews_per_day: PracticeAnalytics['reviews_per_day'];
  bands: Record<string, number> | null;
  weakest_tags: PracticeAnalytics['weakest_tags'];
  minutes: Partial<Record<Difficulty, number | null>> | null;
  due_forecast: PracticeAnalytics['due_forecast'];
  mock_interviews: number;
}

/**
 * One statement: the caller's questions once (retention from their kept recent sessions), their
 * sessions of the last 12 weeks through the (user_id, created_at) index, the due dates through
 * (user_id, due_at). Days are those of the caller's time zone ($2).
 */
const analyticsSql = `
WITH params AS (SELECT (now() AT TIME ZONE $2)::date AS today),
q AS (
  SELECT id, difficulty, tags, session_count, total_minutes, due_at, retention_score(recent_sessions, now()) AS retention
  FROM leetcode_questions WHERE user_id = $1
),
per_day AS (
  SELECT (created_at AT TIME ZONE $2)::date AS day, count(*)::int AS n
  FROM leetcode_sessions
  WHERE user_id = $1 AND created_at >= ((SELECT today FROM params) - $3::int + 1)::timestamp AT TIME ZONE $2
  GROUP BY 1
),
tag_stats AS (
  SELECT min(btrim(t) COLLATE "C") AS tag, count(DISTINCT q.id)::int AS problems,
         count(DISTINCT q.id) FILTER (WHERE q.retention IS NOT NULL)::int AS reviewed, avg(q.retention) AS mean
  FROM q, unnest(string_to_array(q.tags, ',')) AS t
  WHERE btrim(t) <> ''
  GROUP BY lower(btrim(t))
  HAVING count(DISTINCT q.id) >= 2
),
due AS (
  SELECT GREATEST((due_at AT TIME ZONE $2)::date, (SELECT today FROM params)) AS day, count(*)::int AS n FROM q GROUP BY 1
)
SELECT
  (SELECT today FROM params)::text AS today,
  (SELECT count(*) FROM q)::int AS questions,
  (SELECT count(*) FROM q WHERE session_count > 0)::int AS reviewed_questions,
  (SELECT COALESCE(sum(session_count), 0) FROM q)::int AS total_reviews,
  (SELECT json_agg(json_build_object('day', d::date::text, 'reviews', COALESCE(per_day.n, 0)) ORDER BY d)
     FROM params, generate_series((today - $3::int + 1)::timestamp, today::timestamp, interval '1 day') AS d
     LEFT JOIN per_day ON per_day.day = d::date) AS reviews_per_day,
  (SELECT json_object_agg(band, n) FROM (
     SELECT CASE WHEN retention IS NULL THEN 'none' ELSE LEAST(4, retention / 20)::text END AS band, count(*)::int AS n FROM q GROUP BY 1) b) AS bands,
  (SELECT COALESCE(json_agg(json_build_object('tag', tag, 'problems', problems, 'reviewed', reviewed, 'mean_retention', floor(mean + 0.5)::int)
                           ORDER BY mean NULLS LAST, tag), '[]')
     FROM (SELECT * FROM tag_stats ORDER BY mean NULLS LAST, tag LIMIT 5) w) AS weakest_tags,
  (SELECT json_object_agg(difficulty, CASE WHEN reviews = 0 THEN NULL ELSE round((minutes / reviews)::numeric, 1) END)
     FROM (SELECT difficulty, sum(session_count) AS reviews, sum(total_minutes) AS minutes FROM q GROUP BY 1) m) AS minutes,
  (SELECT json_agg(json_build_object('day', d::date::text, 'due', COALESCE(due.n, 0)) ORDER BY d)
     FROM params, generate_series(today::timestamp, (today + $4::int - 1)::timestamp, interval '1 day') AS d
     LEFT JOIN due ON due.day = d::date) AS due_forecast,
  (SELECT count(*) FROM mock_interviews WHERE user_id = $1)::int AS mock_interviews`;

/** System Design's part (migration 0020): progress rows per prompt, submitted attempts, and the concept cards' FSRS cards. */
const systemDesignSql = `
SELECT
  (SELECT COALESCE(sum(attempts), 0) FROM design_progress WHERE user_id = $1)::int AS attempts,
  (SELECT count(*) FROM design_attempts WHERE user_id = $1 AND submitted_at IS NOT NULL)::int AS submitted,
  (SELECT count(*) FROM design_progress WHERE user_id = $1)::int AS prompts_practised,
  (SELECT round(avg(best_rubric_total), 1)::float8 FROM design_progress WHERE user_id = $1) AS mean_best_rubric_total,
  (SELECT COALESCE(json_agg(json_build_object('concept', concept, 'schedule', schedule)), '[]') FROM design_concept_cards WHERE user_id = $1) AS cards`;

/** Concepts /analytics names as weakest. */
const weakestConceptsShown = 5;

@Injectable()
export class AnalyticsRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  async summary(userId: string, timeZone: string): Promise<PracticeAnalytics> {
    const [{ rows }, design] = await Promise.all([
      this.db.query<AnalyticsRow>(analyticsSql, [userId, timeZone, analyticsWeeks * 7, forecastDays]),
      this.systemDesign(userId),
    ]);
    const row = rows[0];
    const bands = row.bands ?? {};
    return {
      today: row.today,
      questions: row.questions,
      reviewed_questions: row.reviewed_questions,
      total_reviews: row.total_reviews,
      reviews_per_day: row.reviews_per_day,
      retention_distribution: retentionBands.map((band, i) => ({ band, questions: bands[i === 0 ? 'none' : String(i - 1)] ?? 0 })),
      weakest_tags: row.weakest_tags,
      average_minutes: { Easy: row.minutes?.Easy ?? null, Medium: row.minutes?.Medium ?? null, Hard: row.minutes?.Hard ?? null },
      due_forecast: row.due_forecast,
      mock_interviews: row.mock_interviews,
      system_design: design,
    };
  }

  private async systemDesign(userId: string): Promise<SystemDesignAnalytics> {
    type Row = Omit<SystemDesignAnalytics, 'concept_cards' | 'weakest_concepts'> & {
      cards: Array<{ concept: SystemDesignConceptKey; schedule: ScheduleCard | null }>;
    };
    const { rows } = await this.db.query<Row>(systemDesignSql, [userId]);
    const { cards, ...counts } = rows[0];
    const now = new Date();
    const weakest = cards
      .filter((card) => card.schedule)
      .map((card) => ({ concept: card.concept, name: systemDesignConcepts[card.concept].name, retention: recallChance(card.schedule!, now) }))
      .sort((a, b) => a.retention - b.retention || a.name.localeCompare(b.name))
      .slice(0, weakestConceptsShown);
    return { ...counts, concept_cards: cards.length, weakest_concepts: weakest };
  }

  /**
   * What the summary depends on besides the clock, in one round trip: the caller's list version
   * (bumped by every question added, deleted or reviewed, migration 0003), their mock interviews,
   * and their System Design progress and concept card reviews.
   */
  async inputsVersion(userId: string): Promise<string> {
    const { rows } = await this.db.query<{ v: string }>(
      `SELECT COALESCE((SELECT version FROM list_versions WHERE user_id = $1), 0) || '/' || (SELECT count(*) FROM mock_interviews WHERE user_id = $1)
         || '/' || (SELECT COALESCE(sum(attempts), 0) || ':' || COALESCE(max(last_practised_at)::text, '') || ':' || COALESCE(sum(best_rubric_total), 0) FROM design_progress WHERE user_id = $1)
         || '/' || (SELECT count(*) || ':' || COALESCE(sum(reviews), 0) FROM design_concept_cards WHERE user_id = $1) AS v`,
      [userId],
    );
    return rows[0].v;
  }

  /** Once per voice session: a redelivered event counts nothing twice. */
  async recordMockInterview(tx: Tx, ended: EventData<'voice.session.ended'>): Promise<void> {
    await tx.query(
      'INSERT INTO mock_interviews (session_id, user_id, ended_at, duration_seconds) VALUES ($1, $2, $3, $4) ON CONFLICT (session_id) DO NOTHING',
      [ended.session_id, ended.user_id, ended.ended_at, ended.duration_seconds],
    );
  }
}
