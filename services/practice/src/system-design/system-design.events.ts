import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventData } from '@app/contracts';
import { EventContext } from '@app/service-kit';
import { SystemDesignService } from './system-design.service';

/** interviews.interview.changed: the "asked at" read model. Durable; a redelivery or an older change changes nothing. */
@Controller()
export class SystemDesignEvents {
  constructor(private readonly design: SystemDesignService) {}

  @EventPattern('interviews.interview.changed', { durable: 'practice.interview-changed' })
  async onInterviewChanged(@Payload() report: EventData<'interviews.interview.changed'>, @Ctx() { tx }: EventContext): Promise<void> {
    await this.design.recordReport(tx, report);
  }
}
