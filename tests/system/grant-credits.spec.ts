import path from 'node:path';
import { supabaseClient } from '@app/service-kit/testing';
import { nodeCommand } from './commands';
import { body, startStack, Stack } from './stack';

/** `npm run admin -- grant-credits <email> <n>`: the operator's way past an empty balance, in voice's ledger. */
describe('granting AI mock interview credits by e-mail', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  /** The command as an operator types it (scripts/admin.mjs), on the test database's schemas. */
  const admin = (...args: string[]) =>
    nodeCommand(path.resolve(__dirname, '../../scripts/admin.mjs'), args, {
      ...process.env,
      DATABASE_URL: stack.env.databaseUrl,
      IDENTITY_DATABASE_SCHEMA: stack.services.identity.db.schema,
      VOICE_DATABASE_SCHEMA: stack.services.voice.db.schema,
      SUDO_USER: 'ops-margaret',
    });
  const grants = async (userId: string) =>
    (
      await stack.services.voice.db.query<{ amount: number; note: string }>(
        `SELECT amount, note FROM credit_ledger WHERE user_id = $1 AND kind = 'grant' ORDER BY id`,
        [userId],
      )
    ).rows;

  it('adds a grant row naming the operator and prints the new balance; refuses 0, -5, 1001 and 2.5; an unknown e-mail is an error', async () => {
    const email = `Out.Of.Credits.${Date.now()}@example.com`;
    const { data } = await supabaseClient(stack.url).auth.signUp({ email, password: 'secret123' });
    const userId = data.user!.id;
    const headers = { Authorization: `Bearer ${data.session!.access_token}` };
    for (let i = 0; i < 2; i++) expect((await fetch(`${stack.url}/api/elevenlabs/signed-url`, { headers })).status).toBe(200);
    expect((await body(await fetch(`${stack.url}/api/voice/credits`, { headers }))).balance).toBe(0);

    // Side by side: each command is a Node start, seconds apiece on a loaded machine.
    const refusals = await Promise.all(['0', '-5', '1001', '2.5', 'ten'].map((bad) => admin('grant-credits', email, bad)));
    for (const refused of refusals) {
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('credits must be a whole number from 1 to 1000');
    }
    expect(await grants(userId)).toEqual([{ amount: 10, note: 'starter credits' }]);

    // The e-mail as identity compares it: any case, surrounding spaces.
    const granted = await admin('grant-credits', ` ${email.toUpperCase()} `, '7');
    expect(granted.stderr).toContain(`7 credits granted to ${userId} by ops-margaret; balance 7`);
    expect(granted.status).toBe(0);
    expect(await grants(userId)).toEqual([
      { amount: 10, note: 'starter credits' },
      { amount: 7, note: 'operator: ops-margaret' },
    ]);
    expect((await body(await fetch(`${stack.url}/api/voice/credits`, { headers }))).balance).toBe(7);
    expect((await fetch(`${stack.url}/api/elevenlabs/signed-url`, { headers })).status).toBe(200);

    const unknown = await admin('grant-credits', `nobody.${Date.now()}@example.com`, '5');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('no account with the e-mail nobody.');
  }, 120_000);
});
