import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventData } from '@app/contracts';
import { EventContext } from '@app/service-kit';
import { CalendarService } from './calendar.service';

/** profile.interview_date.set: the calendar feed's copy of the interview day. Durable; redelivery is harmless. */
@Controller()
export class CalendarEvents {
  constructor(private readonly calendars: CalendarService) {}

  @EventPattern('profile.interview_date.set', { durable: 'practice.interview-date-set' })
  async onInterviewDateSet(@Payload() event: EventData<'profile.interview_date.set'>, @Ctx() { tx }: EventContext): Promise<void> {
    await this.calendars.onInterviewDateSet(tx, event);
  }
}
