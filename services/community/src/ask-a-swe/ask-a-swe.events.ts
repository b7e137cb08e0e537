import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventData } from '@app/contracts';
import { EventContext } from '@app/service-kit';
import { MembersRepository } from './members.repository';

/**
 * What Ask a SWE learns from other services: when an account registered (new accounts are
 * limited), the companies a question may name, and whose Verified badge is for which company. Each
 * durable replays the stream when first made; upserts make a repeat harmless.
 */
@Controller()
export class AskASweEvents {
  constructor(private readonly members: MembersRepository) {}

  @EventPattern('identity.user.registered', { durable: 'community.ask-user-registered' })
  async onRegistered(@Payload() { user_id, created_at }: EventData<'identity.user.registered'>, @Ctx() { tx }: EventContext): Promise<void> {
    await this.members.registered(tx, user_id, created_at);
  }

  @EventPattern('interviews.company.created', { durable: 'community.ask-company-created' })
  async onCompany(@Payload() company: EventData<'interviews.company.created'>, @Ctx() { tx }: EventContext): Promise<void> {
    await this.members.company(tx, company);
  }

  @EventPattern('profile.employment.changed', { durable: 'community.ask-employment-changed' })
  async onEmployment(@Payload() change: EventData<'profile.employment.changed'>, @Ctx() { tx }: EventContext): Promise<void> {
    await this.members.employment(tx, change);
  }
}
