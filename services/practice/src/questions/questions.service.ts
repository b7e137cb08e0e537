import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
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
import { ListBodies, ListBody } from './list-bodies';
import { QuestionsRepository } from './questions.repository';

const questionNotFound = () => notFound('Could not find this question, sorry.');

const knownErrors = new Set<string>(errorTypeCatalogue.map((e) => e.id));

@Injectable()
export class QuestionsService implements OnModuleInit {
  constructor(
    private readonly questions: QuestionsRepository,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  onModuleInit(): void {
    // identity.user.deleted: the account is gone, so are its questions and sessions (architecture:
    // every service erases that user's data). Durable consumer; a redelivery deletes nothing more.
    this.events.on({
      name: 'practice.user-deleted',
      type: 'identity.user.deleted',
      handle: async ({ user_id }, tx) => {
        await this.questions.deleteAllOf(tx, user_id);
        tx.afterCommit(() => this.bodies.forget(user_id));
      },
    });
  }

  private readonly bodies = new ListBodies();
  /** One build per caller and version at a time: concurrent misses share it. */
  private readonly building = new Map<string, { version: string; body: Promise<ListBody> }>();

  /** Retention comes from the shared scoring function over each question's three latest sessions. */
  async list(user: AuthUser, now = new Date()): Promise<QuestionListItem[]> {
    const rows = await this.questions.listWithRecentSessions(user.id);
    // Spelled out rather than rest/spread: this runs for thousands of rows per build.
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      difficulty: r.difficulty,
      tags: r.tags,
      created_at: r.created_at,
      retention: retentionScore(r.recent, now),
      last_solved_at: r.last_solved_at,
      session_count: r.session_count,
    }));
  }

  /**
   * The caller's list, ready to send (see ListBodies): rebuilt when their questions or sessions
   * changed or after a minute. The version is read before the rows, so a body is never labelled
   * newer than the data it was built from.
   */
  async listBody(user: AuthUser): Promise<ListBody> {
    const version = await this.questions.listVersion(user.id);
    const kept = this.bodies.get(user.id, version);
    if (kept) return kept;
    const pending = this.building.get(user.id);
    if (pending?.version === version) return pending.body;
    const body = this.list(user).then((items) => this.bodies.put(user.id, version, items));
    this.building.set(user.id, { version, body });
    const done = () => {
      if (this.building.get(user.id)?.body === body) this.building.delete(user.id);
    };
    body.then(done, done);
    return body;
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
