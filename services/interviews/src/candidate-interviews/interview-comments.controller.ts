import { Controller, Headers, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AuthUser, interviewsApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedParams, ParsedQuery } from '@app/service-kit';
import { InterviewCommentsService } from './interview-comments.service';

type CommentId = Input<typeof interviewsApi.editInterviewComment>['params'];
type InterviewId = Input<typeof interviewsApi.listInterviewComments>['params'];

@Controller()
export class InterviewCommentsController {
  constructor(private readonly comments: InterviewCommentsService) {}

  /** Registered before the reports' /:id routes (the module lists this controller first). */
  @Endpoint(interviewsApi.interviewModerationLog)
  moderationLog(@CurrentUser() user: AuthUser) {
    return this.comments.moderationLog(user);
  }

  @Endpoint(interviewsApi.listInterviewComments)
  async list(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { id }: InterviewId,
    @ParsedQuery() query: Input<typeof interviewsApi.listInterviewComments>['query'],
    @Res() res: Response,
  ) {
    const { comments, next } = await this.comments.list(user, id, query);
    if (next) res.setHeader('X-Next-Cursor', next);
    res.status(200).json(comments);
  }

  @Endpoint(interviewsApi.addInterviewComment)
  async add(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { id }: InterviewId,
    @ParsedBody() body: Input<typeof interviewsApi.addInterviewComment>['body'],
    @Headers('authorization') authorization: string,
  ) {
    return { data: await this.comments.add(user, id, body, authorization) };
  }

  @Endpoint(interviewsApi.editInterviewComment)
  async edit(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { id, commentId }: CommentId,
    @ParsedBody() { body }: Input<typeof interviewsApi.editInterviewComment>['body'],
  ) {
    return { data: await this.comments.edit(user, id, commentId, body) };
  }

  @Endpoint(interviewsApi.deleteInterviewComment)
  async remove(@CurrentUser() user: AuthUser, @ParsedParams() { id, commentId }: CommentId) {
    await this.comments.remove(user, id, commentId);
  }
}
