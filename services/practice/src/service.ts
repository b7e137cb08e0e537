import path from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceDefinition } from '@app/service-kit';
import { AnalyticsModule } from './analytics/analytics.module';
import { CalendarModule } from './calendar/calendar.module';
import { CatalogueModule } from './catalogue/catalogue.module';
import { practiceConfigShape } from './config';
import { DigestModule } from './digest/digest.module';
import { ErrorTypesModule } from './error-types/error-types.module';
import { ExportModule } from './export/export.module';
import { QuestionsModule } from './questions/questions.module';
import { ReviewSessionModule } from './review-session/review-session.module';
import { SystemDesignModule } from './system-design/system-design.module';
import { TimeZoneModule } from './time-zone/time-zone.module';

// CalendarModule, DigestModule and TimeZoneModule come before QuestionsModule: their fixed paths (DELETE .../calendar-feed,
// .../review-email, .../time-zone) must be matched before /api/leetcode-questions/:id, which answers 404 for an id that is not a uuid.
/** leetcode_questions, leetcode_sessions and mock_interviews; counts voice.session.ended. */
@Module({
  imports: [
    CalendarModule,
    DigestModule,
    TimeZoneModule,
    QuestionsModule,
    CatalogueModule,
    ErrorTypesModule,
    AnalyticsModule,
    ReviewSessionModule,
    ExportModule,
    SystemDesignModule,
  ],
})
class PracticeAppModule {}

export const practiceService: ServiceDefinition<typeof practiceConfigShape> = {
  name: 'practice',
  module: PracticeAppModule,
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  config: practiceConfigShape,
};
