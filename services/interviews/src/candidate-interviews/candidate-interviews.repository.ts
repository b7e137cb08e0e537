import { Inject, Injectable } from '@nestjs/common';
import { capMessages, caps, CompanyInsights, CreateInterview, InterviewLocation, InterviewQuery, InterviewTimeline, StoredOutcome } from '@app/contracts';
import { cursorTime, Database, holdDailyCap, PagePosition, rememberErased, Tx } from '@app/service-kit';

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
  show_username: boolean;
  author_name: string | null;
  position: string;
}

const columns = `i.id, i.user_id, i.company_id, c.name AS company_name, i.level, i.title, i.location, i.outcome, i.topics, i.rounds,
  i.round_count, to_char(i.completed_on, 'YYYY-MM-DD') AS completed_on, i.process_days,
  to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, i.show_username, i.author_name,
  ${cursorTime('i.created_at')} AS position`;

@Injectable()
export class CandidateInterviewsRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /** How many committed transactions wrote interviews or companies: what kept answers are labelled with (migration 0008). */
  async changes(): Promise<bigint> {
    const { rows } = await this.db.query<{ n: string }>('SELECT sum(n)::text AS n FROM interview_change_slots');
    return BigInt(rows[0].n);
  }

  /**
   * One page, newest first. Each filter group is one `= ANY` (OR within), the groups are ANDed, and
   * only the groups given are in the statement, so each can use its (column, created_at, id) index.
   */
  async page(query: InterviewQuery, after: PagePosition | undefined, limit: number): Promise<InterviewRow[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    const add = (value: unknown) => `$${params.push(value)}`;
    if (query.company_id?.length) where.push(`i.company_id = ANY(${add(query.company_id)}::uuid[])`);
    if (query.company?.length) {
      // By name ignoring case, or by logo slug, as the company page's insights find a company.
      const names = add(query.company.map((n) => n.toLowerCase()));
      where.push(
        `i.company_id IN (SELECT id FROM companies WHERE lower(btrim(name)) = ANY(${names}::text[])
           OR regexp_replace(lower(btrim(name)), '\\s+', '-', 'g') = ANY(${names}::text[]))`,
      );
    }
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

  /**
   * Adds (+1) or takes away (-1) what these interviews contribute to their companies' insight
   * counters. Rows are locked in one order (company, kind, key), so concurrent writers never deadlock.
   */
  private async count(tx: Tx, ids: string[], sign: 1 | -1): Promise<void> {
    if (ids.length === 0) return;
    await tx.query(
      `INSERT INTO company_insight_counts (company_id, kind, key, n)
       SELECT company_id, kind, key, $2 * count(*) FROM interview_insight_keys WHERE id = ANY($1::uuid[])
       GROUP BY company_id, kind, key ORDER BY company_id, kind, key
       ON CONFLICT (company_id, kind, key) DO UPDATE SET n = company_insight_counts.n + EXCLUDED.n`,
      [ids, sign],
    );
  }

  /**
   * Inserts unless the company is unknown (then undefined): one statement, no window between check
   * and write. 429 when the caller already shared the day's cap (counted under their lock).
   */
  insert(userId: string, input: CreateInterview, derived: InterviewTimeline, authorName: string | null): Promise<InterviewRow | undefined> {
    return this.db.transaction(async (tx) => {
      await holdDailyCap(tx, {
        kind: 'interviews',
        userId,
        rows: 'candidate_interviews WHERE user_id = $1',
        cap: caps.interviewsPerDay,
        message: capMessages.interviewsPerDay,
      });
      const { rows } = await tx.query<InterviewRow>(
        `WITH i AS (
           INSERT INTO candidate_interviews (user_id, company_id, level, title, location, outcome, topics, rounds, completed_on, process_days, round_count,
             show_username, author_name)
           SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13 WHERE EXISTS (SELECT 1 FROM companies WHERE id = $2)
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
          authorName !== null,
          authorName,
        ],
      );
      if (rows[0]) await this.count(tx, [rows[0].id], 1);
      return rows[0];
    });
  }

  /** The owner's interview with its new outcome; undefined when there is none of theirs with that id. */
  setOutcome(userId: string, id: string, outcome: StoredOutcome): Promise<InterviewRow | undefined> {
    return this.db.transaction(async (tx) => {
      // Locks the row first, so its counters are taken away and added back around one update.
      const mine = await tx.query('SELECT 1 FROM candidate_interviews WHERE id = $1 AND user_id = $2 FOR UPDATE', [id, userId]);
      if (mine.rows.length === 0) return undefined;
      await this.count(tx, [id], -1);
      const { rows } = await tx.query<InterviewRow>(
        `WITH i AS (UPDATE candidate_interviews SET outcome = $2 WHERE id = $1 RETURNING *)
         SELECT ${columns} FROM i JOIN companies c ON c.id = i.company_id`,
        [id, outcome],
      );
      await this.count(tx, [id], 1);
      return rows[0];
    });
  }

  delete(userId: string, id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const mine = await tx.query('SELECT 1 FROM candidate_interviews WHERE id = $1 AND user_id = $2 FOR UPDATE', [id, userId]);
      if (mine.rows.length === 0) return false;
      await this.count(tx, [id], -1);
      await tx.query('DELETE FROM candidate_interviews WHERE id = $1', [id]);
      return true;
    });
  }

  /** A deleted account: its interviews (and what they counted) go, and the id is remembered, in the event's transaction. */
  async eraseAllOf(tx: Tx, userId: string): Promise<void> {
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM candidate_interviews WHERE user_id = $1 ORDER BY id FOR UPDATE', [userId]);
    const ids = rows.map((r) => r.id);
    await this.count(tx, ids, -1);
    await tx.query('DELETE FROM candidate_interviews WHERE id = ANY($1::uuid[])', [ids]);
    await tx.query('UPDATE companies SET created_by = NULL WHERE created_by = $1', [userId]);
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
   * A company's insights from its counters (kept at every write): a few dozen rows of one company,
   * however many interviews it has. The median is read off the histogram of process lengths, as
   * percentile_cont(0.5) would compute it: the middle value, or the mean of the middle two.
   */
  async insights(companyName: string): Promise<CompanyInsights | undefined> {
    const { rows } = await this.db.query<CompanyInsights>(
      `WITH company AS (
         -- The exact name (ignoring case) wins over a slug match; each is one index lookup.
         SELECT id, name FROM (
           SELECT id, name, 0 AS rank FROM companies WHERE lower(btrim(name)) = lower($1)
           UNION ALL
           SELECT id, name, 1 FROM companies WHERE regexp_replace(lower(btrim(name)), '\\s+', '-', 'g') = lower($1)
         ) found ORDER BY rank, name LIMIT 1
       ), counts AS (
         SELECT kind, key, n FROM company_insight_counts WHERE company_id = (SELECT id FROM company) AND n > 0
       ), lengths AS (
         SELECT key::int AS days, sum(n) OVER (ORDER BY key::int) AS upto, sum(n) OVER () AS total FROM counts WHERE kind = 'process_days'
       )
       SELECT c.id AS company_id, c.name AS company_name,
         coalesce((SELECT n FROM counts WHERE kind = 'interviews'), 0) AS interview_count,
         (SELECT coalesce(jsonb_object_agg(key, n), '{}') FROM counts WHERE kind = 'outcome') AS outcomes,
         (SELECT round(coalesce(sum(n) FILTER (WHERE key IN ('offer', 'accepted')), 0)::numeric / nullif(sum(n), 0), 4)::float8
            FROM counts WHERE kind = 'outcome' AND key IN ('offer', 'accepted', 'rejected')) AS offer_rate,
         (SELECT coalesce(jsonb_object_agg(key, n), '{}') FROM counts WHERE kind = 'round') AS round_mix,
         (SELECT coalesce(jsonb_agg(jsonb_build_object('topic', key, 'count', n) ORDER BY n DESC, key), '[]')
            FROM (SELECT key, n FROM counts WHERE kind = 'topic' ORDER BY n DESC, key LIMIT 10) t) AS top_topics,
         (SELECT ((min(days) FILTER (WHERE upto > floor((total - 1) / 2.0)) + min(days) FILTER (WHERE upto > ceil((total - 1) / 2.0))) / 2.0)::float8
            FROM lengths) AS median_process_days,
         (SELECT coalesce(jsonb_object_agg(key, n), '{}') FROM counts WHERE kind = 'level') AS levels
       FROM company c`,
      [companyName],
    );
    return rows[0];
  }
}
