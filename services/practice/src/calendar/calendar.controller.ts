import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AuthUser, practiceApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedParams } from '@app/service-kit';
import { CalendarService } from './calendar.service';

@Controller()
export class CalendarController {
  constructor(private readonly calendars: CalendarService) {}

  @Endpoint(practiceApi.getCalendarFeed)
  status(@CurrentUser() user: AuthUser) {
    return this.calendars.status(user);
  }

  @Endpoint(practiceApi.createCalendarFeed)
  async create(@CurrentUser() user: AuthUser) {
    return { data: await this.calendars.create(user) };
  }

  @Endpoint(practiceApi.deleteCalendarFeed)
  async revoke(@CurrentUser() user: AuthUser) {
    await this.calendars.revoke(user);
  }

  /** For calendar apps, which poll it: no session, the token is the credential; never cached by anyone between. */
  @Endpoint(practiceApi.calendarFeed)
  async feed(@ParsedParams() { token }: Input<typeof practiceApi.calendarFeed>['params'], @Res() res: Response) {
    const text = await this.calendars.feed(token);
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', 'inline; filename="problem-review.ics"');
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.status(200).end(text);
  }
}
