import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EventBus } from '@app/service-kit';
import { CandidateInterviewsRepository } from './candidate-interviews.repository';

/** The events this feature consumes. */
@Injectable()
export class CandidateInterviewsEvents implements OnModuleInit {
  constructor(
    private readonly interviews: CandidateInterviewsRepository,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  onModuleInit(): void {
    // identity.user.deleted: the account is gone, so are the interviews it shared. Durable consumer;
    // a redelivery deletes nothing more.
    this.events.on({
      name: 'interviews.user-deleted',
      type: 'identity.user.deleted',
      handle: ({ user_id }, tx) => this.interviews.eraseAllOf(tx, user_id),
    });
  }
}
