import { Inject, Injectable } from '@nestjs/common';
import { capMessages, caps } from '@app/contracts';
import type {
  AskedAtCompany,
  AttemptListItem,
  AttemptMode,
  PromptProgress,
  Rubric,
  ScheduleCard,
  StoredConceptCard,
  SystemDesignConceptKey,
} from '@app/contracts';
import { Database, holdDailyCap, Tx } from '@app/service-kit';

const iso = (column: string, alias = column.split('.').pop()) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${alias}`;

/** An attempt as stored: the scene is the JSON text as it came. */
export interface AttemptRow {
  id: string;
  prompt_slug: string;
  mode: AttemptMode;
  started_at: string;
  submitted_at: string | null;
  revision: number;
  saved_at: string | null;
  notes: Record<string, string>;
  scene: string | null;
  concepts_covered: SystemDesignConceptKey[] | null;
  concepts_missed: SystemDesignConceptKey[] | null;
  rubric: Rubric | null;
  rubric_total: number | null;
}

const attemptColumns = `id, prompt_slug, mode, ${iso('started_at')}, ${iso('submitted_at')}, revision::int AS revision, ${iso('saved_at')},
  notes, scene, concepts_covered, concepts_missed, rubric, rubric_total`;
const cardColumns = `concept, prompt_slug, prompt_title, schedule, ${iso('due_at')}, reviews`;

/** What an autosave found: saved now, the same revision already saved, or why not. */
export type SaveOutcome =
  | { saved: true; revision: number; saved_at: string }
  | { saved: false; reason: 'missing' | 'submitted' | 'stale' }
  | { saved: false; reason: 'repeat'; revision: number; saved_at: string };

/** The tables of System Design (migration 0020); a candidate only ever reads and writes their own rows. */
@Injectable()
export class SystemDesignRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /** The caller's progress per prompt: one row per prompt practised, however many attempts. */
  async progress(userId: string): Promise<Map<string, PromptProgress>> {
    const { rows } = await this.db.query<PromptProgress & { prompt_slug: string }>(
      `SELECT prompt_slug, attempts, best_rubric_total, ${iso('last_practised_at')} FROM design_progress WHERE user_id = $1`,
      [userId],
    );
    return new Map(rows.map(({ prompt_slug, ...progress }) => [prompt_slug, progress]));
  }

  /** Per prompt: the reports naming it and its five companies with most reports (migration 0021); only prompts `company` asked, with one. */
  async askedAt(company?: string): Promise<Map<string, { reports: number; companies: AskedAtCompany[] }>> {
    const { rows } = await this.db.query<{ prompt_slug: string; reports: number; companies: AskedAtCompany[] }>(
      `SELECT prompt_slug, reports, companies FROM design_asked_prompts
       ${company ? 'WHERE prompt_slug IN (SELECT prompt_slug FROM design_asked_counts WHERE company_id = $1)' : ''}`,
      company ? [company] : [],
    );
    return new Map(rows.map(({ prompt_slug, ...asked }) => [prompt_slug, asked]));
  }

  /** Every company some report names a prompt for, most reports first. */
  async askingCompanies(limit: number): Promise<AskedAtCompany[]> {
    const { rows } = await this.db.query<AskedAtCompany>(
      'SELECT company_id, company_name, reports FROM design_asked_companies ORDER BY reports DESC, company_name LIMIT $1',
      [limit],
    );
    return rows;
  }

  /** The caller's attempts of a prompt, newest first, and whether any was ever submitted. */
  async attemptsOf(userId: string, slug: string, limit: number): Promise<{ attempts: AttemptListItem[]; submitted: boolean }> {
    const [{ rows }, submitted] = await Promise.all([
      this.db.query<AttemptListItem>(
        `SELECT id, mode, CASE WHEN submitted_at IS NULL THEN 'in_progress' ELSE 'submitted' END AS status, ${iso('started_at')}, ${iso('submitted_at')}, rubric_total
         FROM design_attempts WHERE user_id = $1 AND prompt_slug = $2 ORDER BY started_at DESC LIMIT $3`,
        [userId, slug, limit],
      ),
      this.db.query('SELECT 1 FROM design_attempts WHERE user_id = $1 AND prompt_slug = $2 AND submitted_at IS NOT NULL LIMIT 1', [userId, slug]),
    ]);
    return { attempts: rows, submitted: submitted.rows.length > 0 };
  }

  /** 429 past caps.designAttemptsPerDay in 24 hours, then the attempt and the prompt's progress, in one transaction. */
  async start(tx: Tx, userId: string, slug: string, mode: AttemptMode): Promise<AttemptRow> {
    await holdDailyCap(tx, {
      kind: 'design-attempts',
      userId,
      rows: 'design_attempts WHERE user_id = $1',
      at: 'started_at',
      cap: caps.designAttemptsPerDay,
      message: capMessages.designAttemptsPerDay,
    });
    const { rows } = await tx.query<AttemptRow>(`INSERT INTO design_attempts (user_id, prompt_slug, mode) VALUES ($1, $2, $3) RETURNING ${attemptColumns}`, [
      userId,
      slug,
      mode,
    ]);
    await tx.query(
      `INSERT INTO design_progress (user_id, prompt_slug, attempts, last_practised_at) VALUES ($1, $2, 1, clock_timestamp())
       ON CONFLICT (user_id, prompt_slug) DO UPDATE SET attempts = design_progress.attempts + 1, last_practised_at = EXCLUDED.last_practised_at`,
      [userId, slug],
    );
    return rows[0];
  }

  /** One of the caller's attempts; another's is not found. `tx` locks it for a change. */
  async attempt(db: Tx | Database, userId: string, id: string, lock = false): Promise<AttemptRow | undefined> {
    const { rows } = await db.query<AttemptRow>(`SELECT ${attemptColumns} FROM design_attempts WHERE id = $1 AND user_id = $2 ${lock ? 'FOR UPDATE' : ''}`, [
      id,
      userId,
    ]);
    return rows[0];
  }

  /**
   * Last write wins by revision, in one statement: the row is written only if this revision is newer
   * than the stored one, so of two racing saves the newer stays whatever order they arrive in.
   */
  async save(userId: string, id: string, revision: number, notes: Record<string, string>, scene: string | null): Promise<SaveOutcome> {
    const { rows } = await this.db.query<{ revision: number; saved_at: string }>(
      `UPDATE design_attempts SET revision = $3, notes = $4, scene = $5, saved_at = clock_timestamp()
       WHERE id = $1 AND user_id = $2 AND submitted_at IS NULL AND revision < $3
       RETURNING revision::int AS revision, ${iso('saved_at')}`,
      [id, userId, revision, JSON.stringify(notes), scene],
    );
    if (rows[0]) return { saved: true, ...rows[0] };
    const current = await this.attempt(this.db, userId, id);
    if (!current) return { saved: false, reason: 'missing' };
    if (current.submitted_at) return { saved: false, reason: 'submitted' };
    if (current.revision === revision && current.saved_at) return { saved: false, reason: 'repeat', revision, saved_at: current.saved_at };
    return { saved: false, reason: 'stale' };
  }

  /** Marks the attempt submitted with what its notes covered; each missed concept gets a card, due now if it was not already. */
  async submit(tx: Tx, userId: string, attempt: AttemptRow, title: string, covered: SystemDesignConceptKey[], missed: SystemDesignConceptKey[]): Promise<void> {
    await tx.query('UPDATE design_attempts SET submitted_at = clock_timestamp(), concepts_covered = $3, concepts_missed = $4 WHERE id = $1 AND user_id = $2', [
      attempt.id,
      userId,
      covered,
      missed,
    ]);
    await this.weak(tx, userId, attempt.prompt_slug, title, missed);
    await tx.query('UPDATE design_progress SET last_practised_at = clock_timestamp() WHERE user_id = $1 AND prompt_slug = $2', [userId, attempt.prompt_slug]);
  }

  /** A card for each concept the prompt's attempt showed weak, due now unless it was already due sooner. */
  async weak(tx: Tx, userId: string, slug: string, title: string, concepts: SystemDesignConceptKey[]): Promise<void> {
    await tx.query(
      `INSERT INTO design_concept_cards (user_id, concept, prompt_slug, prompt_title, due_at)
       SELECT $1, concept, $2, $3, clock_timestamp() FROM unnest($4::text[]) AS concept
       ON CONFLICT (user_id, concept) DO UPDATE
         SET prompt_slug = EXCLUDED.prompt_slug, prompt_title = EXCLUDED.prompt_title, due_at = least(design_concept_cards.due_at, EXCLUDED.due_at)`,
      [userId, slug, title, concepts],
    );
  }

  /** The self-review, and the prompt's best total recomputed (a rating may be replaced by a lower one). */
  async rate(tx: Tx, userId: string, attempt: AttemptRow, rubric: Rubric, total: number): Promise<void> {
    await tx.query('UPDATE design_attempts SET rubric = $3, rubric_total = $4 WHERE id = $1 AND user_id = $2', [
      attempt.id,
      userId,
      JSON.stringify(rubric),
      total,
    ]);
    await tx.query(
      `UPDATE design_progress SET best_rubric_total = (SELECT max(rubric_total) FROM design_attempts WHERE user_id = $1 AND prompt_slug = $2)
       WHERE user_id = $1 AND prompt_slug = $2`,
      [userId, attempt.prompt_slug],
    );
  }

  /** The caller's concept cards, earliest due first. */
  async cards(userId: string): Promise<StoredConceptCard[]> {
    const { rows } = await this.db.query<StoredConceptCard>(`SELECT ${cardColumns} FROM design_concept_cards WHERE user_id = $1 ORDER BY due_at, concept`, [
      userId,
    ]);
    return rows;
  }

  async lockCard(tx: Tx, userId: string, concept: SystemDesignConceptKey): Promise<StoredConceptCard | undefined> {
    const { rows } = await tx.query<StoredConceptCard>(`SELECT ${cardColumns} FROM design_concept_cards WHERE user_id = $1 AND concept = $2 FOR UPDATE`, [
      userId,
      concept,
    ]);
    return rows[0];
  }

  async reschedule(tx: Tx, userId: string, concept: SystemDesignConceptKey, schedule: ScheduleCard): Promise<StoredConceptCard> {
    const { rows } = await tx.query<StoredConceptCard>(
      `UPDATE design_concept_cards SET schedule = $3, due_at = $4, reviews = reviews + 1 WHERE user_id = $1 AND concept = $2 RETURNING ${cardColumns}`,
      [userId, concept, JSON.stringify(schedule), schedule.due],
    );
    return rows[0];
  }

  /**
   * interviews.interview.changed: the report's prompts replace what was kept of it unless the kept
   * change is newer, and its company is recounted. Under the one recount lock (migration 0021), so
   * reports recount one after the other.
   */
  async recordReport(
    tx: Tx,
    report: { interview_id: string; user_id: string; company_id: string; company_name: string; changed_at: string },
    slugs: string[],
  ): Promise<void> {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('design_asked'))");
    const { rowCount } = await tx.query(
      `INSERT INTO design_asked_reports (interview_id, user_id, company_id, company_name, prompt_slugs, changed_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (interview_id) DO UPDATE SET company_name = EXCLUDED.company_name, prompt_slugs = EXCLUDED.prompt_slugs, changed_at = EXCLUDED.changed_at
       WHERE design_asked_reports.changed_at <= EXCLUDED.changed_at`,
      [report.interview_id, report.user_id, report.company_id, report.company_name, slugs, report.changed_at],
    );
    if (rowCount) await tx.query('SELECT recount_design_asked($1)', [report.company_id]);
  }
}
