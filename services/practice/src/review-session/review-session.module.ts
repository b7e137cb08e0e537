import { Module } from '@nestjs/common';
import { TimeZoneModule } from '../time-zone/time-zone.module';
import { ReviewSessionController } from './review-session.controller';
import { ReviewSessionRepository } from './review-session.repository';

/** "Review due": today's queue within the daily review limit and new problems per day. */
@Module({ imports: [TimeZoneModule], controllers: [ReviewSessionController], providers: [ReviewSessionRepository] })
export class ReviewSessionModule {}
