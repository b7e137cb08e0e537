import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { LOGGER, Logger } from '@app/service-kit';
import { ProfilesRepository } from './profiles.repository';

/** At start-up, before answering: profiles made before migration 0003 get their username's skeleton. */
@Injectable()
export class UsernameSkeletons implements OnApplicationBootstrap {
  constructor(
    private readonly profiles: ProfilesRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.profiles.fillSkeletons(this.logger);
  }
}
