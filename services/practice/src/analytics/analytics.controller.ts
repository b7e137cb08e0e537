import { Controller } from '@nestjs/common';
import { AuthUser, practiceApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedQuery } from '@app/service-kit';
import { AnalyticsRepository } from './analytics.repository';

@Controller()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsRepository) {}

  @Endpoint(practiceApi.practiceAnalytics)
  summary(@CurrentUser() user: AuthUser, @ParsedQuery() { tz }: Input<typeof practiceApi.practiceAnalytics>['query']) {
    return this.analytics.summary(user.id, tz);
  }
}
