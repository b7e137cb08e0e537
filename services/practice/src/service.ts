import path from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceDefinition } from '@app/service-kit';
import { ErrorTypesModule } from './error-types/error-types.module';
import { QuestionsModule } from './questions/questions.module';

/** leetcode_questions, leetcode_sessions and error_types; announces practice.session.logged. */
@Module({ imports: [QuestionsModule, ErrorTypesModule] })
class PracticeAppModule {}

export const practiceService: ServiceDefinition = {
  name: 'practice',
  module: PracticeAppModule,
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  defaultPort: 8103,
};
