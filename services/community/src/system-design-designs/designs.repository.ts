import { Inject, Injectable } from '@nestjs/common';
import type { CommunityDesign, CommunityDesignSummary, DesignComment, EventData } from '@app/contracts';
import { Database, holdWriteCap, Tx } from '@app/service-kit';

/** The most a prompt's list shows, most upvoted first. */
const designsListed = 100;

interface Row extends Omit<CommunityDesign, 'published_at' | 'mine' | 'voted' | 'scene'> {
  user_id: string;
  published_at: Date;
  voted: boolean;
  scene?: Record<string, unknown> | null;
}

/** The most a design's thread shows. */
const commentsShown = 500;

interface CommentRow extends Omit<DesignComment, 'created_at' | 'edited_at' | 'can_edit' | 'mine'> {
  user_id: string;
  created_at: Date;
  edited_at: Date | null;
}
const commentColumns = `id, design_id, user_id, author_name, by_moderator, body, created_at, edited_at, edited_by_moderator, moderation <> 'visible' AS hidden`;
/** A moderator may edit anyone's comment (to redact it); a member, their own. */
const toComment = ({ user_id, ...row }: CommentRow, viewer: Viewer): DesignComment => ({
  ...row,
  created_at: row.created_at.toISOString(),
  edited_at: row.edited_at?.toISOString() ?? null,
  can_edit: viewer.moderator || user_id === viewer.id,
  mine: user_id === viewer.id,
});

/** Who asks: a hidden design or comment (flagged pending review, or removed) is shown only to its author and moderators. */
export interface Viewer {
  id: string;
  moderator: boolean;
}

/** The author's id stays here: an answer says only whether the caller is the author (`mine`). */
const toDesign = ({ user_id, ...row }: Row, viewerId: string) => ({ ...row, published_at: row.published_at.toISOString(), mine: user_id === viewerId });

/** $1 is the viewer's id, $2 whether they moderate. */
const shownTo = (alias: string) => `(${alias}.moderation = 'visible' OR ${alias}.user_id = $1 OR $2)`;

/**
 * A shown author is named from community's member copy (the name their token gave on their last call
 * here), else the name an event from before carried, else as displayNameOf names a member with no name.
 */
const authorName = `CASE WHEN d.show_username THEN coalesce(
    (SELECT m.display_name FROM ask_members m WHERE m.user_id = d.user_id), d.legacy_author_name,
    'Member ' || left(encode(sha256(convert_to(d.user_id::text, 'UTF8')), 'hex'), 6)) END AS author_name`;

const columns = (scene: boolean) =>
  `d.id, d.user_id, d.prompt_slug, d.prompt_title, ${authorName}, d.notes, d.published_at, d.upvotes, d.moderation <> 'visible' AS hidden${scene ? ', d.scene' : ''},
   EXISTS (SELECT 1 FROM interactions i WHERE i.entity_type = 'design' AND i.entity_id = d.id AND i.interaction_type = 'upvote' AND i.user_id = $1) AS voted`;

export interface DesignFacts {
  user_id: string;
  prompt_title: string;
  prompt_slug: string;
  moderation: string;
}
export interface CommentFacts {
  user_id: string;
  body: string;
  moderation: string;
}

/** community_designs (migration 0070): published copies of System Design attempts. */
@Injectable()
export class DesignsRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /** Publishing again replaces the snapshot and lists it again, unless a moderator took it down. */
  async publish(tx: Tx, design: EventData<'practice.design.published'>): Promise<void> {
    await tx.query(
      `INSERT INTO community_designs (id, user_id, prompt_slug, prompt_title, show_username, notes, scene, published_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (id) DO UPDATE SET show_username = EXCLUDED.show_username, notes = EXCLUDED.notes, scene = EXCLUDED.scene, published_at = EXCLUDED.published_at
       WHERE community_designs.user_id = EXCLUDED.user_id`,
      [
        design.design_id,
        design.user_id,
        design.prompt_slug,
        design.prompt_title,
        design.show_username,
        JSON.stringify(design.notes),
        design.scene === null ? null : JSON.stringify(design.scene),
        design.published_at,
      ],
    );
  }

  /** practice.design.submitted: the member may read others' designs of the prompt from now on. */
  async submitted(tx: Tx, { user_id, prompt_slug, submitted_at }: EventData<'practice.design.submitted'>): Promise<void> {
    await tx.query(
      'INSERT INTO community_design_submitters (user_id, prompt_slug, submitted_at) VALUES ($1, $2, $3) ON CONFLICT (user_id, prompt_slug) DO NOTHING',
      [user_id, prompt_slug, submitted_at],
    );
  }

  /** The member submitted an attempt of the prompt, or published one (which was submitted first). */
  async hasSubmitted(userId: string, promptSlug: string): Promise<boolean> {
    const { rows } = await this.db.query<{ yes: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM community_design_submitters WHERE user_id = $1 AND prompt_slug = $2)
           OR EXISTS (SELECT 1 FROM community_designs WHERE user_id = $1 AND prompt_slug = $2) AS yes`,
      [userId, promptSlug],
    );
    return rows[0].yes;
  }

  /** The member's name as their token gives it, kept in the member copy; written only when it changed. */
  async rememberName(userId: string, name: string): Promise<void> {
    await this.db.query(
      `INSERT INTO ask_members (user_id, display_name) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET display_name = EXCLUDED.display_name WHERE ask_members.display_name IS DISTINCT FROM EXCLUDED.display_name`,
      [userId, name],
    );
  }

  async list(viewer: Viewer, promptSlug: string): Promise<CommunityDesignSummary[]> {
    const { rows } = await this.db.query<Row>(
      `SELECT ${columns(false)} FROM community_designs d WHERE d.prompt_slug = $3 AND d.status = 'listed' AND ${shownTo('d')}
       ORDER BY d.upvotes DESC, d.published_at DESC, d.id LIMIT ${designsListed}`,
      [viewer.id, viewer.moderator, promptSlug],
    );
    return rows.map((row) => toDesign(row, viewer.id));
  }

  /** A listed design the viewer is shown; a taken-down one is not found. */
  async get(viewer: Viewer, id: string): Promise<CommunityDesign | undefined> {
    const { rows } = await this.db.query<Row>(`SELECT ${columns(true)} FROM community_designs d WHERE d.id = $3 AND d.status = 'listed' AND ${shownTo('d')}`, [
      viewer.id,
      viewer.moderator,
      id,
    ]);
    return rows[0] && (toDesign(rows[0], viewer.id) as CommunityDesign);
  }

  /** Who published a listed design, for the rules (own vote, unpublish, who sees a hidden one), never for an answer. */
  async authorOf(id: string): Promise<DesignFacts | undefined> {
    const { rows } = await this.db.query<DesignFacts>(
      `SELECT user_id, prompt_title, prompt_slug, moderation FROM community_designs WHERE id = $1 AND status = 'listed'`,
      [id],
    );
    return rows[0];
  }

  /** The design and its upvotes go; false when there was none of the author's. */
  async unpublish(tx: Tx, userId: string, id: string): Promise<boolean> {
    const { rowCount } = await tx.query('DELETE FROM community_designs WHERE id = $1 AND user_id = $2', [id, userId]);
    await tx.query(`DELETE FROM interactions WHERE entity_type = 'design' AND entity_id = $1`, [id]);
    return (rowCount ?? 0) > 0;
  }

  /** The listed design taken down, with whom to tell; undefined when it is not listed (gone or taken down already). */
  async takeDown(tx: Tx, id: string, reason: string): Promise<{ user_id: string; prompt_title: string; prompt_slug: string } | undefined> {
    const { rows } = await tx.query<{ user_id: string; prompt_title: string; prompt_slug: string }>(
      `UPDATE community_designs SET status = 'taken_down', review_reason = $2 WHERE id = $1 AND status = 'listed' RETURNING user_id, prompt_title, prompt_slug`,
      [id, reason],
    );
    return rows[0];
  }

  /** Comments live in the feature board's table (migration 0071), with the design they are about. */
  async comments(viewer: Viewer, id: string): Promise<DesignComment[]> {
    const { rows } = await this.db.query<CommentRow>(
      `SELECT ${commentColumns} FROM feature_request_comments c WHERE design_id = $3 AND ${shownTo('c')} ORDER BY created_at, id LIMIT ${commentsShown}`,
      [viewer.id, viewer.moderator, id],
    );
    return rows.map((row) => toComment(row, viewer));
  }

  /** 429 past the daily comment cap shared with the feature board, counted under the commenter's lock. */
  async comment(tx: Tx, viewer: Viewer, id: string, authorName: string, body: string): Promise<DesignComment> {
    await holdWriteCap(tx, 'feature-comments', { userId: viewer.id, rows: 'feature_request_comments WHERE user_id = $1' });
    const { rows } = await tx.query<CommentRow>(
      `INSERT INTO feature_request_comments (design_id, user_id, author_name, by_moderator, body) VALUES ($1, $2, $3, $4, $5) RETURNING ${commentColumns}`,
      [id, viewer.id, authorName, viewer.moderator, body],
    );
    return toComment(rows[0], viewer);
  }

  /**
   * The comment of the design, locked until the transaction ends (an edit reads what it changes);
   * undefined when the design has none with that id.
   */
  async lockComment(tx: Tx, id: string, commentId: string): Promise<CommentFacts | undefined> {
    const { rows } = await tx.query<CommentFacts>(
      'SELECT user_id, body, moderation FROM feature_request_comments WHERE id = $1 AND design_id = $2 FOR UPDATE',
      [commentId, id],
    );
    return rows[0];
  }

  /** `byModerator`: a moderator changed someone else's comment (it says "Edited by a moderator"). */
  async editComment(tx: Tx, viewer: Viewer, commentId: string, body: string, byModerator: boolean): Promise<DesignComment> {
    const { rows } = await tx.query<CommentRow>(
      `UPDATE feature_request_comments SET body = $2, edited_at = now(), edited_by_moderator = $3 WHERE id = $1 RETURNING ${commentColumns}`,
      [commentId, body, byModerator],
    );
    return toComment(rows[0], viewer);
  }

  /** Who hears of a new comment: the design's author and its earlier commenters, except the commenter. */
  async audienceOf(tx: Tx, id: string, commenterId: string): Promise<string[]> {
    const { rows } = await tx.query<{ user_id: string }>(
      `SELECT user_id FROM community_designs WHERE id = $1
       UNION SELECT user_id FROM feature_request_comments WHERE design_id = $1
       EXCEPT SELECT $2::uuid`,
      [id, commenterId],
    );
    return rows.map((row) => row.user_id);
  }
}
