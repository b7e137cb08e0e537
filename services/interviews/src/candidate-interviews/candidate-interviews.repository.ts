import { Inject, Injectable } from '@nestjs/common';
import {
  CompanyInsights,
  CreateInterview,
  HelpfulVote,
  InterviewLocation,
  InterviewQuery,
  InterviewSearch,
  InterviewTimeline,
  StoredOutcome,
} from '@app/contracts';
import { cursorTime, Database, EventBus, holdAccountLock, holdWriteCap, isErased, PagePosition, rememberErased, Tx } from '@app/service-kit';

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
  /** Rounds stored before what was asked could be told have no `asked` or `problems`. */
  rounds: { round: string | null; round_date_str: string | null; asked?: string | null; problems?: string[] }[];
  round_count: number;
  completed_on: string | null;
  process_days: number | null;
  created_at: string;
  show_username: boolean;
  author_name: string | null;
  helpful_count: number;
  comment_count: number;
  position: string;
}

/** A search's row: its rank (as text, exactly, for the cursor) and its snippet with matches between snippetMarks. */
export interface SearchRow extends InterviewRow {
  rank: string;
  snippet: string;
}

/** Where ts_headline marks a match: control characters, taken out of the text first, so no text can fake one. */
export const snippetMarks = { start: '\u0002', stop: '\u0003' } as const;
const headlineOptions = `StartSel="${snippetMarks.start}", StopSel="${snippetMarks.stop}", MaxFragments=2, MaxWords=20, MinWords=8, FragmentDelimiter=" … "`;

/** Where a search page ends: the last row's rank and position. */
export interface SearchEnd extends PagePosition {
  rank: string;
}

/** Where a page ends: the last row's position, and its helpful count when the list is sorted by helpful. */
export interface PageEnd extends PagePosition {
  helpful?: number;
}

const columns = `i.id, i.user_id, i.company_id, c.name AS company_name, i.level, i.title, i.location, i.outcome, i.topics, i.rounds,
  i.round_count, to_char(i.completed_on, 'YYYY-MM-DD') AS completed_on, i.process_days,
  to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, i.show_username, i.author_name,
  i.helpful_count, i.comment_count, ${cursorTime('i.created_at')} AS position`;

@Injectable()
export class CandidateInterviewsRepository {
  constructor(
    @Inject(Database) readonly db: Database,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  /**
   * interviews.interview.changed, in the write's transaction (outbox): what each round asked and the
   * problems it named, for practice's System Design "asked at" counts.
   */
  private announce(tx: Tx, row: Pick<InterviewRow, 'id' | 'user_id' | 'company_id' | 'company_name' | 'rounds'>, deleted: boolean): Promise<unknown> {
    return this.events.record(tx, 'interviews.interview.changed', {
      interview_id: row.id,
      user_id: row.user_id,
      company_id: row.company_id,
      company_name: row.company_name,
      rounds: deleted ? [] : row.rounds.flatMap((r) => [r.asked ?? '', ...(r.problems ?? [])].filter(Boolean)),
      deleted,
      changed_at: new Date().toISOString(),
    });
  }

  /** How many committed transactions wrote interviews or companies: what kept answers are labelled with (migration 0008). */
  async changes(): Promise<bigint> {
    const { rows } = await this.db.query<{ n: string }>('SELECT sum(n)::text AS n FROM interview_change_slots');
    return BigInt(rows[0].n);
  }

  /**
   * One page, newest first (or most helpful first), filtered (filtersOf). */
  async page(query: InterviewQuery, after: PageEnd | undefined, limit: number): Promise<InterviewRow[]> {
    const params: unknown[] = [];
    const add = (value: unknown) => `$${params.push(value)}`;
    const where = filtersOf(query, add);
    const byHelpful = query.sort === 'helpful';
    if (after) {
      const position = `${add(after.createdAt)}::timestamptz, ${add(after.id)}::uuid`;
      where.push(byHelpful ? `(i.helpful_count, i.created_at, i.id) < (${add(after.helpful ?? 0)}::int, ${position})` : `(i.created_at, i.id) < (${position})`);
    }
    const { rows } = await this.db.query<InterviewRow>(
      `SELECT ${columns} FROM candidate_interviews i JOIN companies c ON c.id = i.company_id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY ${byHelpful ? 'i.helpful_count DESC, ' : ''}i.created_at DESC, i.id DESC LIMIT ${add(limit)}`,
      params,
    );
    return rows;
  }

  /**
   * One page of a search, best match first (ts_rank, then newest): the GIN index finds the matches,
   * and only the page's rows are cut into snippets. The filters are the list's.
   */
  async search(query: InterviewSearch, after: SearchEnd | undefined, limit: number): Promise<SearchRow[]> {
    const params: unknown[] = [];
    const add = (value: unknown) => `$${params.push(value)}`;
    const q = add(query.q);
    const where = [`i.search_document @@ websearch_to_tsquery('english', ${q})`, ...filtersOf(query, add)];
    const position = after ? `WHERE (rank, created_at, id) < (${add(after.rank)}::real, ${add(after.createdAt)}::timestamptz, ${add(after.id)}::uuid)` : '';
    const { rows } = await this.db.query<SearchRow>(
      `WITH matched AS (
         SELECT i.id, i.created_at, ts_rank(i.search_document, websearch_to_tsquery('english', ${q})) AS rank
         FROM candidate_interviews i WHERE ${where.join(' AND ')}
       ), page AS (
         SELECT * FROM matched ${position} ORDER BY rank DESC, created_at DESC, id DESC LIMIT ${add(limit)}
       )
       SELECT ${columns}, page.rank::text AS rank,
         ts_headline('english', translate(interview_asked_text(i.rounds), ${add(snippetMarks.start + snippetMarks.stop)}, ''), websearch_to_tsquery('english', ${q}), ${add(headlineOptions)}) AS snippet
       FROM page JOIN candidate_interviews i ON i.id = page.id JOIN companies c ON c.id = i.company_id
       ORDER BY page.rank DESC, page.created_at DESC, page.id DESC`,
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
    await tx.query(
      `INSERT INTO company_question_counts (company_id, key, title, n)
       SELECT company_id, key, min(title), $2 * count(*) FROM interview_question_keys WHERE id = ANY($1::uuid[])
       GROUP BY company_id, key ORDER BY company_id, key
       ON CONFLICT (company_id, key) DO UPDATE SET n = company_question_counts.n + EXCLUDED.n`,
      [ids, sign],
    );
  }

  /**
   * Inserts unless the company is unknown (then undefined): one statement, no window between check
   * and write. 429 when the caller already shared the day's cap (counted under their lock).
   */
  insert(
    author: { id: string; confirmed: boolean },
    input: CreateInterview,
    derived: InterviewTimeline,
    authorName: string | null,
  ): Promise<InterviewRow | undefined> {
    const userId = author.id;
    return this.db.transaction(async (tx) => {
      await holdWriteCap(tx, 'interviews', { userId, rows: 'candidate_interviews WHERE user_id = $1' });
      const { rows } = await tx.query<InterviewRow>(
        `WITH i AS (
           INSERT INTO candidate_interviews (user_id, company_id, level, title, location, outcome, topics, rounds, completed_on, process_days, round_count,
             show_username, author_name, offer_currency, offer_base, offer_bonus, offer_equity, offer_level)
           SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18 WHERE EXISTS (SELECT 1 FROM companies WHERE id = $2)
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
          JSON.stringify(
            input.interview_process.map((r) => ({
              round: r.round ?? null,
              round_date_str: r.round_date_str ?? null,
              asked: r.asked ?? null,
              problems: r.problems ?? [],
            })),
          ),
          derived.completed_on,
          derived.process_days,
          derived.round_count,
          authorName !== null,
          authorName,
          input.offer?.currency ?? null,
          input.offer?.base ?? null,
          input.offer?.bonus ?? null,
          input.offer?.equity ?? null,
          input.offer?.level ?? null,
        ],
      );
      if (rows[0]) {
        await this.count(tx, [rows[0].id], 1);
        await this.announce(tx, rows[0], false);
        // First seen now, unless its registration was heard of before; confirmed once a token says so.
        await tx.query(
          `INSERT INTO known_accounts (user_id, registered_at, confirmed_at) VALUES ($1, now(), CASE WHEN $2 THEN now() END)
           ON CONFLICT (user_id) DO UPDATE SET confirmed_at = coalesce(known_accounts.confirmed_at, EXCLUDED.confirmed_at)`,
          [userId, author.confirmed],
        );
      }
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
      const mine = await tx.query<Pick<InterviewRow, 'id' | 'user_id' | 'company_id' | 'company_name' | 'rounds'>>(
        'SELECT i.id, i.user_id, i.company_id, c.name AS company_name, i.rounds FROM candidate_interviews i JOIN companies c ON c.id = i.company_id WHERE i.id = $1 AND i.user_id = $2 FOR UPDATE OF i',
        [id, userId],
      );
      if (mine.rows.length === 0) return false;
      await this.count(tx, [id], -1);
      await tx.query('DELETE FROM candidate_interviews WHERE id = $1', [id]);
      await this.announce(tx, mine.rows[0], true);
      return true;
    });
  }

  /** A deleted account: its interviews (and what they counted) go, and the id is remembered, in the event's transaction. */
  async eraseAllOf(tx: Tx, userId: string): Promise<void> {
    await holdAccountLock(tx, userId);
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM candidate_interviews WHERE user_id = $1 ORDER BY id FOR UPDATE', [userId]);
    const ids = rows.map((r) => r.id);
    await this.count(tx, ids, -1);
    await tx.query('DELETE FROM candidate_interviews WHERE id = ANY($1::uuid[])', [ids]);
    // Its helpful marks on others' interviews go too, and each count with them.
    await tx.query(
      `WITH gone AS (DELETE FROM interview_helpful_votes WHERE user_id = $1 RETURNING interview_id)
       UPDATE candidate_interviews SET helpful_count = helpful_count - 1 WHERE id IN (SELECT interview_id FROM gone)`,
      [userId],
    );
    // Its comments under others' interviews go too (those under its own went with them), and each count with them.
    await tx.query(
      `WITH gone AS (DELETE FROM interview_comments WHERE user_id = $1 RETURNING interview_id)
       UPDATE candidate_interviews i SET comment_count = comment_count - g.n
       FROM (SELECT interview_id, count(*)::int AS n FROM gone GROUP BY interview_id) g WHERE i.id = g.interview_id`,
      [userId],
    );
    await tx.query('UPDATE companies SET created_by = NULL WHERE created_by = $1', [userId]);
    await tx.query('DELETE FROM known_accounts WHERE user_id = $1', [userId]);
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
         (SELECT coalesce(jsonb_object_agg(key, n), '{}') FROM counts WHERE kind = 'level') AS levels,
         (SELECT coalesce(jsonb_agg(jsonb_build_object('title', title, 'count', n) ORDER BY n DESC, key), '[]')
            FROM (SELECT title, key, n FROM company_question_counts WHERE company_id = c.id AND n > 0 ORDER BY n DESC, key LIMIT 10) q) AS top_questions,
         coalesce((SELECT ranges FROM published_offer_ranges WHERE company_id = c.id), '[]') AS offer_ranges,
         (SELECT to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') FROM offer_ranges_publication) AS offer_ranges_published_at
       FROM company c`,
      [companyName],
    );
    return rows[0];
  }

  /** A confirmed token's write: an account seen before with its e-mail unconfirmed counts as confirmed from now on. */
  async confirmed(userId: string): Promise<void> {
    await this.db.query('UPDATE known_accounts SET confirmed_at = now() WHERE user_id = $1 AND confirmed_at IS NULL', [userId]);
  }

  /** An account's registration (identity.user.registered): the earlier of it and when it was first seen here counts. */
  async registered(tx: Tx, userId: string, at: string): Promise<void> {
    await holdAccountLock(tx, userId);
    if (await isErased(tx, userId)) return;
    await tx.query(
      `INSERT INTO known_accounts (user_id, registered_at) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET registered_at = least(known_accounts.registered_at, EXCLUDED.registered_at)`,
      [userId, at],
    );
  }

  /**
   * The caller's helpful mark on someone else's interview, once however often it is sent: the mark
   * is a row keyed by (interview, user), and the count moves only when a row was written. The
   * interview is held (key share) first, so it cannot be deleted in between; undefined when there is
   * no such interview, 'own' when it is the caller's.
   */
  markHelpful(userId: string, id: string): Promise<HelpfulVote | 'own' | undefined> {
    return this.db.transaction(async (tx) => {
      const found = await tx.query<{ user_id: string }>('SELECT user_id FROM candidate_interviews WHERE id = $1 FOR KEY SHARE', [id]);
      if (!found.rows[0]) return undefined;
      if (found.rows[0].user_id === userId) return 'own';
      const added = await tx.query('INSERT INTO interview_helpful_votes (interview_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, userId]);
      return { helpful_count: await this.moveHelpfulCount(tx, id, added.rowCount ?? 0), helpful_by_me: true };
    });
  }

  /** Takes the caller's mark back, if there was one; undefined when there is no such interview. */
  unmarkHelpful(userId: string, id: string): Promise<HelpfulVote | undefined> {
    return this.db.transaction(async (tx) => {
      const found = await tx.query('SELECT 1 FROM candidate_interviews WHERE id = $1 FOR KEY SHARE', [id]);
      if (found.rows.length === 0) return undefined;
      const removed = await tx.query('DELETE FROM interview_helpful_votes WHERE interview_id = $1 AND user_id = $2', [id, userId]);
      return { helpful_count: await this.moveHelpfulCount(tx, id, -(removed.rowCount ?? 0)), helpful_by_me: false };
    });
  }

  private async moveHelpfulCount(tx: Tx, id: string, by: number): Promise<number> {
    const { rows } = await tx.query<{ helpful_count: number }>(
      by === 0
        ? 'SELECT helpful_count FROM candidate_interviews WHERE id = $1 AND $2::int = 0'
        : 'UPDATE candidate_interviews SET helpful_count = helpful_count + $2 WHERE id = $1 RETURNING helpful_count',
      [id, by],
    );
    return rows[0].helpful_count;
  }

  /** Which of these interviews the user marked helpful. */
  async markedHelpfulBy(userId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.db.query<{ interview_id: string }>(
      'SELECT interview_id FROM interview_helpful_votes WHERE user_id = $1 AND interview_id = ANY($2::uuid[])',
      [userId, ids],
    );
    return new Set(rows.map((r) => r.interview_id));
  }
}

/**
 * The filters as SQL conditions. Each filter group is one `= ANY` (OR within), the groups are ANDed,
 * and only the groups given are in the statement, so each can use its (column, created_at, id) index.
 */
function filtersOf(query: Omit<InterviewQuery, 'sort' | 'limit'>, add: (value: unknown) => string): string[] {
  const where: string[] = [];
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
  return where;
}
