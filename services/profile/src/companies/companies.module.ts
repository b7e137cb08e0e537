import { Module } from '@nestjs/common';
import { CompaniesEvents } from './companies.events';
import { CompaniesRepository } from './companies.repository';
import { CompaniesService } from './companies.service';

/** The companies read model; profiles use it through CompaniesService only. */
@Module({ controllers: [CompaniesEvents], providers: [CompaniesRepository, CompaniesService], exports: [CompaniesService] })
export class CompaniesModule {}
