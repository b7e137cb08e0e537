import path from 'node:path';
import { supabaseClient } from '@app/service-kit/testing';
import { nodeCommand } from './commands';
import { body, startStack, Stack } from './stack';

/** `npm run admin -- delete-user`: the account goes in identity, and every service erases its data. */
describe('deleting an account, across services', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  const rows = async (service: string, sql: string, id: string) => Number((await stack.services[service].db.query<{ n: string }>(sql, [id])).rows[0].n);
  async function until(check: () => Promise<boolean>) {
    for (const deadline = Date.now() + 15_000; !(await check());) {
      if (Date.now() > deadline) throw new Error('not erased within 15 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('erases the profile, questions and sessions; the still-unexpired token adds nothing back', async () => {
    const email = `leaving.${Date.now()}@example.com`;
    const { data } = await supabaseClient(stack.url).auth.signUp({ email, password: 'secret123' });
    const userId = data.user!.id;
    const headers = { Authorization: `Bearer ${data.session!.access_token}`, 'Content-Type': 'application/json' };
    expect((await fetch(`${stack.url}/api/profile`, { headers })).status).toBe(200);
    const question = (
      await body(
        await fetch(`${stack.url}/api/leetcode-questions`, { method: 'POST', headers, body: JSON.stringify({ title: 'Two Sum', difficulty: 'Easy' }) }),
      )
    ).data;
    const logged = await fetch(`${stack.url}/api/leetcode-questions/${question.id}/session`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ question_id: question.id, correctness: 80, confidence: 70, timer: 10, notes: 'mine' }),
    });
    expect(logged.status).toBe(201);

    // The operator command, as `npm run admin` runs it, on identity's schema.
    const identity = stack.services.identity;
    const deleteUser = () =>
      nodeCommand(path.resolve(__dirname, '../../services/identity/dist/admin.js'), ['delete-user', email], {
        ...process.env,
        DATABASE_URL: stack.env.databaseUrl,
        DATABASE_SCHEMA: identity.db.schema,
      });
    const command = await deleteUser();
    expect(command.status).toBe(0);
    expect(command.stderr).toContain(`account ${userId} deleted`);

    await until(async () => (await rows('profile', 'SELECT count(*) AS n FROM user_profiles WHERE id = $1', userId)) === 0);
    await until(async () => (await rows('practice', 'SELECT count(*) AS n FROM leetcode_sessions WHERE user_id = $1', userId)) === 0);
    expect(await rows('practice', 'SELECT count(*) AS n FROM leetcode_questions WHERE user_id = $1', userId)).toBe(0);

    const profile = await fetch(`${stack.url}/api/profile`, { headers });
    expect(profile.status).toBe(401);
    // Deletion ends the sessions: refused at the gateway once it has polled the revocation list,
    // or by the service's own record of erased accounts if that answer comes first.
    expect(['Session has ended', 'This account has been deleted']).toContain((await body(profile)).error.message);
    const again = await fetch(`${stack.url}/api/leetcode-questions`, { method: 'POST', headers, body: JSON.stringify({ title: 'Back', difficulty: 'Easy' }) });
    expect(again.status).toBe(401);
    const signIn = await supabaseClient(stack.url).auth.signInWithPassword({ email, password: 'secret123' });
    expect(signIn.error?.message).toBe('Invalid login credentials');

    const unknown = await deleteUser();
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain(`no account with the e-mail ${email}`);
  });
});
