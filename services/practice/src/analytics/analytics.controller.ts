import { Controller } from '@nestjs/common';
import { AuthUser, practiceApi } from '@app/contracts';
import { CurrentUser, Endpoint } from '@app/service-kit';
import { TimeZones } from '../time-zone/time-zones';
import { AnalyticsService } from './analytics.service';

@Controller()
export class AnalyticsController {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly zones: TimeZones,
  ) {}

  @Endpoint(practiceApi.practiceAnalytics)
  async summary(@CurrentUser() user: AuthUser) {
    return this.analytics.summary(user.id, await this.zones.of(user.id));
  }
}
