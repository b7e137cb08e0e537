import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AuthUser, communityApi as api } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedParams, ParsedQuery } from '@app/service-kit';
import { AskASweService } from './ask-a-swe.service';

type Id = { id: string };
type Body = { body: string };

/** Questions, answers, comments, votes, acceptance, follows and reputation (the moderators' part: AskModerationController). */
@Controller()
export class AskASweController {
  constructor(private readonly ask: AskASweService) {}

  // Before getQuestion: "similar" is not a question's id.
  @Endpoint(api.similarQuestions)
  similar(@ParsedQuery() { title }: Input<typeof api.similarQuestions>['query']) {
    return this.ask.similar(title);
  }

  @Endpoint(api.listQuestions)
  async list(@CurrentUser() user: AuthUser, @ParsedQuery() query: Input<typeof api.listQuestions>['query'], @Res({ passthrough: true }) res: Response) {
    const { items, next } = await this.ask.list(user, query);
    if (next) res.setHeader('X-Next-Cursor', next);
    return items;
  }

  @Endpoint(api.askQuestion)
  async askQuestion(@CurrentUser() user: AuthUser, @ParsedBody() body: Input<typeof api.askQuestion>['body']) {
    return { data: await this.ask.ask(user, body) };
  }

  @Endpoint(api.getQuestion)
  async get(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedQuery() query: Input<typeof api.getQuestion>['query']) {
    return { data: await this.ask.detail(user, id, query.by_employee === 'true') };
  }

  @Endpoint(api.editQuestion)
  async edit(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() body: Input<typeof api.editQuestion>['body']) {
    return { data: await this.ask.edit(user, id, body) };
  }

  @Endpoint(api.deleteQuestion)
  async remove(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    await this.ask.remove(user, id);
  }

  @Endpoint(api.questionRevisions)
  questionRevisions(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return this.ask.questionRevisions(user, id);
  }

  @Endpoint(api.voteOnQuestion)
  async voteOnQuestion(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() { value }: Input<typeof api.voteOnQuestion>['body']) {
    return { data: await this.ask.vote(user, 'question', id, value) };
  }

  @Endpoint(api.unvoteQuestion)
  async unvoteQuestion(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return { data: await this.ask.unvote(user, 'question', id) };
  }

  @Endpoint(api.answerQuestion)
  async answer(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() { body }: Body) {
    return { data: await this.ask.answer(user, id, body) };
  }

  @Endpoint(api.acceptAnswer)
  async accept(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() { answer_id }: Input<typeof api.acceptAnswer>['body']) {
    return { data: await this.ask.accept(user, id, answer_id) };
  }

  @Endpoint(api.unacceptAnswer)
  async unaccept(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return { data: await this.ask.accept(user, id, null) };
  }

  @Endpoint(api.commentOnQuestion)
  async commentOnQuestion(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() { body }: Body) {
    return { data: await this.ask.comment(user, { questionId: id }, body) };
  }

  @Endpoint(api.followQuestion)
  followQuestion(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return this.ask.follow(user, 'question', id, true);
  }

  @Endpoint(api.unfollowQuestion)
  unfollowQuestion(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return this.ask.follow(user, 'question', id, false);
  }

  @Endpoint(api.editAnswer)
  async editAnswer(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() { body }: Body) {
    return { data: await this.ask.editAnswer(user, id, body) };
  }

  @Endpoint(api.deleteAnswer)
  async removeAnswer(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    await this.ask.removeAnswer(user, id);
  }

  @Endpoint(api.answerRevisions)
  answerRevisions(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return this.ask.answerRevisions(user, id);
  }

  @Endpoint(api.voteOnAnswer)
  async voteOnAnswer(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() { value }: Input<typeof api.voteOnAnswer>['body']) {
    return { data: await this.ask.vote(user, 'answer', id, value) };
  }

  @Endpoint(api.unvoteAnswer)
  async unvoteAnswer(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return { data: await this.ask.unvote(user, 'answer', id) };
  }

  @Endpoint(api.commentOnAnswer)
  async commentOnAnswer(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() { body }: Body) {
    return { data: await this.ask.comment(user, { answerId: id }, body) };
  }

  @Endpoint(api.editAskComment)
  async editComment(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() { body }: Body) {
    return { data: await this.ask.editComment(user, id, body) };
  }

  @Endpoint(api.deleteAskComment)
  async removeComment(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    await this.ask.removeComment(user, id);
  }

  @Endpoint(api.listCompanyQuestions)
  async companyQuestions(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { companyId }: Input<typeof api.listCompanyQuestions>['params'],
    @ParsedQuery() query: Input<typeof api.listCompanyQuestions>['query'],
    @Res({ passthrough: true }) res: Response,
  ) {
    const { items, next } = await this.ask.companyQuestions(user, companyId, query);
    if (next) res.setHeader('X-Next-Cursor', next);
    return items;
  }

  @Endpoint(api.myFollows)
  follows(@CurrentUser() user: AuthUser) {
    return this.ask.follows(user);
  }

  @Endpoint(api.followTag)
  followTag(@CurrentUser() user: AuthUser, @ParsedParams() { tag }: Input<typeof api.followTag>['params']) {
    return this.ask.follow(user, 'tag', tag, true);
  }

  @Endpoint(api.unfollowTag)
  unfollowTag(@CurrentUser() user: AuthUser, @ParsedParams() { tag }: Input<typeof api.unfollowTag>['params']) {
    return this.ask.follow(user, 'tag', tag, false);
  }

  @Endpoint(api.followCompany)
  followCompany(@CurrentUser() user: AuthUser, @ParsedParams() { companyId }: Input<typeof api.followCompany>['params']) {
    return this.ask.follow(user, 'company', companyId, true);
  }

  @Endpoint(api.unfollowCompany)
  unfollowCompany(@CurrentUser() user: AuthUser, @ParsedParams() { companyId }: Input<typeof api.unfollowCompany>['params']) {
    return this.ask.follow(user, 'company', companyId, false);
  }

  @Endpoint(api.myAskStanding)
  standing(@CurrentUser() user: AuthUser) {
    return this.ask.standing(user);
  }

  @Endpoint(api.userReputation)
  reputation(@ParsedParams() { userId }: Input<typeof api.userReputation>['params']) {
    return this.ask.reputationOf(userId);
  }
}
