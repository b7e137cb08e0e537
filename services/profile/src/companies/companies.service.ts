import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Company } from '@app/contracts';
import { EventBus } from '@app/service-kit';
import { CompaniesRepository } from './companies.repository';
import { emailMatchesWebsite } from './company-domain';

/** What profile knows of companies: fed by interviews.company.created, never by another service's tables. */
@Injectable()
export class CompaniesService implements OnModuleInit {
  constructor(
    private readonly companies: CompaniesRepository,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  onModuleInit(): void {
    // The kit's JetStream consumers are durable with deliver_policy "all": a durable that does not
    // exist yet (first deployment of profile, or a fresh profile database, which means a new durable
    // name per schema) replays the stream from its first event. So a profile service started after
    // companies already exist, seeded ones included, still learns every one of them. An existing
    // durable resumes where it stopped; processed_events makes any redelivery a no-op.
    this.events.on({
      name: 'profile.company-created',
      type: 'interviews.company.created',
      handle: (company, tx) => this.companies.upsert(tx, company),
    });
  }

  find(id: string): Promise<Company | undefined> {
    return this.companies.find(id);
  }

  /** True only when the account's e-mail domain is the company's website domain or a subdomain of it. */
  isEmployeeEmail(email: string | null, company: Company): boolean {
    return emailMatchesWebsite(email, company.website_url);
  }
}
