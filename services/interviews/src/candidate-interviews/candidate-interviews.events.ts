import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventData } from '@app/contracts';
import { EventContext, forgetInModerationLog } from '@app/service-kit';
import { CandidateInterviewsRepository } from './candidate-interviews.repository';

/** The events this feature consumes. */
@Controller()
export class CandidateInterviewsEvents {
  constructor(private readonly interviews: CandidateInterviewsRepository) {}

  /** identity.user.registered: when the account was made, which offer ranges need (accounts old enough). Durable. */
  @EventPattern('identity.user.registered', { durable: 'interviews.user-registered' })
  async onUserRegistered(@Payload() { user_id, created_at }: EventData<'identity.user.registered'>, @Ctx() { tx }: EventContext): Promise<void> {
    await this.interviews.registered(tx, user_id, created_at);
  }

  /** identity.user.deleted: the account is gone, so are the interviews it shared, and its words in the audit log. Durable; a redelivery deletes nothing more. */
  @EventPattern('identity.user.deleted', { durable: 'interviews.user-deleted' })
  async onUserDeleted(@Payload() { user_id }: EventData<'identity.user.deleted'>, @Ctx() { tx }: EventContext): Promise<void> {
    await this.interviews.eraseAllOf(tx, user_id);
    await forgetInModerationLog(tx, user_id);
  }
}
