import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, Database } from '../src';
import { testInfrastructure } from '../src/testing';

jest.setTimeout(60_000);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const first = 'CREATE TABLE notes (id int PRIMARY KEY);\n';
const second = 'ALTER TABLE notes ADD COLUMN body text;\n';

/**
 * The runner records each applied migration's sha256 and refuses to start when an applied file was
 * edited afterwards: the databases that ran the old text would differ from those that run the new.
 */
describe('migrations: an applied file that changed is refused at start', () => {
  let dir: string;
  let schema: string;
  let db: Database;
  const migrate = () => db.migrate([{ label: 'notes', dir }]);
  const recorded = async () => (await db.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations ORDER BY name')).rows;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    schema = `mig_${randomBytes(4).toString('hex')}`;
    db = new Database({ url: (await testInfrastructure()).databaseUrl, schema, poolMax: 2, logger: createLogger('migrations-test', 'silent') });
    await writeFile(path.join(dir, '0001_notes.sql'), first);
  });
  afterEach(async () => {
    await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('records the sha256 of every file it applies', async () => {
    await writeFile(path.join(dir, '0002_body.sql'), second);
    expect(await migrate()).toEqual(['notes/0001_notes.sql', 'notes/0002_body.sql']);
    expect(await recorded()).toEqual([
      { name: 'notes/0001_notes.sql', checksum: sha256(first) },
      { name: 'notes/0002_body.sql', checksum: sha256(second) },
    ]);
    expect(await migrate()).toEqual([]);
  });

  it('refuses an edited applied file, naming it, and applies nothing new', async () => {
    await migrate();
    await writeFile(path.join(dir, '0001_notes.sql'), 'CREATE TABLE notes (id bigint PRIMARY KEY);\n');
    await writeFile(path.join(dir, '0002_body.sql'), second);
    await expect(migrate()).rejects.toThrow(
      /changed after being applied: notes\/0001_notes\.sql \(applied sha256 [0-9a-f]{64}, the file now [0-9a-f]{64}\)\. .*new migration file/,
    );
    const { rows } = await db.query("SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'notes' AND column_name = 'body'", [
      schema,
    ]);
    expect(rows).toHaveLength(0);
    expect((await recorded()).map((r) => r.name)).toEqual(['notes/0001_notes.sql']);
  });

  it('takes the same text with Windows line endings (a checkout with autocrlf)', async () => {
    await migrate();
    await writeFile(path.join(dir, '0001_notes.sql'), first.replace(/\n/g, '\r\n'));
    await expect(migrate()).resolves.toEqual([]);
  });

  it('gives a database from before checksums the column, and fills it from the files on its first run', async () => {
    await db.query(`CREATE SCHEMA "${schema}"`);
    await db.query('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    await db.query(first);
    await db.query("INSERT INTO schema_migrations (name) VALUES ('notes/0001_notes.sql')");
    await writeFile(path.join(dir, '0002_body.sql'), second);

    expect(await migrate()).toEqual(['notes/0002_body.sql']);
    expect(await recorded()).toEqual([
      { name: 'notes/0001_notes.sql', checksum: sha256(first) },
      { name: 'notes/0002_body.sql', checksum: sha256(second) },
    ]);
    // From then on an edit is caught there too.
    await writeFile(path.join(dir, '0001_notes.sql'), `${first}-- edited\n`);
    await expect(migrate()).rejects.toThrow('notes/0001_notes.sql');
  });
});
