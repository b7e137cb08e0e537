import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module';
import { ProfilesController } from './profiles.controller';
import { ProfilesRepository } from './profiles.repository';
import { ProfilesService } from './profiles.service';

@Module({ imports: [CompaniesModule], controllers: [ProfilesController], providers: [ProfilesRepository, ProfilesService] })
export class ProfilesModule {}
