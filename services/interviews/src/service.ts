import path from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceDefinition } from '@app/service-kit';
import { CompaniesModule } from './companies/companies.module';

@Module({ imports: [CompaniesModule] })
class InterviewsModule {}

export const interviewsService: ServiceDefinition = {
  name: 'interviews',
  module: InterviewsModule,
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  defaultPort: 8102,
};
