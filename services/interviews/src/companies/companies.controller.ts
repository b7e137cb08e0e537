import { Body, Controller, Get, Post, Res } from '@nestjs/common';
import { Company, CreateCompany, createCompanySchema } from '@app/contracts';
import { ZodPipe } from '@app/service-kit';
import type { Response } from 'express';
import { CompaniesService } from './companies.service';

@Controller('api/all-companies')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  /** 200 [{id, name, website_url}] by name. */
  @Get()
  list(): Promise<Company[]> {
    return this.companies.list();
  }

  /** 201 {data} for a new company; 200 {data: existing} when the name is already known. */
  @Post()
  async create(@Body(new ZodPipe(createCompanySchema)) body: CreateCompany, @Res({ passthrough: true }) res: Response): Promise<{ data: Company }> {
    const { company, created } = await this.companies.create(body);
    res.status(created ? 201 : 200);
    return { data: company };
  }
}
