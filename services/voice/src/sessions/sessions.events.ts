import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventData } from '@app/contracts';
import { EventContext } from '@app/service-kit';
import { CreditLedger } from './credit-ledger';

/** What voice lives on from identity: sign-ups get starter credits, deleted accounts lose everything. */
@Controller()
export class SessionsEvents {
  constructor(private readonly ledger: CreditLedger) {}

  // Redeliveries are absorbed twice over: processed_events in this transaction, and the account
  // row that marks the grant as given.
  @EventPattern('identity.user.registered', { durable: 'voice.user-registered' })
  async onRegistered(@Payload() { user_id }: EventData<'identity.user.registered'>, @Ctx() { tx }: EventContext): Promise<void> {
    await this.ledger.grantStarterCredits(tx, user_id);
  }

  @EventPattern('identity.user.deleted', { durable: 'voice.user-deleted' })
  async onDeleted(@Payload() { user_id }: EventData<'identity.user.deleted'>, @Ctx() { tx }: EventContext): Promise<void> {
    await this.ledger.erase(tx, user_id);
  }
}
