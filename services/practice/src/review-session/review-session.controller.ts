import { Controller } from '@nestjs/common';
import { AuthUser, practiceApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedQuery } from '@app/service-kit';
import { ReviewSessionRepository } from './review-session.repository';

/** Today's review session and the caller's daily limits; only ever the caller's own. */
@Controller()
export class ReviewSessionController {
  constructor(private readonly sessions: ReviewSessionRepository) {}

  @Endpoint(practiceApi.dueQueue)
  dueQueue(@CurrentUser() user: AuthUser, @ParsedQuery() { tz }: Input<typeof practiceApi.dueQueue>['query']) {
    return this.sessions.dueQueue(user.id, tz);
  }

  @Endpoint(practiceApi.getReviewLimits)
  limits(@CurrentUser() user: AuthUser) {
    return this.sessions.limits(user.id);
  }

  @Endpoint(practiceApi.setReviewLimits)
  async setLimits(@CurrentUser() user: AuthUser, @ParsedBody() body: Input<typeof practiceApi.setReviewLimits>['body']) {
    return { data: await this.sessions.setLimits(user.id, body) };
  }
}
