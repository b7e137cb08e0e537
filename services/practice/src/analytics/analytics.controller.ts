import { Controller } from '@nestjs/common';
import { AuthUser, practiceApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedQuery } from '@app/service-kit';
import { AnalyticsService } from './analytics.service';

@Controller()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Endpoint(practiceApi.practiceAnalytics)
  summary(@CurrentUser() user: AuthUser, @ParsedQuery() { tz }: Input<typeof practiceApi.practiceAnalytics>['query']) {
    return this.analytics.summary(user.id, tz);
  }
}
