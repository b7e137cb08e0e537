import { Inject, Injectable } from '@nestjs/common';
import type { CompanyInsights, CreateInterview, InterviewLocation, InterviewQuery, StoredOutcome } from '@app/contracts';
import { Database, rememberErased, Tx } from '@app/service-kit';
import type { Position } from './cursor';

/** A row as read: every card field, the owner, and the exact position for the next cursor. */
export interface InterviewRow {
  id: string;
  user_id: string;
  company_id: string;
  company_name: string;
  level: string | null;
  title: string | null;
  location: string | null;
  outcome: StoredOutcome | null;
  topics: string[];
  rounds: { round: string | null; round_date_str: string | null }[];
  round_count: number;
  completed_on: string | null;
  process_days: number | null;
  created_at: string;
  position: string;
}

/** What is derived from the rounds when an interview is written. */
export interface Derived {
  completed_on: string | null;
  process_days: number | null;
  round_count: number;
}

const columns = `i.id, i.user_id, i.company_id, c.name AS company_name, i.level, i.title, i.location, i.outcome, i.topics, i.rounds,
  i.round_count, to_char(i.completed_on, 'YYYY-MM-DD') AS completed_on, i.process_days,
  to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position`;

@Injectable()
export class CandidateInterviewsRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /**
   * One page, newest first. Each filter group is one `= ANY` (OR within), the groups are ANDed, and
   * only the groups given are in the statement, so each can use its (column, created_at, id) index.
   */
  async page(query: InterviewQuery, after: Position | undefined, limit: number): Promise<InterviewRow[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    const add = (value: unknown) => `$${params.push(value)}`;
    if (query.company_id?.length) where.push(`i.company_id = ANY(${add(query.company_id)}::uuid[])`);
    if (query.level?.length) where.push(`i.level = ANY(${add(query.level)}::text[])`);
    if (query.title?.length) where.push(`i.title = ANY(${add(query.title)}::text[])`);
    if (query.location?.length) where.push(`lower(i.location) = ANY(${add(query.location.map((l) => l.toLowerCase()))}::text[])`);
    if (query.outcome?.length) where.push(`i.outcome = ANY(${add(query.outcome)}::text[])`);
    if (after) where.push(`(i.created_at, i.id) < (${add(after.createdAt)}::timestamptz, ${add(after.id)}::uuid)`);
    const { rows } = await this.db.query<InterviewRow>(
      `SELECT ${columns} FROM candidate_interviews i JOIN companies c ON c.id = i.company_id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY i.created_at DESC, i.id DESC LIMIT ${add(limit)}`,
      params,
    );
    return rows;
  }

  /** Inserts unless the company is unknown (then undefined): one statement, no window between check and write. */
  async insert(userId: string, input: CreateInterview, derived: Derived): Promise<InterviewRow | undefined> {
    const { rows } = await this.db.query<InterviewRow>(
      `WITH i AS (
         INSERT INTO candidate_interviews (user_id, company_id, level, title, location, outcome, topics, rounds, completed_on, process_days, round_count)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 WHERE EXISTS (SELECT 1 FROM companies WHERE id = $2)
         RETURNING *)
       SELECT ${columns} FROM i JOIN companies c ON c.id = i.company_id`,
      [
        userId,
        input.company_id,
        input.level ?? null,
        input.title ?? null,
        input.location ?? null,
        input.outcome ?? null,
        input.topics ?? [],
        JSON.stringify(input.interview_process.map((r) => ({ round: r.round ?? null, round_date_str: r.round_date_str ?? null }))),
        derived.completed_on,
        derived.process_days,
        derived.round_count,
      ],
    );
    return rows[0];
  }

  /** The owner's interview with its new outcome; undefined when there is none of theirs with that id. */
  async setOutcome(userId: string, id: string, outcome: StoredOutcome): Promise<InterviewRow | undefined> {
    const { rows } = await this.db.query<InterviewRow>(
      `WITH i AS (UPDATE candidate_interviews SET outcome = $3 WHERE id = $1 AND user_id = $2 RETURNING *)
       SELECT ${columns} FROM i JOIN companies c ON c.id = i.company_id`,
      [id, userId, outcome],
    );
    return rows[0];
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM candidate_interviews WHERE id = $1 AND user_id = $2', [id, userId]);
    return (rowCount ?? 0) > 0;
  }

  /** A deleted account: its interviews go and the id is remembered, in the event's transaction. */
  async eraseAllOf(tx: Tx, userId: string): Promise<void> {
    await tx.query('DELETE FROM candidate_interviews WHERE user_id = $1', [userId]);
    await rememberErased(tx, userId);
  }

  /** One line per location ignoring case, shown in its most used spelling. */
  async locations(): Promise<InterviewLocation[]> {
    const { rows } = await this.db.query<InterviewLocation>(
      `SELECT mode() WITHIN GROUP (ORDER BY location) AS location, count(*)::int AS count
       FROM candidate_interviews WHERE location IS NOT NULL
       GROUP BY lower(location) ORDER BY count DESC, location LIMIT 100`,
    );
    return rows;
  }

  /**
   * Every figure of a company's insights in one statement: the company's interviews are read once
   * through the company index (the CTE is used several times, so it is materialised).
   */
  async insights(companyName: string): Promise<CompanyInsights | undefined> {
    const { rows } = await this.db.query<CompanyInsights>(
      `WITH company AS (
         SELECT id, name FROM companies
         WHERE lower(btrim(name)) = lower($1) OR regexp_replace(lower(btrim(name)), '\\s+', '-', 'g') = lower($1)
         ORDER BY lower(btrim(name)) = lower($1) DESC, name LIMIT 1
       ), its AS (
         SELECT outcome, level, topics, rounds, process_days FROM candidate_interviews WHERE company_id = (SELECT id FROM company)
       )
       SELECT c.id AS company_id, c.name AS company_name,
         (SELECT count(*)::int FROM its) AS interview_count,
         (SELECT coalesce(jsonb_object_agg(outcome, n), '{}') FROM (SELECT outcome, count(*)::int AS n FROM its WHERE outcome IS NOT NULL GROUP BY outcome) o) AS outcomes,
         (SELECT round((count(*) FILTER (WHERE outcome IN ('offer', 'accepted')))::numeric
                       / nullif(count(*) FILTER (WHERE outcome IN ('offer', 'accepted', 'rejected')), 0), 4)::float8 FROM its) AS offer_rate,
         (SELECT coalesce(jsonb_object_agg(round, n), '{}')
            FROM (SELECT r->>'round' AS round, count(*)::int AS n FROM its, jsonb_array_elements(its.rounds) r WHERE r->>'round' IS NOT NULL GROUP BY 1) m) AS round_mix,
         (SELECT coalesce(jsonb_agg(jsonb_build_object('topic', topic, 'count', n) ORDER BY n DESC, topic), '[]')
            FROM (SELECT topic, count(*)::int AS n FROM its, unnest(its.topics) topic GROUP BY topic ORDER BY n DESC, topic LIMIT 10) t) AS top_topics,
         (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY process_days) FROM its WHERE process_days IS NOT NULL) AS median_process_days,
         (SELECT coalesce(jsonb_object_agg(level, n), '{}') FROM (SELECT level, count(*)::int AS n FROM its WHERE level IS NOT NULL GROUP BY level) l) AS levels
       FROM company c`,
      [companyName],
    );
    return rows[0];
  }
}
