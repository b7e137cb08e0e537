import { Inject, Injectable } from '@nestjs/common';
import type { Company, EventData } from '@app/contracts';
import { Database, Tx } from '@app/service-kit';

/** Profile's read model of the companies interviews owns; written only by events. */
@Injectable()
export class CompaniesRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /** Upsert by id: replaying or re-announcing a company leaves one row with its latest facts. */
  async upsert(tx: Tx, company: EventData<'interviews.company.created'>): Promise<void> {
    await tx.query(
      `INSERT INTO companies (id, name, website_url) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, website_url = EXCLUDED.website_url, updated_at = now()`,
      [company.id, company.name, company.website_url],
    );
  }

  async find(id: string): Promise<Company | undefined> {
    const { rows } = await this.db.query<Company>('SELECT id, name, website_url FROM companies WHERE id = $1', [id]);
    return rows[0];
  }
}
