import type { Database } from '../src';
import { scratchDatabase } from './scratch-database';

jest.setTimeout(60_000);

/**
 * Database runs each parameterised SQL text as a named statement: Postgres parses and plans it
 * once per connection. These tests read Postgres' own list of a connection's prepared statements.
 */
describe('prepared statements', () => {
  let db: Database;
  let drop: () => Promise<void>;
  const prepared = async () =>
    (
      await db.query<{ statement: string }>(
        "SELECT statement FROM pg_prepared_statements WHERE statement NOT LIKE '%pg_prepared_statements%' AND $1::int = 1",
        [1],
      )
    ).rows.map((r) => r.statement);
  beforeAll(async () => {
    // One connection: what one call prepared, the next sees.
    ({ db, drop } = await scratchDatabase('prep', 1));
    await db.query('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
  });
  afterAll(() => drop());
  beforeEach(() => db.query('TRUNCATE notes; INSERT INTO notes VALUES (1, $$one$$), (2, $$two$$)'));

  it('prepares a text once and runs it again by name, in and out of transactions, with the right rows', async () => {
    const read = 'SELECT id, body FROM notes WHERE id = $1';
    for (const id of [1, 2, 1, 2]) expect((await db.query(read, [id])).rows).toEqual([{ id, body: id === 1 ? 'one' : 'two' }]);
    const inTransaction = await db.transaction(async (tx) => (await tx.query(read, [2])).rows);
    expect(inTransaction).toEqual([{ id: 2, body: 'two' }]);
    expect((await prepared()).filter((s) => s === read)).toHaveLength(1);
  });

  it('runs a text without parameters as sent, several statements included, and prepares nothing for it', async () => {
    await db.query("INSERT INTO notes VALUES (3, 'three'); INSERT INTO notes VALUES (4, 'four')");
    expect((await db.query('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 4 }]);
    expect(await prepared()).not.toContain('SELECT count(*)::int AS n FROM notes');
  });

  it('prepares afresh when a migration changed what a statement returns, and the caller sees the new rows', async () => {
    const all = 'SELECT * FROM notes WHERE id = $1';
    expect((await db.query(all, [1])).rows).toEqual([{ id: 1, body: 'one' }]);
    expect(await db.transaction(async (tx) => (await tx.query(all, [2])).rows)).toEqual([{ id: 2, body: 'two' }]);
    await db.query("ALTER TABLE notes ADD COLUMN mood text NOT NULL DEFAULT 'calm'");
    try {
      expect((await db.query(all, [1])).rows).toEqual([{ id: 1, body: 'one', mood: 'calm' }]);
      await db.query("ALTER TABLE notes ADD COLUMN colour text NOT NULL DEFAULT 'blue'");
      expect(await db.transaction(async (tx) => (await tx.query(all, [2])).rows)).toEqual([{ id: 2, body: 'two', mood: 'calm', colour: 'blue' }]);
    } finally {
      await db.query('ALTER TABLE notes DROP COLUMN IF EXISTS mood, DROP COLUMN IF EXISTS colour');
    }
  });
});
