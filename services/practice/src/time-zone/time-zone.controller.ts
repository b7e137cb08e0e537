import { Controller } from '@nestjs/common';
import { AuthUser, practiceApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody } from '@app/service-kit';
import { TimeZones } from './time-zones';

/** The caller's time zone, as Settings shows and sets it. */
@Controller()
export class TimeZoneController {
  constructor(private readonly zones: TimeZones) {}

  @Endpoint(practiceApi.getTimeZone)
  setting(@CurrentUser() user: AuthUser) {
    return this.zones.setting(user.id);
  }

  @Endpoint(practiceApi.setTimeZone)
  async set(@CurrentUser() user: AuthUser, @ParsedBody() { time_zone }: Input<typeof practiceApi.setTimeZone>['body']) {
    return { data: await this.zones.set(user.id, time_zone) };
  }
}
