import { Inject, Injectable } from '@nestjs/common';
import type { Company } from '@app/contracts';
import { Database, holdWriteCap, Tx } from '@app/service-kit';

/** The companies table: the name is unique trimmed and case-insensitively (index on lower(btrim(name))). */
@Injectable()
export class CompaniesRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  async list(): Promise<Company[]> {
    const { rows } = await this.db.query<Company>('SELECT id, name, website_url FROM companies ORDER BY lower(name), name, id');
    return rows;
  }

  /**
   * Inserts the company unless one of the same name exists, and says which happened. Finding one is
   * free; adding one counts toward the caller's daily cap (429 past it). Two callers racing on one
   * name both land on the index: the loser's INSERT waits for the winner's commit, does nothing, and
   * then reads the winner's row (a new statement sees the committed row).
   */
  async insertOrFind(tx: Tx, name: string, websiteUrl: string | null, userId: string): Promise<{ company: Company; created: boolean }> {
    const existing = await this.findByName(tx, name);
    if (existing) return { company: existing, created: false };
    await holdWriteCap(tx, 'companies', { userId, rows: 'companies WHERE created_by = $1' });
    const inserted = await tx.query<Company>(
      `INSERT INTO companies (name, website_url, created_by) VALUES (btrim($1), $2, $3)
       ON CONFLICT ((lower(btrim(name)))) DO NOTHING
       RETURNING id, name, website_url`,
      [name, websiteUrl, userId],
    );
    if (inserted.rows[0]) return { company: inserted.rows[0], created: true };
    const raced = await this.findByName(tx, name);
    if (!raced) throw new Error('company name conflicted but no company of that name exists');
    return { company: raced, created: false };
  }

  private async findByName(tx: Tx, name: string): Promise<Company | undefined> {
    const { rows } = await tx.query<Company>('SELECT id, name, website_url FROM companies WHERE lower(btrim(name)) = lower(btrim($1))', [name]);
    return rows[0];
  }
}
