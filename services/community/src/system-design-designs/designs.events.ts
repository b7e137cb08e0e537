import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventData } from '@app/contracts';
import { EventContext } from '@app/service-kit';
import { DesignsService } from './designs.service';

/**
 * The published copies follow practice's snapshots, and who submitted which prompt opens its designs to
 * them (an erased account's go in ErasureEvents). Durable; a redelivery changes nothing.
 */
@Controller()
export class DesignsEvents {
  constructor(private readonly designs: DesignsService) {}

  @EventPattern('practice.design.published', { durable: 'community.design-published' })
  async onPublished(@Payload() design: EventData<'practice.design.published'>, @Ctx() { tx }: EventContext): Promise<void> {
    await this.designs.published(tx, design);
  }

  @EventPattern('practice.design.submitted', { durable: 'community.design-submitted' })
  async onSubmitted(@Payload() submitted: EventData<'practice.design.submitted'>, @Ctx() { tx }: EventContext): Promise<void> {
    await this.designs.submitted(tx, submitted);
  }
}
