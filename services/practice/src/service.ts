import path from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceDefinition } from '@app/service-kit';
import { ErrorTypesController } from './error-types/error-types.controller';
import { QuestionsController } from './questions/questions.controller';
import { QuestionsRepository } from './questions/questions.repository';
import { QuestionsService } from './questions/questions.service';

@Module({ controllers: [QuestionsController, ErrorTypesController], providers: [QuestionsRepository, QuestionsService] })
class PracticeModule {}

export const practiceService: ServiceDefinition = {
  name: 'practice',
  module: PracticeModule,
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  defaultPort: 8103,
};
