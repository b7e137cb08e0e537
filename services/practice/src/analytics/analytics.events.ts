import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventData } from '@app/contracts';
import { EventContext, isErased } from '@app/service-kit';
import { AnalyticsRepository } from './analytics.repository';

/** voice.session.ended: one more mock interview done, unless the account is already erased. */
@Controller()
export class AnalyticsEvents {
  constructor(private readonly analytics: AnalyticsRepository) {}

  @EventPattern('voice.session.ended', { durable: 'practice.voice-session-ended' })
  async onVoiceSessionEnded(@Payload() ended: EventData<'voice.session.ended'>, @Ctx() { tx }: EventContext): Promise<void> {
    if (await isErased(tx, ended.user_id)) return;
    await this.analytics.recordMockInterview(tx, ended);
  }
}
