import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { testIssuer } from '@app/service-kit/testing';
import { body, startStack, Stack } from './stack';

const projectJwtSecret = randomBytes(32).toString('hex');
const webhookSecret = randomBytes(32).toString('hex');

/** An access token as a Supabase project on HS256 signs it. */
const projectToken = (user: { id: string; email: string }) =>
  new SignJWT({ email: user.email, role: 'authenticated', session_id: randomUUID(), app_metadata: { provider: 'email' }, user_metadata: {} })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(testIssuer)
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(projectJwtSecret));

/**
 * A real Supabase project's accounts, through the gateway: its database webhook on auth.users
 * gives a sign-up its profile and starter credits, and a deletion erases the user everywhere.
 */
describe('a real Supabase project: the auth.users webhook, across services', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ SUPABASE_JWT_SECRET: projectJwtSecret, SUPABASE_WEBHOOK_SECRET: webhookSecret });
  });
  afterAll(() => stack.close());

  const deliver = (type: 'INSERT' | 'DELETE', row: object) =>
    fetch(`${stack.url}/auth/v1/hooks/supabase-users`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Webhook-Secret': webhookSecret },
      body: JSON.stringify({ type, schema: 'auth', table: 'users', record: type === 'INSERT' ? row : null, old_record: type === 'DELETE' ? row : null }),
    });
  const profileRows = async (id: string) =>
    Number((await stack.services.profile.db.query<{ n: string }>('SELECT count(*) AS n FROM user_profiles WHERE id = $1', [id])).rows[0].n);
  async function until(check: () => Promise<boolean>) {
    for (const deadline = Date.now() + 15_000; !(await check()); await new Promise((r) => setTimeout(r, 100))) {
      if (Date.now() > deadline) throw new Error('not within 15 s');
    }
  }

  it('makes the profile and grants the starter credits on sign-up, and erases the user on deletion', async () => {
    const user = { id: randomUUID(), email: `real.${Date.now()}@example.com` };
    const row = { ...user, aud: 'authenticated', raw_user_meta_data: { full_name: 'Ada' }, created_at: new Date().toISOString() };
    const headers = { Authorization: `Bearer ${await projectToken(user)}` };

    const registered = await deliver('INSERT', row);
    expect(registered.status).toBe(200);
    expect(await body(registered)).toEqual({ event: 'identity.user.registered', duplicate: false });
    // The profile comes from the event, before the user ever calls.
    await until(async () => (await profileRows(user.id)) === 1);
    const credits = await fetch(`${stack.url}/api/voice/credits`, { headers });
    expect(credits.status).toBe(200);
    expect(await body(credits)).toMatchObject({ balance: 10 });
    const profile = await fetch(`${stack.url}/api/profile`, { headers });
    expect(profile.status).toBe(200);
    expect((await body(profile)).username).toMatch(/^member-[0-9a-f]{8}$/);

    const deleted = await deliver('DELETE', row);
    expect(await body(deleted)).toEqual({ event: 'identity.user.deleted', duplicate: false });
    await until(async () => (await profileRows(user.id)) === 0);
    const after = await fetch(`${stack.url}/api/profile`, { headers });
    expect(after.status).toBe(401);
    expect((await body(after)).error.message).toBe('This account has been deleted');
  });
});
