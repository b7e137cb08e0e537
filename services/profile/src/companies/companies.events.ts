import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventData } from '@app/contracts';
import { EventContext } from '@app/service-kit';
import { CompaniesRepository } from './companies.repository';

@Controller()
export class CompaniesEvents {
  constructor(private readonly companies: CompaniesRepository) {}

  /**
   * The kit's JetStream consumers are durable with deliver_policy "all": a durable that does not
   * exist yet (first deployment of profile, or a fresh profile database, which means a new durable
   * name per schema) replays what the stream holds, its last 7 days (docs/limits.md). Companies
   * older than that come from `npm run admin -- announce-companies`, which announces every one
   * again; upserting makes a second announcement harmless. An existing durable resumes where it
   * stopped; processed_events makes any redelivery a no-op.
   */
  @EventPattern('interviews.company.created', { durable: 'profile.company-created' })
  async onCompanyCreated(@Payload() company: EventData<'interviews.company.created'>, @Ctx() { tx }: EventContext) {
    await this.companies.upsert(tx, company);
  }
}
