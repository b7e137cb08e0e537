import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module';
import { ProfilesController } from './profiles.controller';
import { ProfilesEvents } from './profiles.events';
import { ProfilesRepository } from './profiles.repository';
import { ProfilesService } from './profiles.service';
import { UsernameSkeletons } from './username-skeletons';

@Module({ imports: [CompaniesModule], controllers: [ProfilesController, ProfilesEvents], providers: [ProfilesRepository, ProfilesService, UsernameSkeletons] })
export class ProfilesModule {}
