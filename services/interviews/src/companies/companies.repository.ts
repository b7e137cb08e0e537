import { Inject, Injectable } from '@nestjs/common';
import type { Company } from '@app/contracts';
import { Database, Tx } from '@app/service-kit';

@Injectable()
export class CompaniesRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  async list(): Promise<Company[]> {
    const { rows } = await this.db.query<Company>('SELECT id, name, website_url FROM companies ORDER BY lower(name), id');
    return rows;
  }

  /** Inserts unless a company of the same name exists; `created` says which happened. */
  async insertOrFind(tx: Tx, name: string, websiteUrl: string | null): Promise<{ company: Company; created: boolean }> {
    const inserted = await tx.query<Company>(
      'INSERT INTO companies (name, website_url) VALUES ($1, $2) ON CONFLICT ((lower(btrim(name)))) DO NOTHING RETURNING id, name, website_url',
      [name, websiteUrl],
    );
    if (inserted.rows[0]) return { company: inserted.rows[0], created: true };
    const existing = await tx.query<Company>('SELECT id, name, website_url FROM companies WHERE lower(btrim(name)) = lower(btrim($1))', [name]);
    return { company: existing.rows[0], created: false };
  }
}
