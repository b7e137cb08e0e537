import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventData } from '@app/contracts';
import { EventContext, forgetInModerationLog, holdAccountLock, rememberErased } from '@app/service-kit';

/**
 * identity.user.deleted: the account's contact messages, notifications, its upvotes, favourites and "closed"
 * reports go (an item its reports closed stays closed: that is a fact about the item); the
 * opportunities, resources and feature requests it shared stay for everyone else, without their author. Its
 * Ask a SWE questions (with their answers), answers, comments, votes, flags and follows go as its comments
 * do, and with its votes the reputation they gave (scores lose them too). The id is remembered so a
 * still-valid token adds nothing back. A redelivery finds nothing more to do.
 */
@Controller()
export class ErasureEvents {
  @EventPattern('identity.user.deleted', { durable: 'community.user-deleted' })
  async onDeleted(@Payload() { user_id }: EventData<'identity.user.deleted'>, @Ctx() { tx }: EventContext): Promise<void> {
    await holdAccountLock(tx, user_id);
    await tx.query('DELETE FROM contact_form_submissions WHERE user_id = $1', [user_id]);
    await tx.query('DELETE FROM interactions WHERE user_id = $1', [user_id]);
    // Community designs are the author's work: they go with their upvotes.
    await tx.query(
      `WITH gone AS (DELETE FROM community_designs WHERE user_id = $1 RETURNING id)
       DELETE FROM interactions WHERE entity_type = 'design' AND entity_id IN (SELECT id FROM gone)`,
      [user_id],
    );
    await tx.query('DELETE FROM community_design_submitters WHERE user_id = $1', [user_id]);
    await tx.query('DELETE FROM opportunity_closed_reports WHERE user_id = $1', [user_id]);
    await tx.query('DELETE FROM feature_request_subscriptions WHERE user_id = $1', [user_id]);
    await tx.query('DELETE FROM feature_request_comments WHERE user_id = $1', [user_id]);
    await tx.query('DELETE FROM notifications WHERE user_id = $1', [user_id]);
    await tx.query('DELETE FROM notification_choices WHERE user_id = $1', [user_id]);
    await tx.query('UPDATE pathfinder_opportunities SET user_id = NULL WHERE user_id = $1', [user_id]);
    await tx.query('UPDATE requested_features SET user_id = NULL WHERE user_id = $1', [user_id]);
    await tx.query('UPDATE external_resources SET user_id = NULL WHERE user_id = $1', [user_id]);
    await tx.query('UPDATE ask_questions q SET score = q.score - v.value FROM ask_votes v WHERE v.question_id = q.id AND v.user_id = $1', [user_id]);
    await tx.query('UPDATE ask_answers a SET score = a.score - v.value FROM ask_votes v WHERE v.answer_id = a.id AND v.user_id = $1', [user_id]);
    await tx.query(
      `UPDATE ask_questions q SET answer_count = q.answer_count - mine.n
       FROM (SELECT question_id, count(*)::int AS n FROM ask_answers WHERE user_id = $1 GROUP BY question_id) mine WHERE q.id = mine.question_id`,
      [user_id],
    );
    for (const table of [
      'ask_votes',
      'ask_flags',
      'ask_follows',
      'ask_comments',
      'ask_answers',
      'ask_questions',
      'ask_reputation',
      'ask_members',
      'ask_digests',
    ]) {
      await tx.query(`DELETE FROM ${table} WHERE user_id = $1`, [user_id]);
    }
    await forgetInModerationLog(tx, user_id);
    await rememberErased(tx, user_id);
  }
}
