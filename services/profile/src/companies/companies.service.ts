import { Injectable } from '@nestjs/common';
import type { Company } from '@app/contracts';
import { CompaniesRepository } from './companies.repository';
import { domainMatchesWebsite, emailMatchesWebsite } from './company-domain';

/** What profile knows of companies: fed by interviews.company.created, never by another service's tables. */
@Injectable()
export class CompaniesService {
  constructor(private readonly companies: CompaniesRepository) {}

  find(id: string): Promise<Company | undefined> {
    return this.companies.find(id);
  }

  /** True only when the account's e-mail domain is the company's website domain or a subdomain of it. */
  isEmployeeEmail(email: string | null, company: Company): boolean {
    return emailMatchesWebsite(email, company.website_url);
  }

  /** The same, from the domain of a confirmed address (identity.user.confirmed). */
  isEmployeeDomain(domain: string | null, company: Company): boolean {
    return domainMatchesWebsite(domain, company.website_url);
  }
}
