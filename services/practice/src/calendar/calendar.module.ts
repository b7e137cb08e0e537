import { Module } from '@nestjs/common';
import { ReviewSessionRepository } from '../review-session/review-session.repository';
import { CalendarController } from './calendar.controller';
import { CalendarEvents } from './calendar.events';
import { CalendarService } from './calendar.service';

/** The private ICS feed of due days and the interview day (kept from profile's events). */
@Module({ controllers: [CalendarController, CalendarEvents], providers: [CalendarService, ReviewSessionRepository] })
export class CalendarModule {}
