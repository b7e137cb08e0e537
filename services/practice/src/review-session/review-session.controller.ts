import { Controller } from '@nestjs/common';
import { AuthUser, practiceApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody } from '@app/service-kit';
import { TimeZones } from '../time-zone/time-zones';
import { ReviewSessionRepository } from './review-session.repository';

/** Today's review session and the caller's daily limits; only ever the caller's own. */
@Controller()
export class ReviewSessionController {
  constructor(
    private readonly sessions: ReviewSessionRepository,
    private readonly zones: TimeZones,
  ) {}

  @Endpoint(practiceApi.dueQueue)
  async dueQueue(@CurrentUser() user: AuthUser) {
    return this.sessions.dueQueue(user.id, await this.zones.of(user.id));
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
