import { Inject, Injectable } from '@nestjs/common';
import {
  Autosave,
  AuthUser,
  communityDesignMessages,
  conceptCardOf,
  ConceptCard,
  DesignAttempt,
  EventData,
  PromptList,
  PromptListQuery,
  PublishDesign,
  ReviewGrade,
  Rubric,
  rubricDimensions,
  SavedDraft,
  scheduleReview,
  StartAttempt,
  SystemDesignConceptKey,
  systemDesignCoverage,
  systemDesignLimits,
  systemDesignMessages,
  SystemDesignProgress,
  SystemDesignPrompt,
  weakRubricScore,
} from '@app/contracts';
import { AppError, conflict, EventBus, EventTooLarge, isErased, notFound, Tx, unauthorized } from '@app/service-kit';
import { conceptRef, PromptCatalogue } from './prompt-catalogue';
import { AttemptRow, SystemDesignRepository } from './system-design.repository';

/** The list's company filter offers at most this many companies, most reports first. */
const companiesListed = 200;
/** Attempts the prompt page lists. */
const attemptsListed = 50;

const noAttempt = () => notFound(systemDesignMessages.noAttempt);
const noPrompt = () => notFound(systemDesignMessages.noPrompt);

/** The text labels of an Excalidraw scene: what its boxes and arrows say (elements of type text, and labels bound to shapes). */
function sceneLabels(scene: Record<string, unknown> | null): string {
  const elements = Array.isArray(scene?.elements) ? (scene.elements as unknown[]) : [];
  return elements
    .map((element) => (element && typeof element === 'object' && 'text' in element && typeof element.text === 'string' ? element.text : ''))
    .filter(Boolean)
    .join('\n');
}

/** System Design: prompts with "asked at" counts, attempts in the delivery framework, review and concept cards. */
@Injectable()
export class SystemDesignService {
  readonly catalogue = new PromptCatalogue();

  constructor(
    private readonly repo: SystemDesignRepository,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async list(user: AuthUser, query: PromptListQuery): Promise<PromptList> {
    const [progress, asked, companies] = await Promise.all([
      this.repo.progress(user.id),
      this.repo.askedAt(query.company),
      this.repo.askingCompanies(companiesListed),
    ]);
    const prompts = this.catalogue
      .filter(query)
      .filter(({ entry }) => !query.company || asked.has(entry.slug))
      .map(({ entry, concepts }) => ({
        slug: entry.slug,
        title: entry.title,
        level: entry.level,
        summary: entry.summary,
        concepts: concepts.map(conceptRef),
        asked_at: asked.get(entry.slug) ?? { reports: 0, companies: [] },
        progress: progress.get(entry.slug) ?? { attempts: 0, best_rubric_total: null, last_practised_at: null },
      }));
    return { prompts, companies };
  }

  async prompt(user: AuthUser, slug: string): Promise<SystemDesignPrompt> {
    const found = this.catalogue.get(slug);
    if (!found) throw noPrompt();
    const { entry, concepts } = found;
    const [progress, asked, mine] = await Promise.all([this.repo.progress(user.id), this.repo.askedAt(), this.repo.attemptsOf(user.id, slug, attemptsListed)]);
    return {
      slug,
      title: entry.title,
      level: entry.level,
      summary: entry.summary,
      concepts: concepts.map(conceptRef),
      asked_at: asked.get(slug) ?? { reports: 0, companies: [] },
      progress: progress.get(slug) ?? { attempts: 0, best_rubric_total: null, last_practised_at: null },
      prompt: entry.prompt,
      // Locked until the caller has tried it: seeing the outline first would spoil the practice.
      reference_outline: mine.submitted ? entry.outline : null,
      attempts: mine.attempts,
    };
  }

  async start(user: AuthUser, slug: string, { mode }: StartAttempt): Promise<DesignAttempt> {
    if (!this.catalogue.get(slug)) throw noPrompt();
    // A deleted account's access token works until it expires; it must not leave a row behind.
    if (await isErased(this.repo.db, user.id)) throw unauthorized('This account has been deleted');
    const row = await this.repo.db.transaction((tx) => this.repo.start(tx, user.id, slug, mode));
    return this.view(row);
  }

  async attempt(user: AuthUser, id: string): Promise<DesignAttempt> {
    const row = await this.repo.attempt(this.repo.db, user.id, id);
    if (!row) throw noAttempt();
    return this.view(row);
  }

  async save(user: AuthUser, id: string, draft: Autosave): Promise<SavedDraft> {
    const scene = draft.scene === null ? null : JSON.stringify(draft.scene);
    if (scene !== null && Buffer.byteLength(scene) > systemDesignLimits.sceneBytesMax)
      throw new AppError('payload_too_large', systemDesignMessages.sceneTooLarge);
    const outcome = await this.repo.save(user.id, id, draft.revision, draft.notes as Record<string, string>, scene);
    if (outcome.saved || outcome.reason === 'repeat') return { revision: outcome.revision, saved_at: outcome.saved_at };
    if (outcome.reason === 'missing') throw noAttempt();
    throw conflict(outcome.reason === 'submitted' ? systemDesignMessages.submitted : systemDesignMessages.staleRevision);
  }

  /** Judges the notes and the drawing's labels with the shared matcher; submitting again answers the same review. */
  async submit(user: AuthUser, id: string): Promise<DesignAttempt> {
    const row = await this.repo.db.transaction(async (tx) => {
      const attempt = await this.locked(tx, user, id);
      if (attempt.submitted_at) return attempt;
      const { entry, concepts } = this.catalogue.get(attempt.prompt_slug)!;
      const text = `${Object.values(attempt.notes).join('\n')}\n${sceneLabels(attempt.scene ? JSON.parse(attempt.scene) : null)}`;
      const { covered, missed } = systemDesignCoverage(concepts, text);
      await this.repo.submit(tx, user.id, attempt, entry.title, covered, missed);
      // Others' community designs of the prompt open to the member once community hears of it.
      await this.events.record(tx, 'practice.design.submitted', { user_id: user.id, prompt_slug: attempt.prompt_slug, submitted_at: new Date().toISOString() });
      return (await this.repo.attempt(tx, user.id, id))!;
    });
    return this.view(row);
  }

  async rate(user: AuthUser, id: string, rubric: Rubric): Promise<DesignAttempt> {
    const row = await this.repo.db.transaction(async (tx) => {
      const attempt = await this.locked(tx, user, id);
      if (!attempt.submitted_at) throw conflict(systemDesignMessages.notSubmitted);
      const total = rubricDimensions.reduce((sum, d) => sum + rubric[d.key], 0);
      await this.repo.rate(tx, user.id, attempt, rubric, total);
      const weak = rubricDimensions.filter((d) => rubric[d.key] <= weakRubricScore).flatMap((d) => d.concepts);
      await this.repo.weak(tx, user.id, attempt.prompt_slug, this.catalogue.get(attempt.prompt_slug)!.entry.title, weak);
      return (await this.repo.attempt(tx, user.id, id))!;
    });
    return this.view(row);
  }

  /**
   * Community designs: the submitted attempt's notes and drawing as they are now, sent to community
   * (which owns published items, their votes and moderation) in the transaction that reads them; the
   * event stream's message limit (about 250 KB) bounds what can be published.
   * Publishing again sends the latest snapshot; the design's id is the attempt's.
   */
  async publish(user: AuthUser, id: string, { show_username }: PublishDesign): Promise<{ design_id: string }> {
    await this.repo.db
      .transaction(async (tx) => {
        const attempt = await this.locked(tx, user, id);
        if (!attempt.submitted_at) throw conflict(communityDesignMessages.notSubmitted);
        await this.events.record(tx, 'practice.design.published', {
          design_id: attempt.id,
          user_id: user.id,
          prompt_slug: attempt.prompt_slug,
          prompt_title: this.catalogue.get(attempt.prompt_slug)!.entry.title,
          show_username,
          notes: attempt.notes,
          scene: attempt.scene === null ? null : (JSON.parse(attempt.scene) as Record<string, unknown>),
          published_at: new Date().toISOString(),
        });
      })
      .catch((err: unknown) => {
        throw err instanceof EventTooLarge ? new AppError('payload_too_large', communityDesignMessages.tooLarge) : err;
      });
    return { design_id: id };
  }

  async progress(user: AuthUser): Promise<SystemDesignProgress> {
    const [progress, cards] = await Promise.all([this.repo.progress(user.id), this.repo.cards(user.id)]);
    const now = new Date();
    const prompts = [...progress]
      .map(([slug, p]) => ({ slug, title: this.catalogue.get(slug)?.entry.title ?? slug, ...p }))
      .sort((a, b) => (b.last_practised_at ?? '').localeCompare(a.last_practised_at ?? ''));
    // Weakest first: a card never reviewed (no retention yet) before any reviewed one.
    const concepts = cards.map((card) => conceptCardOf(card, now)).sort((a, b) => (a.retention ?? -1) - (b.retention ?? -1));
    return { prompts, concepts };
  }

  async reviewCard(user: AuthUser, concept: SystemDesignConceptKey, grade: ReviewGrade): Promise<ConceptCard> {
    const now = new Date();
    const card = await this.repo.db.transaction(async (tx) => {
      const stored = await this.repo.lockCard(tx, user.id, concept);
      if (!stored) throw notFound(systemDesignMessages.noConceptCard);
      // The grade alone schedules a concept: no scores, as a problem's grade overrides its scores.
      return this.repo.reschedule(tx, user.id, concept, scheduleReview(stored.schedule, { correctness: 0, confidence: 0, timer: 0, grade }, now));
    });
    return conceptCardOf(card, now);
  }

  /** interviews.interview.changed: the report's rounds matched against the prompts; a deleted report names none. */
  async recordReport(tx: Tx, report: EventData<'interviews.interview.changed'>): Promise<void> {
    if (await isErased(tx, report.user_id)) return;
    await this.repo.recordReport(tx, report, report.deleted ? [] : this.catalogue.named(report.rounds));
  }

  private async locked(tx: Tx, user: AuthUser, id: string): Promise<AttemptRow> {
    const attempt = await this.repo.attempt(tx, user.id, id, true);
    if (!attempt) throw noAttempt();
    return attempt;
  }

  private view(row: AttemptRow): DesignAttempt {
    const { entry } = this.catalogue.get(row.prompt_slug)!;
    const refs = (keys: SystemDesignConceptKey[] | null) => (keys ?? []).map(conceptRef);
    return {
      id: row.id,
      prompt_slug: row.prompt_slug,
      prompt_title: entry.title,
      mode: row.mode,
      status: row.submitted_at ? 'submitted' : 'in_progress',
      started_at: row.started_at,
      submitted_at: row.submitted_at,
      revision: row.revision,
      saved_at: row.saved_at,
      notes: row.notes,
      scene: row.scene === null ? null : (JSON.parse(row.scene) as Record<string, unknown>),
      review: row.submitted_at
        ? {
            reference_outline: entry.outline,
            concepts_covered: refs(row.concepts_covered),
            concepts_missed: refs(row.concepts_missed),
            rubric: row.rubric,
            rubric_total: row.rubric_total,
          }
        : null,
    };
  }
}
