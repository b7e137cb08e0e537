import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuthUser, CreateQuestion, createQuestionSchema, CreateSession, createSessionSchema } from '@app/contracts';
import { CurrentUser, UuidPipe, ZodPipe } from '@app/service-kit';
import { etagMatches, preferredCoding } from './list-body';
import { QuestionsService } from './questions.service';

const questionId = new UuidPipe('Could not find this question, sorry.');

/** Only ever the caller's questions and sessions; anyone else's answer 404. */
@Controller('api/leetcode-questions')
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  /**
   * The kept list (see QuestionLists): compressed when the client accepts it, 304 when it already
   * holds these exact bytes. `private, no-cache` makes a browser revalidate every time, never reuse blindly.
   */
  @Get()
  async list(@CurrentUser() user: AuthUser, @Req() req: Request, @Res() res: Response) {
    const body = await this.questions.listBody(user);
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

  @Post()
  async create(@CurrentUser() user: AuthUser, @Body(new ZodPipe(createQuestionSchema)) body: CreateQuestion) {
    return { data: await this.questions.create(user, body) };
  }

  @Get('summary')
  summary(@CurrentUser() user: AuthUser) {
    return this.questions.summary(user);
  }

  @Get('sessions')
  allSessions(@CurrentUser() user: AuthUser) {
    return this.questions.allSessions(user);
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@CurrentUser() user: AuthUser, @Param('id', questionId) id: string) {
    await this.questions.delete(user, id);
  }

  @Get(':id/sessions')
  sessions(@CurrentUser() user: AuthUser, @Param('id', questionId) id: string) {
    return this.questions.sessionsOf(user, id);
  }

  @Post(':id/session')
  async logSession(@CurrentUser() user: AuthUser, @Param('id', questionId) id: string, @Body(new ZodPipe(createSessionSchema)) body: CreateSession) {
    return { data: await this.questions.logSession(user, id, body) };
  }
}
