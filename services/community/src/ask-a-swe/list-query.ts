import { askMessages, AskSort } from '@app/contracts';
import { validationFailed } from '@app/service-kit';

/** The list's filters as the service passes them (the contract's query, parsed). */
export interface QuestionFilters {
  q?: string;
  sort?: AskSort;
  tag?: string[];
  company_id?: string;
  answered?: 'true' | 'false';
  by_employee?: 'true' | 'false';
  following?: 'true' | 'false';
  mine?: 'true' | 'false';
  /** Only open ones (the company page). */
  open?: boolean;
}

export const questionsPage = 20;
/**
 * Relevance ranks the newest this many matches: ranking every match of a common word (most
 * questions contain "interview") reads them all, 130 ms at 100,000 questions; the newest 200
 * are read from the newest index as far as needed, a few ms (bench/ask-a-swe/search.mjs).
 */
const rankedMatches = 200;

/** Offsets as opaque cursors: a page of a ranked search has no keyset to continue from. */
export const encodeOffset = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
export function decodeOffset(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const match = /^o:(\d{1,7})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw validationFailed({ cursor: askMessages.cursor });
  return Number(match[1]);
}

const orders: Record<Exclude<AskSort, 'relevance'>, string> = {
  newest: 'q.created_at DESC, q.id DESC',
  active: 'q.active_at DESC, q.id DESC',
  unanswered: 'q.created_at DESC, q.id DESC',
  top: 'q.score DESC, q.created_at DESC, q.id DESC',
};

/**
 * One page of question ids in the list's order: SQL and parameters. Every value is a parameter;
 * the ORDER BY is one of a fixed set. Hidden questions are only their asker's to see.
 */
export function questionPageQuery(viewerId: string, filters: QuestionFilters, limit: number, offset: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [viewerId];
  const param = (value: unknown) => `$${params.push(value)}`;
  const where = [`(q.moderation = 'visible' OR q.user_id = $1)`];
  const q = filters.q?.trim();
  // Relevance needs words to rank by; without them the newest come first.
  const sort: AskSort = q ? (filters.sort ?? 'relevance') : filters.sort && filters.sort !== 'relevance' ? filters.sort : 'newest';
  let from = 'ask_questions q';
  if (q) from += `, websearch_to_tsquery('english', ${param(q)}) query`;
  if (sort === 'unanswered' || filters.answered === 'false') where.push('q.answer_count = 0');
  if (filters.answered === 'true') where.push('q.answer_count > 0');
  if (filters.tag?.length) where.push(`q.tags && ${param(filters.tag)}::text[]`);
  if (filters.company_id) where.push(`q.company_id = ${param(filters.company_id)}`);
  if (filters.open) where.push(`q.status = 'open'`);
  if (filters.mine === 'true') where.push('q.user_id = $1');
  if (filters.by_employee === 'true') {
    where.push(`EXISTS (SELECT 1 FROM ask_answers a JOIN ask_members m ON m.user_id = a.user_id
      WHERE a.question_id = q.id AND a.moderation = 'visible' AND m.verified AND m.company_id = q.company_id)`);
  }
  if (filters.following === 'true') {
    where.push(`EXISTS (SELECT 1 FROM ask_follows f WHERE f.user_id = $1 AND (
      (f.kind = 'question' AND f.target = q.id::text) OR (f.kind = 'tag' AND f.target = ANY (q.tags)) OR (f.kind = 'company' AND f.target = q.company_id::text)))`);
  }
  // Last: Postgres tests a row's conditions in the order written, and matching the words reads
  // (and decompresses) the row's whole tsvector; the cheap filters first spare most rows that (word
  // and tag: 4 ms instead of 17 at 100,000 questions, warm).
  if (q) where.push('q.search @@ query');
  const page = `LIMIT ${param(limit)} OFFSET ${param(offset)}`;
  if (sort === 'relevance') {
    // Ranked outside: only the matches kept are read whole. Title words weigh more than body words
    // (the column's weights A and B).
    const matches = `SELECT q.id, q.created_at, q.search, query FROM ${from} WHERE ${where.join(' AND ')}
      ORDER BY q.created_at DESC, q.id DESC LIMIT ${rankedMatches}`;
    return { sql: `SELECT m.id FROM (${matches}) m ORDER BY ts_rank(m.search, m.query) DESC, m.created_at DESC, m.id DESC ${page}`, params };
  }
  return { sql: `SELECT q.id FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${orders[sort]} ${page}`, params };
}
