import { Inject, Injectable } from '@nestjs/common';
import type { Company } from '@app/contracts';
import { Database, EventBus } from '@app/service-kit';

/** Profile's read model of the companies interviews owns. */
@Injectable()
export class CompanyDirectory {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(EventBus) events: EventBus,
  ) {
    // A new durable consumer starts from the first event in the stream, so a profile service
    // deployed (or given a fresh database) after companies exist still learns every one of them.
    events.on({
      name: 'profile.company-created',
      type: 'interviews.company.created',
      handle: async (company, tx) => {
        await tx.query(
          `INSERT INTO companies (id, name, website_url) VALUES ($1, $2, $3)
           ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, website_url = EXCLUDED.website_url, updated_at = now()`,
          [company.id, company.name, company.website_url],
        );
      },
    });
  }

  async find(id: string): Promise<Company | undefined> {
    const { rows } = await this.db.query<Company>('SELECT id, name, website_url FROM companies WHERE id = $1', [id]);
    return rows[0];
  }
}
