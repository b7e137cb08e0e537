import path from 'node:path';
import { Module } from '@nestjs/common';
import { BaseConfig, ServiceDefinition } from '@app/service-kit';
import { z } from 'zod';
import { AnalyticsModule } from './analytics/analytics.module';
import { ErrorTypesModule } from './error-types/error-types.module';
import { QuestionsModule } from './questions/questions.module';

const practiceConfig = {
  /**
   * Memory for kept question lists (see QuestionLists), estimated; 2,000 questions take ~2.6 MB.
   * Keep it well under the container's limit (384 Mi in deploy/k8s) minus ~130 MB for Node itself.
   */
  PRACTICE_LIST_CACHE_MB: z.coerce.number().int().min(0).default(64),
};

export type PracticeConfig = BaseConfig & z.infer<z.ZodObject<typeof practiceConfig>>;

/** leetcode_questions, leetcode_sessions and mock_interviews; announces practice.session.logged, counts voice.session.ended. */
@Module({ imports: [QuestionsModule, ErrorTypesModule, AnalyticsModule] })
class PracticeAppModule {}

export const practiceService: ServiceDefinition<typeof practiceConfig> = {
  name: 'practice',
  module: PracticeAppModule,
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  config: practiceConfig,
};
