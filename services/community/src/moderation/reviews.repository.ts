import { Inject, Injectable } from '@nestjs/common';
import type { ModerationDecision, ModerationSummary, OpportunityStatus, OwnSubmission, ReviewedKind } from '@app/contracts';
import { Database, Tx } from '@app/service-kit';

/** Where each kind is stored; fixed names, never from input. */
export const reviewedTables: Record<ReviewedKind, { table: string; link: string }> = {
  opportunity: { table: 'pathfinder_opportunities', link: 'link' },
  resource: { table: 'external_resources', link: 'url' },
};

/** The state a decision starts from: a listed item is taken down, a pending one approved or rejected. */
const fromState = (status: ModerationDecision['status']): OpportunityStatus => (status === 'taken_down' ? 'approved' : 'pending');

export interface Decided {
  submitterId: string | null;
  title: string;
  edited: boolean;
}

/**
 * One column a moderator corrects with a decision. The column is one of a fixed list in the code
 * (never a name from input); `sql` wraps the value's parameter when it is stored through SQL.
 */
export interface Edit {
  column: string;
  value: unknown;
  sql?: (param: string) => string;
}

export interface SharedBefore {
  id: string;
  user_id: string | null;
  title: string;
  status: OpportunityStatus;
}

const shownSubmissions = 200;

interface SubmissionRow extends Omit<OwnSubmission, 'created_at'> {
  created_at: Date;
}

/** Review decisions, and what the moderation page and a submitter read of them. */
@Injectable()
export class ReviewsRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /**
   * Applies the decision, and the moderator's corrections, when the item is still in the state it
   * starts from. Two moderators at once: the second UPDATE waits for the first's row lock, then
   * finds the state changed and matches nothing, so exactly one decision happens. undefined when
   * nothing matched. A corrected link that another item has is the unique index's error (23505).
   */
  async decide(tx: Tx, kind: ReviewedKind, id: string, decision: ModerationDecision, edits: Edit[]): Promise<Decided | undefined> {
    const { table } = reviewedTables[kind];
    const params: unknown[] = [id, fromState(decision.status), decision.status, decision.reason ?? null];
    const param = (value: unknown) => `$${params.push(value)}`;
    const sets = edits.map((e) => `${e.column} = ${(e.sql ?? ((p: string) => p))(param(e.value))}`);
    // Edited when any corrected column now differs from what was submitted.
    const edited = edits.length
      ? `ROW(${edits.map((e) => `t.${e.column}`).join(', ')}) IS DISTINCT FROM ROW(${edits.map((e) => `before.${e.column}`).join(', ')})`
      : 'false';
    const { rows } = await tx.query<Decided>(
      `WITH before AS (SELECT * FROM ${table} WHERE id = $1 AND status = $2 FOR UPDATE)
       UPDATE ${table} t SET status = $3, review_reason = $4, reviewed_at = now()${sets.map((set) => `, ${set}`).join('')}
       FROM before WHERE t.id = before.id
       RETURNING t.user_id AS "submitterId", t.title, ${edited} AS edited`,
      params,
    );
    return rows[0];
  }

  async stateOf(kind: ReviewedKind, id: string): Promise<OpportunityStatus | undefined> {
    const { rows } = await this.db.query<{ status: OpportunityStatus }>(`SELECT status FROM ${reviewedTables[kind].table} WHERE id = $1`, [id]);
    return rows[0]?.status;
  }

  /** The item that already has this link (by key), if any. */
  async sharedBefore(kind: ReviewedKind, linkKey: string): Promise<SharedBefore | undefined> {
    const { rows } = await this.db.query<SharedBefore>(`SELECT id, user_id, title, status FROM ${reviewedTables[kind].table} WHERE link_key = $1`, [linkKey]);
    return rows[0];
  }

  async summary(): Promise<ModerationSummary> {
    const { rows } = await this.db.query<ModerationSummary['pending']>(
      `SELECT (SELECT count(*) FROM pathfinder_opportunities WHERE status = 'pending')::int AS opportunities,
              (SELECT count(*) FROM external_resources WHERE status = 'pending')::int AS resources,
              (SELECT count(*) FROM requested_features WHERE status = 'pending' AND merged_into IS NULL)::int AS features,
              ((SELECT count(*) FROM ask_questions q WHERE q.moderation <> 'removed' AND EXISTS (SELECT 1 FROM ask_flags f WHERE f.question_id = q.id))
               + (SELECT count(*) FROM ask_answers a WHERE a.moderation <> 'removed' AND EXISTS (SELECT 1 FROM ask_flags f WHERE f.answer_id = a.id))
               + (SELECT count(*) FROM community_designs d WHERE d.moderation <> 'removed' AND d.status = 'listed' AND EXISTS (SELECT 1 FROM ask_flags f WHERE f.design_id = d.id))
               + (SELECT count(*) FROM feature_request_comments c WHERE c.moderation <> 'removed' AND EXISTS (SELECT 1 FROM ask_flags f WHERE f.design_comment_id = c.id)))::int AS flagged_posts`,
    );
    return { pending: rows[0] };
  }

  async submissionsOf(userId: string): Promise<OwnSubmission[]> {
    const { rows } = await this.db.query<SubmissionRow>(
      `SELECT * FROM (
         SELECT 'opportunity' AS kind, id, title, link, status, review_reason AS reason, created_at FROM pathfinder_opportunities WHERE user_id = $1
         UNION ALL
         SELECT 'resource', id, title, url, status, review_reason, created_at FROM external_resources WHERE user_id = $1
         UNION ALL
         -- A request's review is its status: still pending, declined (rejected), or on the board.
         SELECT 'feature_request', id, title, '/feature-requests/' || id,
           CASE status WHEN 'pending' THEN 'pending' WHEN 'declined' THEN 'rejected' ELSE 'approved' END, review_reason, created_at
         FROM requested_features WHERE user_id = $1
       ) s ORDER BY created_at DESC, id LIMIT ${shownSubmissions}`,
      [userId],
    );
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }
}
