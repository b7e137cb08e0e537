import type { Company } from '@app/contracts';
import { createLogger, Database, EventBus, InProcessTransport, Logger } from '@app/service-kit';
import { OfferRangesPublisher } from './candidate-interviews/offer-ranges';

const usage = 'usage: DATABASE_URL=... node admin.js <announce-companies|publish-offer-ranges>';
/** Companies announced per transaction: the relay publishes a batch while the next is written. */
const batchSize = 500;

/**
 * `node dist/admin.js <command>` with DATABASE_URL (npm run admin wraps announce-companies):
 * - `announce-companies`: every company announced again as interviews.company.created. The event
 *   stream keeps 7 days (docs/limits.md), so a read model rebuilt from an empty database later
 *   (profile's companies) learns the older companies from this; consumers upsert, so announcing one
 *   twice is harmless.
 * - `publish-offer-ranges`: the companies' offer ranges published now rather than at the next UTC
 *   day (after a report was taken down, say); the same publication the service makes daily.
 */
async function main(): Promise<number> {
  const [command] = process.argv.slice(2);
  if (!['announce-companies', 'publish-offer-ranges'].includes(command) || !process.env.DATABASE_URL) {
    console.error(usage);
    return 2;
  }
  const logger = createLogger('interviews-admin', 'warn');
  const db = new Database({ url: process.env.DATABASE_URL, schema: process.env.DATABASE_SCHEMA ?? 'interviews', logger });
  try {
    if (command === 'publish-offer-ranges') {
      await new OfferRangesPublisher(db, logger).publishNow();
      console.warn('offer ranges published');
      return 0;
    }
    return await announceCompanies(db, logger);
  } finally {
    await db.close();
  }
}

async function announceCompanies(db: Database, logger: Logger): Promise<number> {
  // Never started, this bus only writes into the outbox: the interviews service's relay publishes
  // (within a second while it runs, else when it next starts).
  const events = new EventBus({ db, transport: new InProcessTransport(), logger });
  let announced = 0;
  for (let after = ''; ;) {
    const { rows } = await db.query<Company>('SELECT id, name, website_url FROM companies WHERE id::text > $1 ORDER BY id::text LIMIT $2', [after, batchSize]);
    if (rows.length === 0) break;
    await db.transaction((tx) => events.recordAll(tx, 'interviews.company.created', rows));
    announced += rows.length;
    after = rows[rows.length - 1].id;
  }
  console.warn(`${announced} companies announced again as interviews.company.created`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
