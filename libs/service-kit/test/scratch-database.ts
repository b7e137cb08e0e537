import { randomBytes } from 'node:crypto';
import { createLogger, Database } from '../src';
import { testInfrastructure } from '../src/testing';

/**
 * A Database on a new schema of its own (made here, named `<prefix>_<random>`), for one test file
 * that writes its own tables; `drop` removes the schema and closes the pool.
 */
export async function scratchDatabase(prefix: string, poolMax: number): Promise<{ db: Database; drop: () => Promise<void> }> {
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  const db = new Database({ url: (await testInfrastructure()).databaseUrl, schema, poolMax, logger: createLogger(`${prefix}-test`, 'silent') });
  await db.query(`CREATE SCHEMA "${schema}"`);
  return {
    db,
    drop: async () => {
      await db.query(`DROP SCHEMA "${schema}" CASCADE`);
      await db.close();
    },
  };
}
