import { Inject, Injectable } from '@nestjs/common';
import {
  Answer,
  AskComment,
  askMessages,
  askNewAccounts,
  AskPrivilege,
  askPrivilegeActions,
  askPrivileges,
  AskQuestion,
  askReputation,
  AuthUser,
  clipNotificationText,
  communityMessages,
  Follows,
  isModerator,
  MyAskStanding,
  notificationBodyMax,
  notificationKinds,
  notificationTitleMax,
  QuestionDetail,
  QuestionSummary,
  Reputation,
  Revision,
  similarShown,
  SimilarQuestion,
  writeCaps,
} from '@app/contracts';
import {
  conflict,
  displayNameOf,
  EventBus,
  forbidden,
  holdDailyCap,
  holdWriteCap,
  isErased,
  notFound,
  Tx,
  unauthorized,
  validationFailed,
} from '@app/service-kit';

import { recipientGroups } from '../recipients';
import { decodeOffset, encodeOffset, QuestionFilters, questionsPage } from './list-query';
import { FollowKind, MembersRepository } from './members.repository';
import { PostFacts, PostsRepository, QuestionFacts, Viewer } from './posts.repository';
import { PostColumn, ReputationRepository } from './reputation.repository';

const viewerOf = (user: AuthUser): Viewer => ({ id: user.id, moderator: isModerator(user) });
const linkPattern = /https?:\/\/|www\.|\]\(/i;
const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';
const questionLink = (id: string) => `/ask-a-swe/${id}`;

/** The name a post's notification gives its writer: an anonymous asker is "The asker" in their own thread. */
const writerName = (user: AuthUser, question: QuestionFacts) => (question.anonymous && user.id === question.user_id ? 'The asker' : displayNameOf(user));

/** Ask a SWE's rules: who may ask, answer, vote, accept and follow, and whom each write tells. */
@Injectable()
export class AskASweService {
  constructor(
    private readonly posts: PostsRepository,
    private readonly reputation: ReputationRepository,
    private readonly members: MembersRepository,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async list(user: AuthUser, query: QuestionFilters & { limit?: number; cursor?: string }): Promise<{ items: QuestionSummary[]; next?: string }> {
    const limit = query.limit ?? questionsPage;
    const offset = decodeOffset(query.cursor);
    const rows = await this.posts.page(viewerOf(user), query, limit + 1, offset);
    return { items: rows.slice(0, limit), next: rows.length > limit ? encodeOffset(offset + limit) : undefined };
  }

  async companyQuestions(user: AuthUser, companyId: string, query: { limit?: number; cursor?: string }) {
    if (!(await this.posts.companyExists(companyId))) throw notFound(askMessages.companyNotFound);
    return this.list(user, { ...query, company_id: companyId, open: true, sort: 'newest' });
  }

  similar(title: string): Promise<SimilarQuestion[]> {
    return this.posts.similar(title, similarShown);
  }

  async detail(user: AuthUser, id: string, byEmployee = false): Promise<QuestionDetail> {
    const detail = await this.posts.detail(viewerOf(user), id, byEmployee);
    if (!detail) throw notFound(askMessages.questionNotFound);
    return detail;
  }

  async ask(user: AuthUser, question: AskQuestion): Promise<QuestionDetail> {
    await this.mayWrite(user, question.body + question.title);
    await this.knownCompany(question.company_id);
    const newAccount = await this.isNew(user.id);
    const id = await this.posts.db.transaction(async (tx) => {
      await holdWriteCap(tx, 'ask-questions', { userId: user.id, rows: 'ask_questions WHERE user_id = $1' });
      if (newAccount) {
        await holdDailyCap(tx, {
          kind: 'ask-questions',
          userId: user.id,
          rows: 'ask_questions WHERE user_id = $1',
          cap: askNewAccounts.questionsPerDay,
          message: askMessages.newAccountQuestions,
        });
      }
      const id = await this.posts.insertQuestion(tx, viewerOf(user), displayNameOf(user), question);
      await this.members.follow(user.id, 'question', id, tx);
      // Followers of its tags and company hear of it; the notification never names the asker.
      const followers = await this.members.topicFollowers(tx, question.tags, question.company_id ?? null, [user.id]);
      await this.tell(tx, followers, {
        kind: 'ask_question',
        title: `New question: "${question.title}"`,
        body: question.body,
        link: questionLink(id),
        by_moderator: false,
      });
      return id;
    });
    return this.detail(user, id);
  }

  async edit(user: AuthUser, id: string, change: Omit<AskQuestion, 'anonymous'>): Promise<QuestionDetail> {
    const question = await this.mustSeeQuestion(user, id);
    if (question.user_id !== user.id) throw forbidden(askMessages.notYours);
    await this.mayWrite(user, change.body + change.title);
    await this.knownCompany(change.company_id);
    await this.posts.db.transaction((tx) => this.posts.editQuestion(tx, id, change));
    return this.detail(user, id);
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    const question = await this.mustSeeQuestion(user, id);
    if (question.user_id !== user.id) throw forbidden(askMessages.notYours);
    await this.posts.deleteQuestion(id);
  }

  async questionRevisions(user: AuthUser, id: string): Promise<Revision[]> {
    await this.mustSeeQuestion(user, id);
    return this.posts.revisions('question_id', id);
  }

  async answer(user: AuthUser, questionId: string, body: string): Promise<Answer> {
    const question = await this.mustSeeQuestion(user, questionId);
    if (question.status === 'closed') throw conflict(askMessages.closed);
    await this.mayWrite(user, body);
    const newAccount = await this.isNew(user.id);
    const answerId = await this.posts.db.transaction(async (tx) => {
      await holdWriteCap(tx, 'ask-answers', { userId: user.id, rows: 'ask_answers WHERE user_id = $1' });
      if (newAccount) {
        await holdDailyCap(tx, {
          kind: 'ask-answers',
          userId: user.id,
          rows: 'ask_answers WHERE user_id = $1',
          cap: askNewAccounts.answersPerDay,
          message: askMessages.newAccountAnswers,
        });
      }
      const answerId = await this.posts.insertAnswer(tx, viewerOf(user), displayNameOf(user), questionId, body);
      const audience = [...new Set([question.user_id, ...(await this.members.questionFollowers(tx, questionId, [user.id]))])].filter((id) => id !== user.id);
      await this.tell(tx, audience, {
        kind: 'ask_answer',
        title: `${writerName(user, question)} answered "${question.title}"`,
        body,
        link: questionLink(questionId),
        by_moderator: isModerator(user),
      });
      await this.posts.activity(tx, questionId, 1);
      return answerId;
    });
    return this.answerAsShown(user, questionId, answerId);
  }

  async editAnswer(user: AuthUser, answerId: string, body: string): Promise<Answer> {
    const answer = await this.mustSeeAnswer(user, answerId);
    if (answer.user_id !== user.id) throw forbidden(askMessages.notYours);
    await this.mayWrite(user, body);
    await this.posts.db.transaction((tx) => this.posts.editAnswer(tx, answerId, body));
    return this.answerAsShown(user, answer.question.id, answerId);
  }

  async removeAnswer(user: AuthUser, answerId: string): Promise<void> {
    const answer = await this.mustSeeAnswer(user, answerId);
    if (answer.user_id !== user.id) throw forbidden(askMessages.notYours);
    await this.posts.db.transaction((tx) => this.posts.deleteAnswer(tx, answerId));
  }

  async answerRevisions(user: AuthUser, answerId: string): Promise<Revision[]> {
    await this.mustSeeAnswer(user, answerId);
    return this.posts.revisions('answer_id', answerId);
  }

  /** Comments tell the post's author (never themselves). */
  async comment(user: AuthUser, on: { questionId: string } | { answerId: string }, body: string): Promise<AskComment> {
    const post: PostFacts =
      'answerId' in on
        ? await this.mustSeeAnswer(user, on.answerId)
        : await this.mustSeeQuestion(user, on.questionId).then((q) => ({ id: q.id, user_id: q.user_id, question: q, moderation: q.moderation }));
    await this.mayWrite(user, body);
    const question = post.question;
    const commentId = await this.posts.db.transaction(async (tx) => {
      const id = await this.posts.insertComment(tx, viewerOf(user), displayNameOf(user), question.id, 'answerId' in on ? on.answerId : null, body);
      if (post.user_id !== user.id) {
        await this.tell(tx, [post.user_id], {
          kind: notificationKinds.comment,
          title: `${writerName(user, question)} commented on "${question.title}"`,
          body,
          link: questionLink(question.id),
          subject: clipNotificationText(question.title, notificationTitleMax / 2),
          by_moderator: isModerator(user),
        });
      }
      await this.posts.activity(tx, question.id, 0);
      return id;
    });
    return this.commentAsShown(user, question.id, commentId);
  }

  async editComment(user: AuthUser, commentId: string, body: string): Promise<AskComment> {
    const comment = await this.mustChangeComment(user, commentId, false);
    await this.mayWrite(user, body);
    await this.posts.editComment(commentId, body);
    return this.commentAsShown(user, comment.question_id, commentId);
  }

  async removeComment(user: AuthUser, commentId: string): Promise<void> {
    await this.mustChangeComment(user, commentId, true);
    await this.posts.deleteComment(commentId);
  }

  /**
   * One vote per member and post, never on one's own; the same vote again is a 409, the other one
   * replaces it. Reputation: askReputation, none for the asker of an anonymous question in their
   * own thread (a figure that moves with an anonymous post would tell who wrote it).
   */
  async vote(user: AuthUser, kind: 'question' | 'answer', postId: string, value: 'up' | 'down') {
    const post = kind === 'question' ? await this.questionAsPost(user, postId) : await this.mustSeeAnswer(user, postId);
    if (post.user_id === user.id) throw forbidden(askMessages.ownVote);
    if (value === 'down') await this.mustHave(user, 'downvote');
    const column: PostColumn = kind === 'question' ? 'question_id' : 'answer_id';
    const sign = value === 'up' ? 1 : -1;
    const earns = !(post.question.anonymous && post.user_id === post.question.user_id);
    try {
      await this.posts.db.transaction(async (tx) => {
        const before = await this.reputation.voteOf(tx, column, postId, user.id);
        if (before?.value === sign) throw conflict(askMessages.alreadyVoted);
        const replaced = before && (await this.reputation.removeVote(tx, before.id)) ? before.value : 0;
        const voteId = await this.reputation.addVote(tx, column, postId, user.id, sign);
        if (sign > 0 && earns) {
          await this.reputation.earn(
            tx,
            post.user_id,
            kind === 'question' ? 'question_upvoted' : 'answer_upvoted',
            { voteId },
            kind === 'question' ? askReputation.questionUpvoted : askReputation.answerUpvoted,
          );
        }
        if (sign < 0) {
          if (earns) await this.reputation.earn(tx, post.user_id, 'downvoted', { voteId }, askReputation.downvoted);
          if (kind === 'answer') await this.reputation.earn(tx, user.id, 'downvoting_answer', { voteId }, askReputation.downvotingAnswer);
        }
        await this.reputation.adjustScore(tx, column, postId, sign - replaced);
      });
    } catch (err) {
      // The same vote from two tabs at once: the unique index lets one in.
      if (isUniqueViolation(err)) throw conflict(askMessages.alreadyVoted);
      throw err;
    }
    return this.voteResult(user, column, postId);
  }

  async unvote(user: AuthUser, kind: 'question' | 'answer', postId: string) {
    if (kind === 'question') await this.questionAsPost(user, postId);
    else await this.mustSeeAnswer(user, postId);
    const column: PostColumn = kind === 'question' ? 'question_id' : 'answer_id';
    await this.posts.db.transaction(async (tx) => {
      const before = await this.reputation.voteOf(tx, column, postId, user.id);
      if (before && (await this.reputation.removeVote(tx, before.id))) await this.reputation.adjustScore(tx, column, postId, -before.value);
    });
    return this.voteResult(user, column, postId);
  }

  /** The asker marks one answer accepted (another takes the mark over); its author and the question's followers hear of it. */
  async accept(user: AuthUser, questionId: string, answerId: string | null): Promise<QuestionDetail> {
    const seen = await this.mustSeeQuestion(user, questionId);
    if (seen.user_id !== user.id) throw forbidden(askMessages.askerAccepts);
    await this.posts.db.transaction(async (tx) => {
      const question = (await this.posts.questionFacts(questionId, tx, true))!;
      const answer = answerId ? await this.posts.answerFacts(answerId, tx) : undefined;
      if (answerId && answer?.question.id !== questionId) throw notFound(askMessages.notThisQuestion);
      if (question.accepted_answer_id === answerId) return;
      if (question.accepted_answer_id) await this.reputation.forgetAcceptance(tx, question.accepted_answer_id);
      await tx.query('UPDATE ask_questions SET accepted_answer_id = $2, active_at = now() WHERE id = $1', [questionId, answerId]);
      if (!answer || answer.user_id === user.id) return;
      await this.reputation.earn(tx, answer.user_id, 'answer_accepted', { acceptedAnswerId: answer.id }, askReputation.answerAccepted);
      if (!question.anonymous) await this.reputation.earn(tx, user.id, 'accepting', { acceptedAnswerId: answer.id }, askReputation.accepting);
      const followers = await this.members.questionFollowers(tx, questionId, [user.id, answer.user_id]);
      await this.tell(tx, [answer.user_id], {
        kind: 'ask_accepted',
        title: `Your answer to "${question.title}" was accepted`,
        body: '',
        link: questionLink(questionId),
        by_moderator: false,
      });
      await this.tell(tx, followers, {
        kind: 'ask_accepted',
        title: `An answer to "${question.title}" was accepted`,
        body: '',
        link: questionLink(questionId),
        by_moderator: false,
      });
    });
    return this.detail(user, questionId);
  }

  async follow(user: AuthUser, kind: FollowKind, target: string, following: boolean): Promise<{ following: boolean }> {
    if (kind === 'question') await this.mustSeeQuestion(user, target);
    if (kind === 'company' && !(await this.posts.companyExists(target))) throw notFound(askMessages.companyNotFound);
    if (following) {
      if (await isErased(this.posts.db, user.id)) throw unauthorized(communityMessages.accountDeleted);
      await this.members.follow(user.id, kind, target);
    } else {
      await this.members.unfollow(user.id, kind, target);
    }
    return { following };
  }

  follows(user: AuthUser): Promise<Follows> {
    return this.members.follows(user.id);
  }

  async reputationOf(userId: string): Promise<Reputation> {
    const reputation = await this.reputation.reputationOf(userId);
    return {
      user_id: userId,
      reputation,
      privileges: { postLinks: reputation >= askPrivileges.postLinks, flag: reputation >= askPrivileges.flag, downvote: reputation >= askPrivileges.downvote },
    };
  }

  async standing(user: AuthUser): Promise<MyAskStanding> {
    const [reputation, earned, newAccount, asked, answered] = await Promise.all([
      this.reputationOf(user.id),
      this.reputation.earnedToday(user.id),
      this.isNew(user.id),
      this.writtenToday('ask_questions', user.id),
      this.writtenToday('ask_answers', user.id),
    ]);
    const questionsCap = newAccount ? askNewAccounts.questionsPerDay : writeCaps['ask-questions'].perDay;
    const answersCap = newAccount ? askNewAccounts.answersPerDay : writeCaps['ask-answers'].perDay;
    return {
      ...reputation,
      earned_today: earned,
      new_account: newAccount,
      questions_left_today: Math.max(0, questionsCap - asked),
      answers_left_today: Math.max(0, answersCap - answered),
    };
  }

  /** Registered less than askNewAccounts.ageHours ago (when community heard of it), or reputation below askNewAccounts.reputationBelow. */
  private async isNew(userId: string): Promise<boolean> {
    const [registeredAt, reputation] = await Promise.all([this.members.registeredAt(userId), this.reputation.reputationOf(userId)]);
    const young = registeredAt !== undefined && Date.now() - registeredAt.getTime() < askNewAccounts.ageHours * 3_600_000;
    return young || reputation < askNewAccounts.reputationBelow;
  }

  private async writtenToday(table: 'ask_questions' | 'ask_answers', userId: string): Promise<number> {
    const { rows } = await this.posts.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1 AND created_at > now() - interval '24 hours'`,
      [userId],
    );
    return rows[0].n;
  }

  /** Moderators have every privilege whatever their reputation (as on Stack Overflow). */
  async mustHave(user: AuthUser, privilege: AskPrivilege): Promise<void> {
    if (isModerator(user)) return;
    if ((await this.reputation.reputationOf(user.id)) < askPrivileges[privilege]) {
      throw forbidden(askMessages.privilege(askPrivilegeActions[privilege], askPrivileges[privilege]));
    }
  }

  /** A deleted account writes nothing; links need askPrivileges.postLinks. */
  private async mayWrite(user: AuthUser, text: string): Promise<void> {
    if (await isErased(this.posts.db, user.id)) throw unauthorized(communityMessages.accountDeleted);
    if (linkPattern.test(text)) await this.mustHave(user, 'postLinks');
  }

  private async knownCompany(companyId: string | null | undefined): Promise<void> {
    if (companyId && !(await this.posts.companyExists(companyId))) throw validationFailed({ company_id: askMessages.company });
  }

  private async mustSeeQuestion(user: AuthUser, id: string): Promise<QuestionFacts> {
    const question = await this.posts.questionFacts(id);
    if (!question || !this.mayRead(user, question)) throw notFound(askMessages.questionNotFound);
    return question;
  }

  private async questionAsPost(user: AuthUser, id: string): Promise<PostFacts> {
    const question = await this.mustSeeQuestion(user, id);
    return { id, user_id: question.user_id, question, moderation: question.moderation };
  }

  private async mustSeeAnswer(user: AuthUser, id: string): Promise<PostFacts> {
    const answer = await this.posts.answerFacts(id);
    if (!answer || !this.mayRead(user, answer) || !this.mayRead(user, answer.question)) throw notFound(askMessages.answerNotFound);
    return answer;
  }

  private async mustChangeComment(user: AuthUser, id: string, moderatorsToo: boolean) {
    const comment = await this.posts.commentFacts(id);
    if (!comment) throw notFound(askMessages.commentNotFound);
    await this.mustSeeQuestion(user, comment.question_id);
    if (comment.user_id !== user.id && !(moderatorsToo && isModerator(user))) throw forbidden(askMessages.notYours);
    return comment;
  }

  private mayRead(user: AuthUser, post: { user_id: string; moderation: string }): boolean {
    return post.moderation === 'visible' || post.user_id === user.id || isModerator(user);
  }

  private async voteResult(user: AuthUser, column: PostColumn, postId: string) {
    const [score, vote] = await Promise.all([
      this.reputation.score(this.posts.db, column, postId),
      this.reputation.voteOf(this.posts.db, column, postId, user.id),
    ]);
    return { id: postId, score, my_vote: vote ? (vote.value > 0 ? ('up' as const) : ('down' as const)) : null };
  }

  private async answerAsShown(user: AuthUser, questionId: string, answerId: string): Promise<Answer> {
    const answer = (await this.detail(user, questionId)).answers.find((a) => a.id === answerId);
    if (!answer) throw notFound(askMessages.answerNotFound);
    return answer;
  }

  private async commentAsShown(user: AuthUser, questionId: string, commentId: string): Promise<AskComment> {
    const detail = await this.detail(user, questionId);
    const comment = [...detail.comments, ...detail.answers.flatMap((a) => a.comments)].find((c) => c.id === commentId);
    if (!comment) throw notFound(askMessages.commentNotFound);
    return comment;
  }

  /** Recorded with the write (outbox): community's bell stores one notification per recipient. */
  private async tell(
    tx: Tx,
    userIds: string[],
    content: { kind: string; title: string; body: string; link: string; subject?: string; by_moderator: boolean },
  ): Promise<void> {
    if (userIds.length === 0) return;
    await this.events.recordAll(
      tx,
      'community.notification.requested',
      recipientGroups(userIds).map((group) => ({
        ...content,
        user_ids: group,
        title: clipNotificationText(content.title, notificationTitleMax),
        body: clipNotificationText(content.body, notificationBodyMax),
      })),
    );
  }
}
