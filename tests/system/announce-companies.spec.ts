import path from 'node:path';
import { supabaseClient } from '@app/service-kit/testing';
import { nodeCommand } from './commands';
import { body, startStack, Stack } from './stack';

/**
 * `npm run admin -- announce-companies`: the event stream keeps 7 days, so profile's companies, rebuilt
 * from an empty table later, learn the older companies again from interviews.
 */
describe('announcing every company again', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  const known = async (id: string) =>
    (await stack.services.profile.db.query('SELECT name FROM companies WHERE id = $1', [id])).rows[0]?.name as string | undefined;
  async function until(check: () => Promise<boolean>) {
    for (const deadline = Date.now() + 15_000; !(await check());) {
      if (Date.now() > deadline) throw new Error('not within 15 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('gives a read model that lost its companies every one of them back', async () => {
    const { data } = await supabaseClient(stack.url).auth.signUp({ email: `announcer.${Date.now()}@example.com`, password: 'secret123' });
    const headers = { Authorization: `Bearer ${data.session!.access_token}`, 'Content-Type': 'application/json' };
    const name = `Announced Again ${Date.now()}`;
    const company = (await body(await fetch(`${stack.url}/api/all-companies`, { method: 'POST', headers, body: JSON.stringify({ name }) }))).data;
    await until(async () => (await known(company.id)) === name);

    // As a profile database rebuilt empty, long after the event left the stream, would be.
    await stack.services.profile.db.query('DELETE FROM companies WHERE id = $1', [company.id]);
    const command = await nodeCommand(path.resolve(__dirname, '../../services/interviews/dist/admin.js'), ['announce-companies'], {
      ...process.env,
      DATABASE_URL: stack.env.databaseUrl,
      DATABASE_SCHEMA: stack.services.interviews.db.schema,
    });
    expect(command.status).toBe(0);
    const total = Number((await stack.services.interviews.db.query<{ n: string }>('SELECT count(*) AS n FROM companies')).rows[0].n);
    expect(command.stderr).toContain(`${total} companies announced again as interviews.company.created`);
    await until(async () => (await known(company.id)) === name);
  });
});
