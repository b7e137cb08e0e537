import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AuthUser, CreateQuestion, createQuestionSchema, CreateSession, createSessionSchema } from '@app/contracts';
import { CurrentUser, UuidPipe, ZodPipe } from '@app/service-kit';
import { QuestionsService } from './questions.service';

const questionId = new UuidPipe('Could not find this question, sorry.');

/** Only ever the caller's questions and sessions; anyone else's answer 404. */
@Controller('api/leetcode-questions')
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Get()
  async list(@CurrentUser() user: AuthUser, @Res() res: Response) {
    res.type('application/json').send(await this.questions.listJson(user));
  }

  @Post()
  async create(@CurrentUser() user: AuthUser, @Body(new ZodPipe(createQuestionSchema)) body: CreateQuestion) {
    return { data: await this.questions.create(user, body) };
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
