import { Inject, Injectable } from '@nestjs/common';
import type { Company, CreateCompany } from '@app/contracts';
import { EventBus } from '@app/service-kit';
import { CompaniesRepository } from './companies.repository';

export interface CreatedOrExisting {
  company: Company;
  /** false: a company of that name (trimmed, case-insensitive) was already there and is returned as it is. */
  created: boolean;
}

@Injectable()
export class CompaniesService {
  constructor(
    private readonly companies: CompaniesRepository,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  list(): Promise<Company[]> {
    return this.companies.list();
  }

  /**
   * The row and its interviews.company.created event commit together (outbox), so a company is
   * announced exactly when it exists; finding an existing one announces nothing.
   */
  create(input: CreateCompany): Promise<CreatedOrExisting> {
    return this.companies.db.transaction(async (tx) => {
      const result = await this.companies.insertOrFind(tx, input.name, input.website_url ?? null);
      if (result.created) await this.events.record(tx, 'interviews.company.created', result.company);
      return result;
    });
  }
}
