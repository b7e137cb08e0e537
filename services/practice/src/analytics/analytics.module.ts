import { Module } from '@nestjs/common';
import { TimeZoneModule } from '../time-zone/time-zone.module';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsEvents } from './analytics.events';
import { AnalyticsRepository } from './analytics.repository';
import { AnalyticsService } from './analytics.service';

/** /analytics: the candidate's readiness from their own reviews, and the mock interviews they finished. */
@Module({ imports: [TimeZoneModule], controllers: [AnalyticsController, AnalyticsEvents], providers: [AnalyticsRepository, AnalyticsService] })
export class AnalyticsModule {}
