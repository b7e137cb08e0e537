import { Inject, Injectable } from '@nestjs/common';
import {
  AuthUser,
  capMessages,
  caps,
  createQuestionSchema,
  CreateQuestion,
  difficulties,
  ExportQuery,
  importMessages,
  ImportResult,
  problemCsvColumns,
  sessionCsvColumns,
} from '@app/contracts';
import { conflict, Database, isErased, unauthorized, validationFailed } from '@app/service-kit';
import { QuestionsRepository } from '../questions/questions.repository';
import { Cell, CsvError, parseCsv, toCsv } from './csv';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** At most this many rows are named in a refusal: enough to fix a file, not a wall of text. */
const ROWS_NAMED = 20;

/** "easy" is Easy: a hand-written file need not match the case. */
const difficultyOf = new Map<string, string>(difficulties.map((d) => [d.toLowerCase(), d]));

export interface ExportFile {
  filename: string;
  contentType: string;
  body: string;
}

@Injectable()
export class ExportService {
  constructor(
    @Inject(Database) private readonly db: Database,
    private readonly questions: QuestionsRepository,
  ) {}

  /** The caller's problems or sessions, oldest first, as CSV or as JSON rows of the same columns. */
  async export(user: AuthUser, { data, format }: ExportQuery): Promise<ExportFile> {
    const rows = data === 'problems' ? await this.problems(user.id) : await this.sessions(user.id);
    const filename = `${data}.${format}`;
    if (format === 'json') return { filename, contentType: 'application/json; charset=utf-8', body: JSON.stringify(rows) };
    const columns = data === 'problems' ? problemCsvColumns : sessionCsvColumns;
    const cells = rows.map((row) => ({ ...row, errors: Array.isArray(row.errors) ? row.errors.join(';') : undefined }) as Record<string, Cell>);
    return { filename, contentType: 'text/csv; charset=utf-8', body: toCsv(columns, cells) };
  }

  private async problems(userId: string): Promise<Array<Record<string, unknown>>> {
    const { rows } = await this.db.query(
      `SELECT title, difficulty, tags, ${iso('created_at')} AS created_at, session_count, ${iso('last_solved_at')} AS last_solved_at,
              ${iso('due_at')} AS due_at, retention_score(recent_sessions, now()) AS retention
       FROM leetcode_questions q WHERE user_id = $1 ORDER BY q.created_at, q.id`,
      [userId],
    );
    return rows;
  }

  private async sessions(userId: string): Promise<Array<Record<string, unknown>>> {
    const { rows } = await this.db.query(
      `SELECT q.title AS problem, ${iso('s.created_at')} AS created_at, s.correctness, s.confidence, s.timer AS minutes, s.submissions, s.errors, s.grade, s.notes
       FROM leetcode_sessions s JOIN leetcode_questions q ON q.id = s.question_id
       WHERE s.user_id = $1 ORDER BY s.created_at, s.id`,
      [userId],
    );
    return rows;
  }

  /**
   * Checks every row first, then tracks the new titles in one transaction under the caller's
   * question lock (as "Add list"): any bad row, or passing the cap, adds nothing.
   */
  async import(user: AuthUser, csv: string): Promise<ImportResult> {
    if (await isErased(this.db, user.id)) throw unauthorized('This account has been deleted');
    const problems = readProblems(csv);
    const seen = new Set<string>();
    const unique = problems.filter((p) => !seen.has(p.title.toLowerCase()) && seen.add(p.title.toLowerCase()));
    return this.db.transaction(async (tx) => {
      await this.questions.holdQuestionCap(tx, user.id);
      // createMissing adds its first problem last (newest); the file is oldest first, as exported, and keeps that order.
      const added = await this.questions.createMissing(tx, user.id, [...unique].reverse());
      if (added > 0 && (await this.questions.count(tx, user.id)) > caps.questionsPerUser) throw conflict(capMessages.questions);
      return { added, skipped: problems.length - added };
    });
  }
}

/** The problems of the CSV, each row checked as the add form checks it; any bad row refuses the file, naming the rows. */
function readProblems(csv: string): CreateQuestion[] {
  let rows: string[][];
  try {
    rows = parseCsv(csv);
  } catch (err) {
    if (err instanceof CsvError) throw validationFailed({ [`row ${err.row}`]: err.message });
    throw err;
  }
  if (rows.length < 2) throw validationFailed({ csv: importMessages.empty });
  const header = rows[0].map((name) => name.trim().toLowerCase());
  const [title, difficulty, tags] = ['title', 'difficulty', 'tags'].map((name) => header.indexOf(name));
  if (title < 0 || difficulty < 0) throw validationFailed({ 'row 1': importMessages.header });
  const problems: CreateQuestion[] = [];
  const problemsByRow: Record<string, string> = {};
  let bad = 0;
  rows.slice(1).forEach((cells, i) => {
    const row = i + 2;
    const given = cells[difficulty]?.trim() ?? '';
    const parsed = createQuestionSchema.safeParse({
      title: cells[title] ?? '',
      difficulty: difficultyOf.get(given.toLowerCase()) ?? given,
      tags: tags < 0 ? null : (cells[tags] ?? null),
    });
    if (parsed.success) problems.push(parsed.data);
    else if (++bad <= ROWS_NAMED) problemsByRow[`row ${row}`] = `Row ${row}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`;
  });
  if (bad > 0) {
    const more = bad - ROWS_NAMED;
    throw validationFailed(more > 0 ? { ...problemsByRow, more: `${more} more row${more === 1 ? '' : 's'} also need fixing` } : problemsByRow);
  }
  return problems;
}
