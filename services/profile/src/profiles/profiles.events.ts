import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventData } from '@app/contracts';
import { EventContext } from '@app/service-kit';
import { ProfilesRepository } from './profiles.repository';
import { ProfilesService } from './profiles.service';

@Controller()
export class ProfilesEvents {
  constructor(
    private readonly profiles: ProfilesService,
    private readonly repository: ProfilesRepository,
  ) {}

  /**
   * Durable with deliver_policy "all" (the kit's JetStream consumers): a new durable replays every
   * sign-up in the stream, so users registered while profile was down or not yet deployed get
   * their profile when it starts. Each event is handled once (processed_events, same transaction).
   */
  @EventPattern('identity.user.registered', { durable: 'profile.user-registered' })
  async onUserRegistered(@Payload() user: EventData<'identity.user.registered'>, @Ctx() { tx }: EventContext) {
    await this.profiles.createDefault(tx, user.user_id);
  }

  /** The address is proven: the verified company badge follows it (issue 38 item 6). */
  @EventPattern('identity.user.confirmed', { durable: 'profile.user-confirmed' })
  async onUserConfirmed(@Payload() { user_id, email_domain }: EventData<'identity.user.confirmed'>, @Ctx() { tx }: EventContext) {
    await this.profiles.recheckVerification(tx, user_id, email_domain);
  }

  /** The account is gone: so is its profile (architecture: every service erases that user's data). */
  @EventPattern('identity.user.deleted', { durable: 'profile.user-deleted' })
  async onUserDeleted(@Payload() { user_id }: EventData<'identity.user.deleted'>, @Ctx() { tx }: EventContext) {
    await this.repository.erase(tx, user_id);
  }
}
