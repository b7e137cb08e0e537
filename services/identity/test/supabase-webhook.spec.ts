import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { RunningService } from '@app/service-kit';
import { publishedEvents, TestEnvironment, waitFor } from '@app/service-kit/testing';
import { identityService } from '../src';

jest.setTimeout(30_000);

const secret = randomBytes(32).toString('hex');

/** An auth.users row as a Supabase project's database webhook sends it (to_jsonb of the row). */
const authUser = (id: string = randomUUID()) => ({
  id,
  aud: 'authenticated',
  role: 'authenticated',
  email: `real-${id.slice(0, 8)}@example.com`,
  raw_user_meta_data: { full_name: 'Ada Lovelace', email_verified: true },
  raw_app_meta_data: { provider: 'github', providers: ['github'] },
  created_at: '2026-11-23T14:02:11.123456+00:00',
  email_confirmed_at: null,
});
const insert = (record = authUser()) => ({ type: 'INSERT', table: 'users', schema: 'auth', record, old_record: null });
const remove = (old_record = authUser()) => ({ type: 'DELETE', table: 'users', schema: 'auth', record: null, old_record });

/** A real project's sign-ups and deletions, announced as the local identity announces its own. */
describe('identity: Supabase database webhook on auth.users', () => {
  let env: TestEnvironment;
  let svc: RunningService;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    svc = await env.start(identityService, { SUPABASE_WEBHOOK_SECRET: secret });
  });
  afterAll(() => env.close());

  const deliver = (body: object, headers: Record<string, string> = { 'X-Webhook-Secret': secret }) =>
    request(svc.url).post('/auth/v1/hooks/supabase-users').set(headers).send(body);
  const eventsFor = async (subject: string, userId: string) => (await publishedEvents(env, subject)).filter((e) => e.data.user_id === userId);

  it('announces a sign-up as identity.user.registered once, however often Supabase retries it', async () => {
    const user = authUser();
    const first = await deliver(insert(user)).expect(200);
    expect(first.body).toEqual({ event: 'identity.user.registered', duplicate: false });
    const [event] = await waitFor(
      async () => (await eventsFor('identity.user.registered', user.id)).length === 1 && eventsFor('identity.user.registered', user.id),
    );
    expect(event).toMatchObject({
      type: 'identity.user.registered',
      version: 1,
    });
    // The user id alone: an address or name would stay in the stream past the account's erasure.
    expect(event.data).toEqual({ user_id: user.id, created_at: '2026-11-23T14:02:11.123Z' });

    const retried = await deliver(insert(user)).expect(200);
    expect(retried.body).toEqual({ event: 'identity.user.registered', duplicate: true });
    await waitFor(async () => (await svc.events.pendingCount()) === 0 || null);
    // Past the relay's next round (1 s): still the one event.
    await new Promise((r) => setTimeout(r, 1200));
    expect(await eventsFor('identity.user.registered', user.id)).toHaveLength(1);
  });

  it('announces a deletion as identity.user.deleted once', async () => {
    const user = authUser();
    expect((await deliver(remove(user)).expect(200)).body).toEqual({ event: 'identity.user.deleted', duplicate: false });
    expect((await deliver(remove(user)).expect(200)).body).toEqual({ event: 'identity.user.deleted', duplicate: true });
    const events = await waitFor(async () => {
      const found = await eventsFor('identity.user.deleted', user.id);
      return found.length > 0 && found;
    });
    await new Promise((r) => setTimeout(r, 1200));
    expect(events.map((e) => e.data)).toEqual([{ user_id: user.id }]);
    expect(await eventsFor('identity.user.deleted', user.id)).toHaveLength(1);
  });

  it('refuses a wrong or missing secret with 401 and announces nothing', async () => {
    const user = authUser();
    // Its last digit changed: a fixed '0' was the secret itself whenever the secret ended in 0 (1 run in 16).
    const wrongSecret = `${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`;
    const wrong = await deliver(insert(user), { 'X-Webhook-Secret': wrongSecret }).expect(401);
    expect(wrong.body).toEqual({ error: { code: 'unauthorized', message: 'Wrong or missing X-Webhook-Secret' } });
    await deliver(insert(user), {}).expect(401);
    // Checked before the body: a stranger's malformed body is a 401 too, not a description of the schema.
    await deliver({ nonsense: true }, { 'X-Webhook-Secret': 'guess' }).expect(401);
    await new Promise((r) => setTimeout(r, 1200));
    expect(await eventsFor('identity.user.registered', user.id)).toHaveLength(0);
  });

  it('acknowledges an update without an event, and refuses changes of other tables', async () => {
    const user = authUser();
    const update = { type: 'UPDATE', table: 'users', schema: 'auth', record: user, old_record: user };
    expect((await deliver(update).expect(200)).body).toEqual({ event: null, duplicate: false });
    const other = await deliver({ ...insert(user), schema: 'public', table: 'profiles' }).expect(400);
    expect(other.body.error).toMatchObject({ code: 'validation_failed', message: 'Only auth.users changes are accepted' });
    const noId = await deliver(insert({ ...user, id: 'not-a-uuid' })).expect(400);
    expect(noId.body.error.code).toBe('validation_failed');
  });

  it('answers 404 while no secret is configured', async () => {
    const bare = await env.start(identityService);
    try {
      const res = await request(bare.url).post('/auth/v1/hooks/supabase-users').set('X-Webhook-Secret', secret).send(insert()).expect(404);
      expect(res.body.error).toEqual({ code: 'not_found', message: 'No Supabase webhook is configured here (SUPABASE_WEBHOOK_SECRET is unset)' });
    } finally {
      await env.stop(bare);
    }
  });
});
