import { Inject, Injectable } from '@nestjs/common';
import type { Answer, AskAuthor, AskComment, AskQuestion, QuestionDetail, QuestionSummary, Revision } from '@app/contracts';
import { Database, Tx } from '@app/service-kit';
import { QuestionFilters, questionPageQuery } from './list-query';

export interface Viewer {
  id: string;
  moderator: boolean;
}

type Moderation = 'visible' | 'pending' | 'removed';

/** The question a post belongs to, as the rules need it. */
export interface QuestionFacts {
  id: string;
  user_id: string;
  anonymous: boolean;
  title: string;
  status: 'open' | 'closed';
  company_id: string | null;
  accepted_answer_id: string | null;
  moderation: Moderation;
  tags: string[];
}

/** One post (question or answer) as the rules need it. */
export interface PostFacts {
  id: string;
  user_id: string;
  question: QuestionFacts;
  moderation: Moderation;
}

interface QuestionRow {
  id: string;
  title: string;
  body: string;
  tags: string[];
  company_id: string | null;
  company_name: string | null;
  role: string | null;
  level: string | null;
  user_id: string;
  anonymous: boolean;
  author_name: string;
  by_moderator: boolean;
  score: number;
  answer_count: number;
  accepted_answer_id: string | null;
  status: 'open' | 'closed';
  duplicate_of: string | null;
  duplicate_title: string | null;
  moderation: Moderation;
  created_at: Date;
  edited_at: Date | null;
  active_at: Date;
  answered_by_employee: boolean;
}

interface WrittenRow {
  id: string;
  user_id: string;
  author_name: string;
  by_moderator: boolean;
  body: string;
  created_at: Date;
  edited_at: Date | null;
}
interface AnswerRow extends WrittenRow {
  question_id: string;
  score: number;
  moderation: Moderation;
}
interface CommentRow extends WrittenRow {
  answer_id: string | null;
}

const questionColumns = `q.id, q.title, q.body, q.tags, q.company_id, c.name AS company_name, q.role, q.level, q.user_id, q.anonymous,
  q.author_name, q.by_moderator, q.score, q.answer_count, q.accepted_answer_id, q.status, q.duplicate_of, d.title AS duplicate_title,
  q.moderation, q.created_at, q.edited_at, q.active_at,
  EXISTS (SELECT 1 FROM ask_answers a JOIN ask_members m ON m.user_id = a.user_id
    WHERE a.question_id = q.id AND a.moderation = 'visible' AND m.verified AND m.company_id = q.company_id) AS answered_by_employee`;
const questionJoins = 'ask_questions q LEFT JOIN ask_companies c ON c.id = q.company_id LEFT JOIN ask_questions d ON d.id = q.duplicate_of';
const factsColumns = 'q.id, q.user_id, q.anonymous, q.title, q.status, q.company_id, q.accepted_answer_id, q.moderation, q.tags';

const excerptLength = 240;
/** The first characters of a Markdown body, its markup and line breaks flattened. */
const excerptOf = (body: string) => {
  const text = body
    .replace(/[`*_>#[\]]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > excerptLength ? `${text.slice(0, excerptLength - 1)}…` : text;
};

/** What the thread's authors are known by: reputation, and whether their Verified badge is for the question's company. */
interface Standing {
  reputation: Map<string, number>;
  /** worksAtKey(user, company) of each author verified at the company of the question they wrote in. */
  worksAt: Set<string>;
}
const worksAtKey = (userId: string, companyId: string | null) => `${userId}/${companyId}`;

/**
 * The one place a post's author is shown: an anonymous asker is nobody, in their own thread too
 * (their answers and comments there say only "by the asker").
 */
function authorOf(
  row: Pick<WrittenRow, 'user_id' | 'author_name' | 'by_moderator'>,
  question: Pick<QuestionRow, 'user_id' | 'anonymous' | 'company_id'>,
  standing: Standing,
): AskAuthor | null {
  if (question.anonymous && row.user_id === question.user_id) return null;
  return {
    name: row.author_name,
    reputation: standing.reputation.get(row.user_id) ?? 1,
    works_at_company: standing.worksAt.has(worksAtKey(row.user_id, question.company_id)),
    moderator: row.by_moderator,
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Questions, answers, comments and their revisions: storing them, and reading them as a viewer may. */
@Injectable()
export class PostsRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  async questionFacts(id: string, tx: Tx | Database = this.db, lock = false): Promise<QuestionFacts | undefined> {
    const { rows } = await tx.query<QuestionFacts>(`SELECT ${factsColumns} FROM ask_questions q WHERE q.id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0];
  }

  async answerFacts(id: string, tx: Tx | Database = this.db): Promise<PostFacts | undefined> {
    const { rows } = await tx.query<{ id: string; user_id: string; moderation: Moderation; question: QuestionFacts }>(
      `SELECT a.id, a.user_id, a.moderation, (SELECT row_to_json(f) FROM (SELECT ${factsColumns} FROM ask_questions q WHERE q.id = a.question_id) f) AS question
       FROM ask_answers a WHERE a.id = $1`,
      [id],
    );
    return rows[0];
  }

  async commentFacts(id: string): Promise<{ id: string; user_id: string; question_id: string } | undefined> {
    const { rows } = await this.db.query<{ id: string; user_id: string; question_id: string }>(
      'SELECT id, user_id, question_id FROM ask_comments WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  async companyExists(id: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM ask_companies WHERE id = $1', [id]);
    return rows.length > 0;
  }

  async insertQuestion(tx: Tx, viewer: Viewer, authorName: string, q: AskQuestion): Promise<string> {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO ask_questions (user_id, anonymous, author_name, by_moderator, title, body, tags, company_id, role, level)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [viewer.id, q.anonymous ?? false, authorName, viewer.moderator, q.title, q.body, q.tags, q.company_id ?? null, q.role ?? null, q.level ?? null],
    );
    return rows[0].id;
  }

  /** Keeps the version before in the history, then replaces it. */
  async editQuestion(tx: Tx, id: string, q: Omit<AskQuestion, 'anonymous'>): Promise<void> {
    await tx.query(
      'INSERT INTO ask_revisions (question_id, title, body, tags, created_at) SELECT id, title, body, tags, coalesce(edited_at, created_at) FROM ask_questions WHERE id = $1',
      [id],
    );
    await tx.query(
      `UPDATE ask_questions SET title = $2, body = $3, tags = $4, company_id = $5, role = $6, level = $7, edited_at = now(), active_at = now() WHERE id = $1`,
      [id, q.title, q.body, q.tags, q.company_id ?? null, q.role ?? null, q.level ?? null],
    );
  }

  async deleteQuestion(id: string): Promise<void> {
    await this.db.query('DELETE FROM ask_questions WHERE id = $1', [id]);
  }

  async insertAnswer(tx: Tx, viewer: Viewer, authorName: string, questionId: string, body: string): Promise<string> {
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO ask_answers (question_id, user_id, author_name, by_moderator, body) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [questionId, viewer.id, authorName, viewer.moderator, body],
    );
    return rows[0].id;
  }

  /**
   * A new answer (`answers` 1) or comment (0) on a question: its count and its last activity. Its row
   * is where a busy thread's writes queue, so callers make this the last statement of their
   * transaction.
   */
  async activity(tx: Tx, questionId: string, answers: 0 | 1): Promise<void> {
    await tx.query('UPDATE ask_questions SET answer_count = answer_count + $2, active_at = now() WHERE id = $1', [questionId, answers]);
  }

  async editAnswer(tx: Tx, id: string, body: string): Promise<void> {
    await tx.query('INSERT INTO ask_revisions (answer_id, body, created_at) SELECT id, body, coalesce(edited_at, created_at) FROM ask_answers WHERE id = $1', [
      id,
    ]);
    const { rows } = await tx.query<{ question_id: string }>('UPDATE ask_answers SET body = $2, edited_at = now() WHERE id = $1 RETURNING question_id', [
      id,
      body,
    ]);
    await tx.query('UPDATE ask_questions SET active_at = now() WHERE id = $1', [rows[0].question_id]);
  }

  async deleteAnswer(tx: Tx, id: string): Promise<void> {
    const { rows } = await tx.query<{ question_id: string }>('DELETE FROM ask_answers WHERE id = $1 RETURNING question_id', [id]);
    if (rows[0]) await tx.query('UPDATE ask_questions SET answer_count = answer_count - 1 WHERE id = $1', [rows[0].question_id]);
  }

  async insertComment(tx: Tx, viewer: Viewer, authorName: string, questionId: string, answerId: string | null, body: string): Promise<string> {
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO ask_comments (question_id, answer_id, user_id, author_name, by_moderator, body) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [questionId, answerId, viewer.id, authorName, viewer.moderator, body],
    );
    return rows[0].id;
  }

  async editComment(id: string, body: string): Promise<void> {
    await this.db.query('UPDATE ask_comments SET body = $2, edited_at = now() WHERE id = $1', [id, body]);
  }

  async deleteComment(id: string): Promise<void> {
    await this.db.query('DELETE FROM ask_comments WHERE id = $1', [id]);
  }

  async revisions(column: 'question_id' | 'answer_id', id: string): Promise<Revision[]> {
    const { rows } = await this.db.query<{ title: string | null; body: string; tags: string[] | null; created_at: Date }>(
      `SELECT title, body, tags, created_at FROM ask_revisions WHERE ${column} = $1 ORDER BY created_at DESC, id DESC LIMIT 100`,
      [id],
    );
    return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
  }

  /** One page of the list, in its order, as `viewer` sees it; one more row than `limit` says another page follows. */
  async page(viewer: Viewer, filters: QuestionFilters, limit: number, offset: number): Promise<QuestionSummary[]> {
    const { sql, params } = questionPageQuery(viewer.id, filters, limit, offset);
    const ids = await this.db.transaction(async (tx) => {
      // Planned for its own words and filters every time: the kit's statements are prepared, and the
      // plan Postgres would keep for the text cannot tell "interview" (most rows: walk the newest
      // first) from a rare word (read its few matches); the kept one took 430 ms at 100,000 questions.
      await tx.query('SET LOCAL plan_cache_mode = force_custom_plan');
      return (await tx.query<{ id: string }>(sql, params)).rows.map((r) => r.id);
    });
    if (ids.length === 0) return [];
    const { rows } = await this.db.query<QuestionRow>(`SELECT ${questionColumns} FROM ${questionJoins} WHERE q.id = ANY ($1::uuid[])`, [ids]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const standing = await this.standing(rows.map((r) => ({ userId: r.user_id, companyId: r.company_id })));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [this.summary(row, viewer, standing)] : [];
    });
  }

  async similar(title: string, limit: number): Promise<Array<Pick<QuestionSummary, 'id' | 'title' | 'answer_count' | 'accepted_answer_id' | 'status'>>> {
    const { rows } = await this.db.query<Pick<QuestionSummary, 'id' | 'title' | 'answer_count' | 'accepted_answer_id' | 'status'>>(
      `SELECT id, title, answer_count, accepted_answer_id, status FROM ask_questions
       WHERE title % $1 AND moderation = 'visible' ORDER BY similarity(title, $1) DESC, created_at DESC LIMIT $2`,
      [title, limit],
    );
    return rows;
  }

  /**
   * A question's page as `viewer` sees it, or undefined when it does not exist or is hidden from
   * them (hidden posts are their author's and moderators' only).
   */
  async detail(viewer: Viewer, id: string, byEmployee = false): Promise<QuestionDetail | undefined> {
    const { rows } = await this.db.query<QuestionRow>(`SELECT ${questionColumns} FROM ${questionJoins} WHERE q.id = $1`, [id]);
    const question = rows[0];
    if (!question || !this.mayRead(viewer, question)) return undefined;
    const [answers, comments, vote, following] = await Promise.all([
      this.db.query<AnswerRow>(
        `SELECT id, question_id, user_id, author_name, by_moderator, body, score, moderation, created_at, edited_at FROM ask_answers
         WHERE question_id = $1 ORDER BY score DESC, created_at, id LIMIT 500`,
        [id],
      ),
      this.db.query<CommentRow>(
        'SELECT id, answer_id, user_id, author_name, by_moderator, body, created_at, edited_at FROM ask_comments WHERE question_id = $1 ORDER BY created_at, id LIMIT 2000',
        [id],
      ),
      this.db.query<{ question_id: string | null; answer_id: string | null; value: number }>(
        `SELECT question_id, answer_id, value FROM ask_votes WHERE user_id = $1 AND (question_id = $2 OR answer_id IN (SELECT id FROM ask_answers WHERE question_id = $2))`,
        [viewer.id, id],
      ),
      this.db.query(`SELECT 1 FROM ask_follows WHERE user_id = $1 AND kind = 'question' AND target = $2`, [viewer.id, id]),
    ]);
    const authors = [question.user_id, ...answers.rows.map((a) => a.user_id), ...comments.rows.map((c) => c.user_id)];
    const standing = await this.standing(authors.map((userId) => ({ userId, companyId: question.company_id })));
    const votes = new Map(vote.rows.map((v) => [v.question_id ?? v.answer_id, v.value > 0 ? ('up' as const) : ('down' as const)]));
    const commentsOn = (answerId: string | null): AskComment[] =>
      comments.rows
        .filter((c) => c.answer_id === answerId)
        .map((c) => ({
          id: c.id,
          body: c.body,
          author: authorOf(c, question, standing),
          by_asker: c.user_id === question.user_id,
          is_mine: c.user_id === viewer.id,
          created_at: c.created_at.toISOString(),
          edited_at: iso(c.edited_at),
        }));
    const shown = answers.rows
      .filter((a) => this.mayRead(viewer, a))
      .filter((a) => !byEmployee || standing.worksAt.has(worksAtKey(a.user_id, question.company_id)))
      .map((a): Answer => ({
        id: a.id,
        question_id: a.question_id,
        body: a.body,
        author: authorOf(a, question, standing),
        by_asker: a.user_id === question.user_id,
        score: a.score,
        my_vote: votes.get(a.id) ?? null,
        is_mine: a.user_id === viewer.id,
        hidden: a.moderation !== 'visible',
        created_at: a.created_at.toISOString(),
        edited_at: iso(a.edited_at),
        accepted: a.id === question.accepted_answer_id,
        comments: commentsOn(a.id),
      }));
    // The accepted answer first; the rest as read: by score, then oldest first.
    shown.sort((x, y) => Number(y.accepted) - Number(x.accepted));
    return {
      ...this.summary(question, viewer, standing),
      body: question.body,
      by_asker: true,
      my_vote: votes.get(question.id) ?? null,
      edited_at: iso(question.edited_at),
      following: following.rows.length > 0,
      comments: commentsOn(null),
      answers: shown,
    };
  }

  private mayRead(viewer: Viewer, post: { user_id: string; moderation: Moderation }): boolean {
    return post.moderation === 'visible' || viewer.moderator || post.user_id === viewer.id;
  }

  private summary(row: QuestionRow, viewer: Viewer, standing: Standing): QuestionSummary {
    return {
      id: row.id,
      title: row.title,
      excerpt: excerptOf(row.body),
      tags: row.tags,
      company: row.company_id && row.company_name ? { id: row.company_id, name: row.company_name } : null,
      role: row.role,
      level: row.level,
      author: authorOf(row, row, standing),
      anonymous: row.anonymous,
      score: row.score,
      answer_count: row.answer_count,
      accepted_answer_id: row.accepted_answer_id,
      answered_by_employee: row.answered_by_employee,
      status: row.status,
      duplicate_of: row.duplicate_of && row.duplicate_title ? { id: row.duplicate_of, title: row.duplicate_title } : null,
      hidden: row.moderation !== 'visible',
      is_mine: row.user_id === viewer.id,
      created_at: row.created_at.toISOString(),
      active_at: row.active_at.toISOString(),
    };
  }

  /** Reputation of each author, and which of them are verified at the company they write about. */
  private async standing(authors: Array<{ userId: string; companyId: string | null }>): Promise<Standing> {
    const ids = [...new Set(authors.map((a) => a.userId))];
    const [reputation, verified] = await Promise.all([
      this.db.query<{ user_id: string; reputation: number }>(
        'SELECT user_id, greatest(1, 1 + sum(amount))::int AS reputation FROM ask_reputation WHERE user_id = ANY ($1::uuid[]) GROUP BY user_id',
        [ids],
      ),
      this.db.query<{ user_id: string; company_id: string }>('SELECT user_id, company_id FROM ask_members WHERE verified AND user_id = ANY ($1::uuid[])', [
        ids,
      ]),
    ]);
    const companyOf = new Map(verified.rows.map((r) => [r.user_id, r.company_id]));
    return {
      reputation: new Map(reputation.rows.map((r) => [r.user_id, r.reputation])),
      worksAt: new Set(authors.filter((a) => a.companyId && companyOf.get(a.userId) === a.companyId).map((a) => worksAtKey(a.userId, a.companyId))),
    };
  }
}
