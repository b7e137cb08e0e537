import { Inject, Injectable } from '@nestjs/common';
import type { Company, CreateCompany } from '@app/contracts';
import { EventBus, validationFailed } from '@app/service-kit';
import { CompaniesRepository } from './companies.repository';
import { lookOf, mixesScripts } from './look-alike';

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
   * announced exactly when it exists; finding an existing one announces nothing. A new name that
   * imitates another with look-alike characters is refused (400), so nobody can pass off a
   * company as one people know.
   */
  async create(userId: string, input: CreateCompany): Promise<CreatedOrExisting> {
    await this.refuseLookAlike(input.name);
    return this.companies.db.transaction(async (tx) => {
      const result = await this.companies.insertOrFind(tx, input.name, input.website_url ?? null, userId);
      if (result.created) await this.events.record(tx, 'interviews.company.created', result.company);
      return result;
    });
  }

  private async refuseLookAlike(name: string): Promise<void> {
    if (mixesScripts(name)) throw validationFailed({ name: 'Company name mixes letters of different scripts' });
    const typed = name.trim().toLowerCase();
    const look = lookOf(name);
    const imitated = (await this.companies.list()).find((c) => c.name.trim().toLowerCase() !== typed && lookOf(c.name) === look);
    if (imitated) throw validationFailed({ name: `Company name looks like the existing company "${imitated.name}"` });
  }
}
