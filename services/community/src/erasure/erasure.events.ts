import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EventBus, rememberErased } from '@app/service-kit';

/**
 * identity.user.deleted: the account's contact messages and its upvotes and favourites go; the
 * opportunities and feature requests it shared stay for everyone else, without their author. The
 * id is remembered so a still-valid token adds nothing back. A redelivery finds nothing more to do.
 */
@Injectable()
export class ErasureEvents implements OnModuleInit {
  constructor(@Inject(EventBus) private readonly events: EventBus) {}

  onModuleInit(): void {
    this.events.on({
      name: 'community.user-deleted',
      type: 'identity.user.deleted',
      handle: async ({ user_id }, tx) => {
        await tx.query('DELETE FROM contact_form_submissions WHERE user_id = $1', [user_id]);
        await tx.query('DELETE FROM interactions WHERE user_id = $1', [user_id]);
        await tx.query('UPDATE pathfinder_opportunities SET user_id = NULL WHERE user_id = $1', [user_id]);
        await tx.query('UPDATE requested_features SET user_id = NULL WHERE user_id = $1', [user_id]);
        await rememberErased(tx, user_id);
      },
    });
  }
}
