import { Module } from '@nestjs/common';
import { CompaniesRepository } from './companies.repository';
import { CompaniesService } from './companies.service';

/** The companies read model; profiles use it through CompaniesService only. */
@Module({ providers: [CompaniesRepository, CompaniesService], exports: [CompaniesService] })
export class CompaniesModule {}
