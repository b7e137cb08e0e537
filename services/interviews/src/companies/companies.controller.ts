import { Controller, Res } from '@nestjs/common';
import { AuthUser, Company, interviewsApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody } from '@app/service-kit';
import type { Response } from 'express';
import { CompaniesService } from './companies.service';

@Controller()
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Endpoint(interviewsApi.listCompanies)
  list(): Promise<Company[]> {
    return this.companies.list();
  }

  /** 201 {data} for a new company; 200 {data: existing} when the name is already known. */
  @Endpoint(interviewsApi.createCompany)
  async create(
    @CurrentUser() user: AuthUser,
    @ParsedBody() body: Input<typeof interviewsApi.createCompany>['body'],
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ data: Company }> {
    const { company, created } = await this.companies.create(user.id, body);
    res.status(created ? 201 : 200);
    return { data: company };
  }
}
