import path from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceDefinition } from '@app/service-kit';
import { CandidateInterviewsModule } from './candidate-interviews/candidate-interviews.module';
import { CompaniesModule } from './companies/companies.module';
import { interviewsConfigShape } from './config';

@Module({ imports: [CompaniesModule, CandidateInterviewsModule] })
class InterviewsModule {}

export const interviewsService: ServiceDefinition<typeof interviewsConfigShape> = {
  name: 'interviews',
  module: InterviewsModule,
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  config: interviewsConfigShape,
};
