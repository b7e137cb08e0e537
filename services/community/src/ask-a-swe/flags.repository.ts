import { Inject, Injectable } from '@nestjs/common';
import { askFlagsToHide, FlaggedPost, FlagReason, PostKind } from '@app/contracts';
import { Database, Tx } from '@app/service-kit';

const tables = { question: 'ask_questions', answer: 'ask_answers' } as const;
const columns = { question: 'question_id', answer: 'answer_id' } as const;
const shown = 200;

/** Members' flags on posts and the moderators' review of them (audited in moderation_actions, the desk's one log). */
@Injectable()
export class FlagsRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /**
   * Records a flag (a second by the same member is the unique index's 23505) and hides the post
   * pending review once askFlagsToHide members flagged it. Answers whether it is hidden now.
   */
  async flag(tx: Tx, kind: PostKind, postId: string, userId: string, reason: FlagReason, note: string | null): Promise<boolean> {
    await tx.query(`INSERT INTO ask_flags (${columns[kind]}, user_id, reason, note) VALUES ($1, $2, $3, $4)`, [postId, userId, reason, note]);
    const { rows } = await tx.query<{ moderation: string }>(
      `UPDATE ${tables[kind]} SET moderation = CASE
         WHEN moderation = 'visible' AND (SELECT count(*) FROM ask_flags WHERE ${columns[kind]} = $1) >= $2 THEN 'pending' ELSE moderation END
       WHERE id = $1 RETURNING moderation`,
      [postId, askFlagsToHide],
    );
    return rows[0].moderation !== 'visible';
  }

  /** Flagged posts not yet removed, most flagged first: the post and the reasons, never who wrote or flagged it. */
  async queue(): Promise<FlaggedPost[]> {
    const { rows } = await this.db.query<{
      kind: PostKind;
      id: string;
      question_id: string;
      question_title: string;
      body: string;
      moderation: string;
      flags: Array<{ reason: FlagReason; note: string | null; created_at: string }>;
    }>(
      `SELECT p.kind, p.id, p.question_id, q.title AS question_title, p.body, p.moderation, p.flags FROM (
         SELECT 'question' AS kind, q.id, q.id AS question_id, q.body, q.moderation,
           (SELECT json_agg(json_build_object('reason', f.reason, 'note', f.note, 'created_at', f.created_at) ORDER BY f.created_at) FROM ask_flags f WHERE f.question_id = q.id) AS flags
         FROM ask_questions q WHERE q.moderation <> 'removed' AND EXISTS (SELECT 1 FROM ask_flags f WHERE f.question_id = q.id)
         UNION ALL
         SELECT 'answer', a.id, a.question_id, a.body, a.moderation,
           (SELECT json_agg(json_build_object('reason', f.reason, 'note', f.note, 'created_at', f.created_at) ORDER BY f.created_at) FROM ask_flags f WHERE f.answer_id = a.id)
         FROM ask_answers a WHERE a.moderation <> 'removed' AND EXISTS (SELECT 1 FROM ask_flags f WHERE f.answer_id = a.id)
       ) p JOIN ask_questions q ON q.id = p.question_id
       ORDER BY json_array_length(p.flags) DESC, p.id LIMIT $1`,
      [shown],
    );
    return rows.map(({ moderation, flags, ...post }) => ({
      ...post,
      hidden: moderation !== 'visible',
      flags: flags.map((f) => ({ ...f, created_at: new Date(f.created_at).toISOString() })),
    }));
  }

  /**
   * Restore: shown again, its flags dismissed; remove: hidden for good. Answers the question's title
   * (for an answer, the question it answers) for the audit line; undefined when there is no such post.
   */
  async decide(tx: Tx, kind: PostKind, postId: string, decision: 'restore' | 'remove'): Promise<string | undefined> {
    const moderation = decision === 'restore' ? 'visible' : 'removed';
    const { rows } = await tx.query<{ title: string }>(
      kind === 'question'
        ? 'UPDATE ask_questions SET moderation = $2 WHERE id = $1 RETURNING title'
        : 'UPDATE ask_answers a SET moderation = $2 FROM ask_questions q WHERE a.id = $1 AND q.id = a.question_id RETURNING q.title',
      [postId, moderation],
    );
    if (rows[0] && decision === 'restore') await tx.query(`DELETE FROM ask_flags WHERE ${columns[kind]} = $1`, [postId]);
    return rows[0]?.title;
  }
}
