import { Module } from '@nestjs/common';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsEvents } from './analytics.events';
import { AnalyticsRepository } from './analytics.repository';

/** /analytics: the candidate's readiness from their own reviews, and the mock interviews they finished. */
@Module({ controllers: [AnalyticsController, AnalyticsEvents], providers: [AnalyticsRepository] })
export class AnalyticsModule {}
