import { Inject, Injectable } from '@nestjs/common';
import {
  AuthUser,
  confidenceFrom,
  correctnessFromErrors,
  CreateQuestion,
  CreateSession,
  errorTypeCatalogue,
  PracticeSession,
  Question,
  QuestionListItem,
  retentionScore,
} from '@app/contracts';
import { EventBus, notFound, validationFailed } from '@app/service-kit';
import { QuestionsRepository } from './questions.repository';

const questionNotFound = () => notFound('Could not find this question, sorry.');

/** Retention decays by under 0.01 % a minute: a list body may be reused for that long. */
const LIST_TTL_MS = 60_000;
const LIST_CACHE_USERS = 1000;
const knownErrors = new Set<string>(errorTypeCatalogue.map((e) => e.id));

@Injectable()
export class QuestionsService {
  constructor(
    private readonly questions: QuestionsRepository,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  private readonly listBodies = new Map<string, { version: string; at: number; json: string }>();

  /** Retention comes from the shared scoring function over each question's three latest sessions. */
  async list(user: AuthUser, now = new Date()): Promise<QuestionListItem[]> {
    const rows = await this.questions.listWithRecentSessions(user.id);
    return rows.map(({ recent, ...question }) => ({ ...question, retention: retentionScore(recent, now) }));
  }

  /**
   * The list as JSON, reused while the caller's questions and sessions are unchanged (checked
   * against the database on every call, so every replica stays exact) and for at most a minute.
   * A list is read far more often than written, and building 2,000 items costs ~20 ms of CPU.
   */
  async listJson(user: AuthUser): Promise<string> {
    const version = await this.questions.listVersion(user.id);
    const cached = this.listBodies.get(user.id);
    if (cached && cached.version === version && Date.now() - cached.at < LIST_TTL_MS) return cached.json;
    const json = JSON.stringify(await this.list(user));
    this.listBodies.delete(user.id);
    this.listBodies.set(user.id, { version, at: Date.now(), json });
    if (this.listBodies.size > LIST_CACHE_USERS) this.listBodies.delete(this.listBodies.keys().next().value!);
    return json;
  }

  create(user: AuthUser, question: CreateQuestion): Promise<Question> {
    return this.questions.create(user.id, question);
  }

  async delete(user: AuthUser, id: string): Promise<void> {
    if (!(await this.questions.delete(user.id, id))) throw questionNotFound();
  }

  allSessions(user: AuthUser): Promise<PracticeSession[]> {
    return this.questions.sessionsOfUser(user.id);
  }

  async sessionsOf(user: AuthUser, questionId: string): Promise<PracticeSession[]> {
    if (!(await this.questions.owns(user.id, questionId))) throw questionNotFound();
    return this.questions.sessionsOfQuestion(user.id, questionId);
  }

  /**
   * Logs a review. With the chosen errors and the number of submissions, the scores are the
   * server's own (the shared scoring code), whatever the client computed.
   */
  async logSession(user: AuthUser, questionId: string, body: CreateSession): Promise<PracticeSession> {
    if (body.question_id !== questionId) throw validationFailed({ question_id: 'Invalid question ID' });
    const unknown = (body.errors ?? []).filter((id) => !knownErrors.has(id));
    if (unknown.length > 0) throw validationFailed({ errors: `Unknown error type: ${unknown.join(', ')}` });
    const computed = body.errors !== undefined && body.submissions !== undefined;
    return this.questions.db.transaction(async (tx) => {
      if (!(await this.questions.lockOwned(tx, user.id, questionId))) throw questionNotFound();
      const session = await this.questions.insertSession(tx, {
        user_id: user.id,
        question_id: questionId,
        correctness: computed ? correctnessFromErrors(body.errors!) : body.correctness,
        confidence: computed ? confidenceFrom(body.submissions!, body.timer) : body.confidence,
        timer: body.timer,
        notes: body.notes ?? null,
        errors: body.errors ?? [],
        submissions: body.submissions ?? null,
      });
      await this.events.record(tx, 'practice.session.logged', {
        session_id: session.id,
        question_id: session.question_id,
        user_id: session.user_id,
        correctness: session.correctness,
        confidence: session.confidence,
        timer: session.timer,
        created_at: session.created_at,
      });
      return session;
    });
  }
}
