import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventData } from '@app/contracts';
import { EventContext } from '@app/service-kit';
import { QuestionsService } from './questions.service';

/** identity.user.deleted: that user's practice data goes. Durable; a redelivery deletes nothing more. */
@Controller()
export class QuestionsEvents {
  constructor(private readonly questions: QuestionsService) {}

  @EventPattern('identity.user.deleted', { durable: 'practice.user-deleted' })
  async onUserDeleted(@Payload() { user_id }: EventData<'identity.user.deleted'>, @Ctx() { tx }: EventContext): Promise<void> {
    await this.questions.erase(tx, user_id);
  }
}
