import { Controller } from '@nestjs/common';
import { AuthUser, communityApi } from '@app/contracts';
import { CurrentUser, Endpoint } from '@app/service-kit';
import { ReviewsService } from './reviews.service';

@Controller()
export class ModerationController {
  constructor(private readonly reviews: ReviewsService) {}

  @Endpoint(communityApi.moderationSummary)
  summary(@CurrentUser() user: AuthUser) {
    return this.reviews.summary(user);
  }

  @Endpoint(communityApi.moderationLog)
  log(@CurrentUser() user: AuthUser) {
    return this.reviews.log(user);
  }

  @Endpoint(communityApi.ownSubmissions)
  submissions(@CurrentUser() user: AuthUser) {
    return this.reviews.submissionsOf(user);
  }
}
