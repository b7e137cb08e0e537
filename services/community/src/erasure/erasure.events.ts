import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventData } from '@app/contracts';
import { EventContext, rememberErased } from '@app/service-kit';

/**
 * identity.user.deleted: the account's contact messages, notifications, its upvotes, favourites and "closed"
 * reports go (an item its reports closed stays closed: that is a fact about the item); the
 * opportunities, resources and feature requests it shared stay for everyone else, without their author. The
 * id is remembered so a still-valid token adds nothing back. A redelivery finds nothing more to do.
 */
@Controller()
export class ErasureEvents {
  @EventPattern('identity.user.deleted', { durable: 'community.user-deleted' })
  async onDeleted(@Payload() { user_id }: EventData<'identity.user.deleted'>, @Ctx() { tx }: EventContext): Promise<void> {
    await tx.query('DELETE FROM contact_form_submissions WHERE user_id = $1', [user_id]);
    await tx.query('DELETE FROM interactions WHERE user_id = $1', [user_id]);
    await tx.query('DELETE FROM opportunity_closed_reports WHERE user_id = $1', [user_id]);
    await tx.query('DELETE FROM feature_request_subscriptions WHERE user_id = $1', [user_id]);
    await tx.query('DELETE FROM feature_request_comments WHERE user_id = $1', [user_id]);
    await tx.query('DELETE FROM notifications WHERE user_id = $1', [user_id]);
    await tx.query('UPDATE pathfinder_opportunities SET user_id = NULL WHERE user_id = $1', [user_id]);
    await tx.query('UPDATE requested_features SET user_id = NULL WHERE user_id = $1', [user_id]);
    await tx.query('UPDATE external_resources SET user_id = NULL WHERE user_id = $1', [user_id]);
    // The audit log keeps that a moderator acted, not who they were.
    await tx.query(`UPDATE moderation_actions SET moderator_name = 'Deleted account' WHERE moderator_id = $1`, [user_id]);
    await rememberErased(tx, user_id);
  }
}
