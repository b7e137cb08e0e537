import { Controller, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuthUser, practiceApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedParams, ParsedQuery } from '@app/service-kit';
import { etagMatches, preferredCoding } from './list-body';
import { QuestionsService } from './questions.service';

/** Only ever the caller's questions and sessions; anyone else's answer 404. */
@Controller()
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  /**
   * The kept list (see QuestionLists): compressed when the client accepts it, 304 when it already
   * holds these exact bytes. `private, no-cache` makes a browser revalidate every time, never reuse blindly.
   */
  @Endpoint(practiceApi.listQuestions)
  async list(
    @CurrentUser() user: AuthUser,
    @ParsedQuery() { sort }: Input<typeof practiceApi.listQuestions>['query'],
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const body = await this.questions.listBody(user, sort);
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Vary', 'Accept-Encoding, Authorization');
    res.setHeader('ETag', body.etag);
    if (etagMatches(req.headers['if-none-match'], body.etag)) {
      res.status(304).end();
      return;
    }
    const coding = preferredCoding(req);
    const bytes = coding ? await body.encode(coding) : body.json;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    if (coding) res.setHeader('Content-Encoding', coding);
    res.setHeader('Content-Length', bytes.length);
    res.status(200).end(bytes);
  }

  @Endpoint(practiceApi.createQuestion)
  async create(@CurrentUser() user: AuthUser, @ParsedBody() body: Input<typeof practiceApi.createQuestion>['body']) {
    return { data: await this.questions.create(user, body) };
  }

  @Endpoint(practiceApi.practiceSummary)
  summary(@CurrentUser() user: AuthUser) {
    return this.questions.summary(user);
  }

  @Endpoint(practiceApi.listAllSessions)
  async allSessions(
    @CurrentUser() user: AuthUser,
    @ParsedQuery() query: Input<typeof practiceApi.listAllSessions>['query'],
    @Res({ passthrough: true }) res: Response,
  ) {
    const { items, next } = await this.questions.sessionPage(user, query);
    if (next) res.setHeader('X-Next-Cursor', next);
    return items;
  }

  @Endpoint(practiceApi.deleteQuestion)
  async delete(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Input<typeof practiceApi.deleteQuestion>['params']) {
    await this.questions.delete(user, id);
  }

  @Endpoint(practiceApi.listQuestionSessions)
  async sessions(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { id }: Input<typeof practiceApi.listQuestionSessions>['params'],
    @ParsedQuery() query: Input<typeof practiceApi.listQuestionSessions>['query'],
    @Res({ passthrough: true }) res: Response,
  ) {
    const { items, next } = await this.questions.sessionPage(user, query, id);
    if (next) res.setHeader('X-Next-Cursor', next);
    return items;
  }

  @Endpoint(practiceApi.logSession)
  async logSession(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { id }: Input<typeof practiceApi.logSession>['params'],
    @ParsedBody() body: Input<typeof practiceApi.logSession>['body'],
  ) {
    return { data: await this.questions.logSession(user, id, body) };
  }

  @Endpoint(practiceApi.undoReview)
  async undoReview(@CurrentUser() user: AuthUser, @ParsedParams() { sessionId }: Input<typeof practiceApi.undoReview>['params']) {
    return { data: await this.questions.undoReview(user, sessionId) };
  }
}
