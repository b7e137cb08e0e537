import path from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceDefinition } from '@app/service-kit';
import { CompanyDirectory } from './companies/company-directory';
import { ProfilesController } from './profiles/profiles.controller';
import { ProfilesRepository } from './profiles/profiles.repository';
import { ProfilesService } from './profiles/profiles.service';

@Module({ controllers: [ProfilesController], providers: [ProfilesRepository, ProfilesService, CompanyDirectory] })
class ProfileModule {}

export const profileService: ServiceDefinition = {
  name: 'profile',
  module: ProfileModule,
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  defaultPort: 8105,
};
