import type { Database } from '../src';
import { scratchDatabase } from './scratch-database';

jest.setTimeout(60_000);

/**
 * Database.transaction runs a deadlock victim (40P01) or a serialization failure (40001) up to
 * twice more, so a caller does not see a 500 for a collision Postgres resolved by rolling one side back.
 */
describe('transactions: a deadlock victim or serialization failure runs again', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await scratchDatabase('tx', 4));
    await db.query('CREATE TABLE accounts (name text PRIMARY KEY, balance int NOT NULL)');
  });
  afterAll(() => drop());
  beforeEach(() => db.query("TRUNCATE accounts; INSERT INTO accounts VALUES ('a', 0), ('b', 0)"));

  it('commits both of two transfers that lock two rows in opposite orders', async () => {
    // Each holds its first row until both do, so the second updates meet in a cycle Postgres must break.
    let held = 0;
    const bothHolding = async () => {
      held += 1;
      while (held < 2) await new Promise((r) => setTimeout(r, 10));
    };
    const attempts = { ab: 0, ba: 0 };
    const transfer = (route: 'ab' | 'ba') =>
      db.transaction(async (tx) => {
        attempts[route] += 1;
        await tx.query('UPDATE accounts SET balance = balance - 1 WHERE name = $1', [route[0]]);
        await bothHolding();
        await tx.query('UPDATE accounts SET balance = balance + 1 WHERE name = $1', [route[1]]);
      });
    await Promise.all([transfer('ab'), transfer('ba')]);
    // One victim runs once more. On a busy machine that second run can take the row back before the
    // survivor, waking, gets it, and the cycle forms again: then either side is the victim again.
    expect(attempts.ab + attempts.ba).toBeGreaterThanOrEqual(3);
    expect(Math.max(attempts.ab, attempts.ba)).toBeGreaterThanOrEqual(2);
    expect(Math.max(attempts.ab, attempts.ba)).toBeLessThanOrEqual(3);
    const { rows } = await db.query('SELECT name, balance FROM accounts ORDER BY name');
    expect(rows).toEqual([
      { name: 'a', balance: 0 },
      { name: 'b', balance: 0 },
    ]);
  });

  it('gives up after the third serialization failure, and runs other failures once', async () => {
    let runs = 0;
    const serialization = db.transaction(async (tx) => {
      runs += 1;
      await tx.query("DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = 'serialization_failure'; END $$");
    });
    await expect(serialization).rejects.toMatchObject({ code: '40001' });
    expect(runs).toBe(3);

    runs = 0;
    const duplicate = db.transaction(async (tx) => {
      runs += 1;
      await tx.query("INSERT INTO accounts VALUES ('a', 1)");
    });
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });
});
