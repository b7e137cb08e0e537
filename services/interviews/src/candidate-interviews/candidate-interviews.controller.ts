import { Controller, Headers, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AuthUser, interviewsApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedParams, ParsedQuery } from '@app/service-kit';
import { CandidateInterviewsService } from './candidate-interviews.service';

/** Everyone's interviews for reading; changing or deleting one is its owner's alone (404 for anyone else). */
@Controller()
export class CandidateInterviewsController {
  constructor(private readonly interviews: CandidateInterviewsService) {}

  @Endpoint(interviewsApi.listInterviews)
  async list(@CurrentUser() user: AuthUser, @ParsedQuery() query: Input<typeof interviewsApi.listInterviews>['query'], @Res() res: Response) {
    const { json, next } = await this.interviews.list(user, query);
    if (next) res.setHeader('X-Next-Cursor', next);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.status(200).end(json);
  }

  @Endpoint(interviewsApi.searchInterviews)
  async search(@CurrentUser() user: AuthUser, @ParsedQuery() query: Input<typeof interviewsApi.searchInterviews>['query'], @Res() res: Response) {
    const { items, next } = await this.interviews.search(user, query);
    if (next) res.setHeader('X-Next-Cursor', next);
    res.status(200).json(items);
  }

  @Endpoint(interviewsApi.listInterviewLocations)
  locations() {
    return this.interviews.locations();
  }

  @Endpoint(interviewsApi.createInterview)
  async create(
    @CurrentUser() user: AuthUser,
    @ParsedBody() body: Input<typeof interviewsApi.createInterview>['body'],
    @Headers('authorization') authorization: string,
  ) {
    return { data: await this.interviews.create(user, body, authorization) };
  }

  @Endpoint(interviewsApi.updateInterview)
  async update(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { id }: Input<typeof interviewsApi.updateInterview>['params'],
    @ParsedBody() { outcome }: Input<typeof interviewsApi.updateInterview>['body'],
  ) {
    return { data: await this.interviews.setOutcome(user, id, outcome) };
  }

  @Endpoint(interviewsApi.deleteInterview)
  async remove(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Input<typeof interviewsApi.deleteInterview>['params']) {
    await this.interviews.delete(user, id);
  }

  @Endpoint(interviewsApi.markHelpful)
  async markHelpful(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Input<typeof interviewsApi.markHelpful>['params']) {
    return { data: await this.interviews.markHelpful(user, id) };
  }

  @Endpoint(interviewsApi.unmarkHelpful)
  async unmarkHelpful(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Input<typeof interviewsApi.unmarkHelpful>['params']) {
    return { data: await this.interviews.unmarkHelpful(user, id) };
  }

  @Endpoint(interviewsApi.companyInsights)
  insights(@ParsedParams() { companyName }: Input<typeof interviewsApi.companyInsights>['params']) {
    return this.interviews.insights(companyName);
  }
}
