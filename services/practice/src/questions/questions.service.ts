import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import {
  AuthUser,
  confidenceFrom,
  correctnessFromErrors,
  CreateQuestion,
  CreateSession,
  duplicateTitleMessage,
  errorTypeCatalogue,
  ListOrder,
  PracticeSession,
  PracticeSummary,
  Question,
  scheduleReview,
  SessionPageQuery,
  sessionPageMessages,
  UndoneReview,
  undoReviewMessages,
  reviewUndoMinutes,
} from '@app/contracts';
import { conflict, decodePageCursor, encodePageCursor, isErased, notFound, SERVICE_CONFIG, Tx, unauthorized, validationFailed } from '@app/service-kit';
import type { PracticeConfig } from '../config';
import { ListBody } from './list-body';
import { QuestionLists } from './question-lists';
import { QuestionsRepository } from './questions.repository';

const questionNotFound = () => notFound('Could not find this question, sorry.');

const knownErrors = new Set<string>(errorTypeCatalogue.map((e) => e.id));

@Injectable()
export class QuestionsService implements OnApplicationBootstrap {
  private readonly lists: QuestionLists;

  constructor(
    private readonly questions: QuestionsRepository,
    @Inject(SERVICE_CONFIG) config: PracticeConfig,
  ) {
    this.lists = new QuestionLists(questions, { maxBytes: config.PRACTICE_LIST_CACHE_MB * 1024 * 1024 });
  }

  /**
   * identity.user.deleted: the account is gone, so are its questions, sessions and mock interview
   * count (architecture: every service erases that user's data); its kept list with them.
   */
  async erase(tx: Tx, userId: string): Promise<void> {
    await this.questions.eraseAllOf(tx, userId);
    tx.afterCommit(() => this.lists.forget(userId));
  }

  /**
   * Questions reviewed before due dates existed get their FSRS card from their sessions, replayed
   * in order, before the service reports ready. Each question in its own transaction, locked as a
   * new review would lock it.
   */
  async onApplicationBootstrap(): Promise<void> {
    for (let batch = await this.questions.unscheduled(200); batch.length > 0; batch = await this.questions.unscheduled(200)) {
      for (const { id, user_id } of batch) {
        await this.questions.db.transaction(async (tx) => {
          if (!(await this.questions.lockOwned(tx, user_id, id))) return;
          let card = null;
          for (const session of await this.questions.sessionsInOrder(tx, id)) card = scheduleReview(card, session, new Date(session.created_at));
          if (card) await this.questions.setSchedule(tx, id, card);
          tx.afterCommit(() => this.lists.forget(user_id));
        });
      }
    }
  }

  /** The caller's list, ready to send (see QuestionLists). */
  listBody(user: AuthUser, order: ListOrder): Promise<ListBody> {
    return this.lists.body(user.id, order);
  }

  async create(user: AuthUser, question: CreateQuestion): Promise<Question> {
    // A deleted account's access token works until it expires; it must not add to erased data.
    if (await isErased(this.questions.db, user.id)) throw unauthorized('This account has been deleted');
    const created = await this.questions.db.transaction((tx) => this.questions.create(tx, user.id, question));
    if (!created) throw conflict(duplicateTitleMessage, { title: duplicateTitleMessage });
    return created;
  }

  async delete(user: AuthUser, id: string): Promise<void> {
    if (!(await this.questions.delete(user.id, id))) throw questionNotFound();
  }

  summary(user: AuthUser): Promise<PracticeSummary> {
    return this.questions.summary(user.id);
  }

  /** A page of the caller's sessions, of one question or all, and the cursor of the next page when more remain. */
  async sessionPage(user: AuthUser, query: SessionPageQuery, questionId?: string): Promise<{ items: PracticeSession[]; next?: string }> {
    const after = query.cursor ? decodePageCursor(query.cursor, sessionPageMessages.cursor) : undefined;
    if (questionId && !(await this.questions.owns(user.id, questionId))) throw questionNotFound();
    const rows = await this.questions.sessionPage(user.id, { questionId, after, limit: query.limit });
    const items = rows.slice(0, query.limit).map(({ position: _position, ...session }) => session);
    const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
    return { items, next: last && encodePageCursor({ createdAt: last.position, id: last.id }) };
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
      const locked = await this.questions.lockOwned(tx, user.id, questionId);
      if (!locked) throw questionNotFound();
      await this.questions.holdReviewCaps(tx, user.id, questionId);
      const session = await this.questions.insertSession(tx, {
        user_id: user.id,
        question_id: questionId,
        correctness: computed ? correctnessFromErrors(body.errors!) : body.correctness,
        confidence: computed ? confidenceFrom(body.submissions!, body.timer) : body.confidence,
        timer: body.timer,
        notes: body.notes ?? null,
        errors: body.errors ?? [],
        submissions: body.submissions ?? null,
        grade: body.grade ?? null,
      });
      // The next due date, from this review (its grade, else its scores) at the moment it was stored.
      await this.questions.setSchedule(tx, questionId, scheduleReview(locked.schedule, session, new Date(session.created_at)));
      return session;
    });
  }

  /**
   * Undo of the caller's last review on "Review due", within the sitting: their newest review only,
   * at most reviewUndoMinutes old; the problem gets back the card and due date it had before it.
   */
  async undoReview(user: AuthUser, sessionId: string): Promise<UndoneReview> {
    return this.questions.db.transaction(async (tx) => {
      const review = await this.questions.lockReviewToUndo(tx, user.id, sessionId);
      if (!review) throw notFound(undoReviewMessages.notFound);
      if (!review.newest) throw conflict(undoReviewMessages.notLast);
      if (!review.undoable || review.age_seconds > reviewUndoMinutes * 60) throw conflict(undoReviewMessages.expired);
      return { question_id: review.question_id, due_at: await this.questions.undoReview(tx, sessionId, review.question_id) };
    });
  }
}
