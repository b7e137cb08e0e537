import { Body, Controller, Get, Inject, Post, Res } from '@nestjs/common';
import { Company, CreateCompany, createCompanySchema } from '@app/contracts';
import { EventBus, ZodPipe } from '@app/service-kit';
import type { Response } from 'express';
import { CompaniesRepository } from './companies.repository';

@Controller('api/all-companies')
export class CompaniesController {
  constructor(
    private readonly companies: CompaniesRepository,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  @Get()
  list(): Promise<Company[]> {
    return this.companies.list();
  }

  /** 201 with the new company, or 200 with the one already known under that name. */
  @Post()
  async create(@Body(new ZodPipe(createCompanySchema)) body: CreateCompany, @Res({ passthrough: true }) res: Response) {
    const { company, created } = await this.companies.db.transaction(async (tx) => {
      const result = await this.companies.insertOrFind(tx, body.name, body.website_url ?? null);
      if (result.created) await this.events.record(tx, 'interviews.company.created', result.company);
      return result;
    });
    res.status(created ? 201 : 200);
    return { data: company };
  }
}
