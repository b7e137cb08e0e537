import path from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceDefinition } from '@app/service-kit';
import { CompaniesModule } from './companies/companies.module';
import { ProfilesModule } from './profiles/profiles.module';

/** user_profiles and a read model of companies fed by interviews.company.created. */
@Module({ imports: [CompaniesModule, ProfilesModule] })
class ProfileAppModule {}

export const profileService: ServiceDefinition = {
  name: 'profile',
  module: ProfileAppModule,
  migrationsDir: path.join(__dirname, '..', 'migrations'),
};
