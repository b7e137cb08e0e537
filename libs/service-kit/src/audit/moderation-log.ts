import { createHash } from 'node:crypto';
import { auditSummaryMax, AuthUser, ModerationAction, reservedWordIn } from '@app/contracts';
import { escapeIdentifier, Pool } from 'pg';
import type { Database, Tx } from '../db/database';

const nameMax = 100;

/** The full name the account gave, if any. */
export function fullNameOf(user: AuthUser): string | null {
  const fullName = user.user_metadata.full_name;
  return typeof fullName === 'string' && fullName.trim() ? fullName.trim().slice(0, nameMax) : null;
}

/**
 * The name others read for an account (a comment's author, the bell's "… commented", a moderator in
 * an audit log): its full name, unless it claims to speak for Thunderprep (identity refuses those
 * now; one given before is not shown), else "Member" and a short id that stays the same for the
 * account. Never anything from the e-mail address. Moderators are told apart by a badge from their role.
 */
export function displayNameOf(user: AuthUser): string {
  const fullName = fullNameOf(user);
  if (fullName && !reservedWordIn(fullName)) return fullName;
  return `Member ${createHash('sha256').update(user.id).digest('hex').slice(0, 6)}`;
}

/** A text as an audit line keeps it: shortened, marking the cut. */
export const auditSummary = (text: string | null | undefined): string | null =>
  text == null ? null : text.length > auditSummaryMax ? `${text.slice(0, auditSummaryMax - 1)}…` : text;

/** One audit line, as the action knows it; the moderator is named from their token. */
export interface ModerationEntry {
  action: ModerationAction['action'];
  kind: ModerationAction['kind'];
  itemId: string;
  itemTitle: string;
  /** The moderator changed the item's text before approving it. */
  edited?: boolean;
  reason?: string | null;
  before?: string | null;
  after?: string | null;
  /** Whose words before/after quote: their erasure blanks them (forgetAuditedWords). */
  authorId?: string | null;
}

/** The newest lines an audit log answers. */
export const moderationLogShown = 200;

interface ActionRow extends Omit<ModerationAction, 'created_at'> {
  created_at: Date;
}

/**
 * A service's audit log, the table `moderation_actions` of its schema (each service that lets
 * moderators act keeps one, of this shape: community's migration 0009, interviews' 0060). Written in
 * the action's own transaction, so an action and its line are never one without the other.
 */
export async function recordModeration(tx: Tx, moderator: AuthUser, entry: ModerationEntry): Promise<void> {
  await tx.query(
    `INSERT INTO moderation_actions (moderator_id, moderator_name, action, kind, item_id, item_title, edited, reason, before, after, author_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      moderator.id,
      displayNameOf(moderator),
      entry.action,
      entry.kind,
      entry.itemId,
      entry.itemTitle,
      entry.edited ?? false,
      entry.reason ?? null,
      auditSummary(entry.before),
      auditSummary(entry.after),
      entry.authorId ?? null,
    ],
  );
}

const actionColumns = 'id, moderator_id, moderator_name, action, kind, item_id, item_title, edited, reason, before, after, created_at';

/** The latest lines of the service's audit log, newest first. */
export async function latestModeration(db: Pick<Database, 'query'>): Promise<ModerationAction[]> {
  const { rows } = await db.query<ActionRow>(`SELECT ${actionColumns} FROM moderation_actions ORDER BY created_at DESC, id DESC LIMIT ${moderationLogShown}`);
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

/**
 * Every service's audit log in one list, newest first (`npm run admin -- moderation-log`): the
 * latest lines of each schema that has one, each named by its service.
 */
export async function moderationLogReport(target: {
  databaseUrl: string;
  services: Array<{ service: string; schema: string }>;
}): Promise<Array<ModerationAction & { service: string }>> {
  const pool = new Pool({ connectionString: target.databaseUrl, max: 1 });
  try {
    const lines: Array<ModerationAction & { service: string }> = [];
    for (const { service, schema } of target.services) {
      const table = `${escapeIdentifier(schema)}.moderation_actions`;
      const { rows: found } = await pool.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [table]);
      if (!found[0].ok) continue;
      const { rows } = await pool.query<ActionRow>(`SELECT ${actionColumns} FROM ${table} ORDER BY created_at DESC, id DESC LIMIT ${moderationLogShown}`);
      lines.push(...rows.map((row) => ({ ...row, created_at: row.created_at.toISOString(), service })));
    }
    return lines.sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, moderationLogShown);
  } finally {
    await pool.end();
  }
}

/**
 * An erased account in the audit log: as a moderator, the log keeps that one acted, not who; as an
 * author, the log keeps that their content was changed, not their words.
 */
export async function forgetInModerationLog(tx: Tx, userId: string): Promise<void> {
  await tx.query(`UPDATE moderation_actions SET moderator_name = 'Deleted account' WHERE moderator_id = $1`, [userId]);
  await tx.query('UPDATE moderation_actions SET before = NULL, after = NULL WHERE author_id = $1', [userId]);
}
