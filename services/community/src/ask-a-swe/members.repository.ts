import { Inject, Injectable } from '@nestjs/common';
import type { EventData, Follows } from '@app/contracts';
import { Database, holdAccountLock, isErased, Tx } from '@app/service-kit';

export type FollowKind = 'question' | 'tag' | 'company';

/** What community knows of members and companies from events, and what members follow. */
@Injectable()
export class MembersRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /** A sign-up: its time, which privileges go by. Not for an account deleted before the event arrived. */
  async registered(tx: Tx, userId: string, at: string): Promise<void> {
    await holdAccountLock(tx, userId);
    if (await isErased(tx, userId)) return;
    await tx.query(
      'INSERT INTO ask_members (user_id, registered_at) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET registered_at = EXCLUDED.registered_at',
      [userId, at],
    );
  }

  async employment(tx: Tx, change: EventData<'profile.employment.changed'>): Promise<void> {
    await tx.query(
      `INSERT INTO ask_members (user_id, company_id, verified) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET company_id = EXCLUDED.company_id, verified = EXCLUDED.verified`,
      [change.user_id, change.company_id, change.verified],
    );
  }

  /** Announced again by `npm run admin -- announce-companies`: an upsert makes that harmless. */
  async company(tx: Tx, company: EventData<'interviews.company.created'>): Promise<void> {
    await tx.query('INSERT INTO ask_companies (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name', [company.id, company.name]);
  }

  /** When the account registered, if community heard of it. */
  async registeredAt(userId: string): Promise<Date | undefined> {
    const { rows } = await this.db.query<{ registered_at: Date | null }>('SELECT registered_at FROM ask_members WHERE user_id = $1', [userId]);
    return rows[0]?.registered_at ?? undefined;
  }

  async follow(userId: string, kind: FollowKind, target: string, tx: Tx | Database = this.db): Promise<void> {
    await tx.query('INSERT INTO ask_follows (user_id, kind, target) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, kind, target]);
  }

  async unfollow(userId: string, kind: FollowKind, target: string): Promise<void> {
    await this.db.query('DELETE FROM ask_follows WHERE user_id = $1 AND kind = $2 AND target = $3', [userId, kind, target]);
  }

  async follows(userId: string): Promise<Follows> {
    const [questions, tags, companies] = await Promise.all([
      this.db.query<{ id: string; title: string }>(
        `SELECT q.id, q.title FROM ask_follows f JOIN ask_questions q ON q.id::text = f.target
         WHERE f.user_id = $1 AND f.kind = 'question' ORDER BY f.created_at DESC LIMIT 500`,
        [userId],
      ),
      this.db.query<{ target: string }>(`SELECT target FROM ask_follows WHERE user_id = $1 AND kind = 'tag' ORDER BY target`, [userId]),
      this.db.query<{ id: string; name: string }>(
        `SELECT c.id, c.name FROM ask_follows f JOIN ask_companies c ON c.id::text = f.target WHERE f.user_id = $1 AND f.kind = 'company' ORDER BY c.name`,
        [userId],
      ),
    ]);
    return { questions: questions.rows, tags: tags.rows.map((r) => r.target), companies: companies.rows };
  }

  /** Who follows a question, except `except`. */
  async questionFollowers(tx: Tx, questionId: string, except: string[]): Promise<string[]> {
    const { rows } = await tx.query<{ user_id: string }>(
      `SELECT user_id FROM ask_follows WHERE kind = 'question' AND target = $1 AND NOT user_id = ANY ($2::uuid[])`,
      [questionId, except],
    );
    return rows.map((r) => r.user_id);
  }

  /** Who follows one of the tags or the company, except `except`. */
  async topicFollowers(tx: Tx, tags: string[], companyId: string | null, except: string[]): Promise<string[]> {
    const { rows } = await tx.query<{ user_id: string }>(
      `SELECT DISTINCT user_id FROM ask_follows
       WHERE ((kind = 'tag' AND target = ANY ($1::text[])) OR (kind = 'company' AND target = $2)) AND NOT user_id = ANY ($3::uuid[])`,
      [tags, companyId ?? '', except],
    );
    return rows.map((r) => r.user_id);
  }
}
