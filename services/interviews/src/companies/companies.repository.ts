import { Inject, Injectable } from '@nestjs/common';
import type { Company } from '@app/contracts';
import { Database, Tx } from '@app/service-kit';

/** The companies table: the name is unique trimmed and case-insensitively (index on lower(btrim(name))). */
@Injectable()
export class CompaniesRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  async list(): Promise<Company[]> {
    const { rows } = await this.db.query<Company>('SELECT id, name, website_url FROM companies ORDER BY lower(name), name, id');
    return rows;
  }

  /**
   * Inserts the company unless one of the same name exists, and says which happened. Two callers
   * racing on one name both land on the index: the loser's INSERT waits for the winner's commit,
   * does nothing, and then reads the winner's row (a new statement sees the committed row).
   */
  async insertOrFind(tx: Tx, name: string, websiteUrl: string | null): Promise<{ company: Company; created: boolean }> {
    const inserted = await tx.query<Company>(
      `INSERT INTO companies (name, website_url) VALUES (btrim($1), $2)
       ON CONFLICT ((lower(btrim(name)))) DO NOTHING
       RETURNING id, name, website_url`,
      [name, websiteUrl],
    );
    if (inserted.rows[0]) return { company: inserted.rows[0], created: true };
    const existing = await tx.query<Company>('SELECT id, name, website_url FROM companies WHERE lower(btrim(name)) = lower(btrim($1))', [name]);
    if (!existing.rows[0]) throw new Error('company name conflicted but no company of that name exists');
    return { company: existing.rows[0], created: false };
  }
}
