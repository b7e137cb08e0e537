import { Inject, Injectable } from '@nestjs/common';
import { askFlagsToHide, FlaggedKind, FlaggedPost, FlagReason } from '@app/contracts';
import { Database, Tx } from '@app/service-kit';

/** Where each kind of post lives (design comments are the feature board's comments about a design) and its column in ask_flags. */
const tables = { question: 'ask_questions', answer: 'ask_answers', design: 'community_designs', design_comment: 'feature_request_comments' } as const;
const columns = { question: 'question_id', answer: 'answer_id', design: 'design_id', design_comment: 'design_comment_id' } as const;
const shown = 200;

const flagsOf = (column: string, id: string) =>
  `(SELECT json_agg(json_build_object('reason', f.reason, 'note', f.note, 'created_at', f.created_at) ORDER BY f.created_at) FROM ask_flags f WHERE f.${column} = ${id})`;
const flagged = (column: string, id: string) => `EXISTS (SELECT 1 FROM ask_flags f WHERE f.${column} = ${id})`;
/** A design's notes as one text for the desk, its sections in the order of their keys. */
const notesText = `(SELECT string_agg(n.value, E'\\n\\n' ORDER BY n.key) FROM jsonb_each_text(d.notes) n)`;

/** Members' flags on posts and the moderators' review of them (audited in moderation_actions, the desk's one log). */
@Injectable()
export class FlagsRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /**
   * Records a flag (a second by the same member is the unique index's 23505) and hides the post
   * pending review once askFlagsToHide members flagged it. Answers whether it is hidden now.
   */
  async flag(tx: Tx, kind: FlaggedKind, postId: string, userId: string, reason: FlagReason, note: string | null): Promise<boolean> {
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
      kind: FlaggedKind;
      id: string;
      title: string;
      link: string;
      body: string;
      anonymous: boolean;
      moderation: string;
      flags: Array<{ reason: FlagReason; note: string | null; created_at: string }>;
    }>(
      `SELECT * FROM (
         SELECT 'question' AS kind, q.id, q.title, '/ask-a-swe/' || q.id AS link, q.body, q.anonymous, q.moderation, ${flagsOf('question_id', 'q.id')} AS flags
         FROM ask_questions q WHERE q.moderation <> 'removed' AND ${flagged('question_id', 'q.id')}
         UNION ALL
         SELECT 'answer', a.id, q.title, '/ask-a-swe/' || q.id, a.body, false, a.moderation, ${flagsOf('answer_id', 'a.id')}
         FROM ask_answers a JOIN ask_questions q ON q.id = a.question_id WHERE a.moderation <> 'removed' AND ${flagged('answer_id', 'a.id')}
         UNION ALL
         SELECT 'design', d.id, d.prompt_title, '/system-design/' || d.prompt_slug || '?design=' || d.id, coalesce(${notesText}, ''), false, d.moderation,
           ${flagsOf('design_id', 'd.id')}
         FROM community_designs d WHERE d.moderation <> 'removed' AND d.status = 'listed' AND ${flagged('design_id', 'd.id')}
         UNION ALL
         SELECT 'design_comment', c.id, d.prompt_title, '/system-design/' || d.prompt_slug || '?design=' || d.id, c.body, false, c.moderation,
           ${flagsOf('design_comment_id', 'c.id')}
         FROM feature_request_comments c JOIN community_designs d ON d.id = c.design_id
         WHERE c.moderation <> 'removed' AND ${flagged('design_comment_id', 'c.id')}
       ) p
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
   * Restore: shown again, its flags dismissed; remove: hidden for good. Answers what the audit line
   * names (a question's title, for an answer the question it answers; a design's prompt, for a
   * comment its design's), who wrote the post, where it is read, and whether this decision removed
   * it (it was not removed before); undefined when there is no such post.
   */
  async decide(
    tx: Tx,
    kind: FlaggedKind,
    postId: string,
    decision: 'restore' | 'remove',
  ): Promise<{ title: string; author_id: string; link: string; removed_now: boolean } | undefined> {
    const moderation = decision === 'restore' ? 'visible' : 'removed';
    const decided = {
      question: `UPDATE ask_questions SET moderation = $2 WHERE id = $1 RETURNING title, user_id AS author_id, '/ask-a-swe/' || id AS link`,
      answer: `UPDATE ask_answers a SET moderation = $2 FROM ask_questions q WHERE a.id = $1 AND q.id = a.question_id
               RETURNING q.title, a.user_id AS author_id, '/ask-a-swe/' || q.id AS link`,
      design: `UPDATE community_designs SET moderation = $2 WHERE id = $1
               RETURNING prompt_title AS title, user_id AS author_id, '/system-design/' || prompt_slug || '?design=' || id AS link`,
      design_comment: `UPDATE feature_request_comments c SET moderation = $2 FROM community_designs d WHERE c.id = $1 AND d.id = c.design_id
               RETURNING d.prompt_title AS title, c.user_id AS author_id, '/system-design/' || d.prompt_slug || '?design=' || d.id AS link`,
    }[kind];
    // The state before, read under the row's lock, so that a second removal is not told twice.
    const { rows: before } = await tx.query<{ moderation: string }>(`SELECT moderation FROM ${tables[kind]} WHERE id = $1 FOR UPDATE`, [postId]);
    if (!before[0]) return undefined;
    const { rows } = await tx.query<{ title: string; author_id: string; link: string }>(decided, [postId, moderation]);
    if (!rows[0]) return undefined;
    if (decision === 'restore') await tx.query(`DELETE FROM ask_flags WHERE ${columns[kind]} = $1`, [postId]);
    return { ...rows[0], removed_now: decision === 'remove' && before[0].moderation !== 'removed' };
  }
}
