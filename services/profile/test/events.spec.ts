import { EventData, EventEnvelope, EventType } from '@app/contracts';
import { RunningService } from '@app/service-kit';
import { publishEvent, TestEnvironment, TestUser, waitFor } from '@app/service-kit/testing';
import { interviewsService } from '@app/interviews';
import { AckPolicy, connect } from 'nats';
import request from 'supertest';
import { profileService } from '../src';
import { usernameCandidate } from '../src/profiles/username';
import { announceSignUp, count, knownCompany, profileRow, tag } from './helpers';

jest.setTimeout(60_000);

/**
 * Profile and interviews know each other only through NATS events: these tests start, stop and
 * restart profile around the events and check that each one has its effect exactly once.
 */
describe('profile: the events it lives on', () => {
  let env: TestEnvironment;
  let interviews: RunningService;
  let profile: RunningService | undefined;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    interviews = await env.start(interviewsService); // profile is not running yet
  });
  afterAll(() => env.close());

  const running = () => {
    if (!profile) throw new Error('profile is not running');
    return profile;
  };
  const createCompany = async (name: string, website_url?: string) =>
    (
      await request(interviews.url)
        .post('/api/all-companies')
        .set(await env.authHeader(env.newUser()))
        .send({ name, website_url })
        .expect(201)
    ).body.data as { id: string; name: string; website_url: string | null };
  const outboxDrained = () => waitFor(async () => (await interviews.events.pendingCount()) === 0);
  /** Events on one durable are handled in stream order: once a later one shows, the earlier ones were handled. */
  const companiesCaughtUp = async () => {
    const sentinel = await createCompany(`Sentinel ${tag()}`);
    await waitFor(() => knownCompany(running(), sentinel.id));
  };
  const signUpsCaughtUp = async () => {
    const sentinel = env.newUser();
    await announceSignUp(env, sentinel);
    await waitFor(() => profileRow(running(), sentinel.id));
  };

  let lateUser: TestUser;
  let lateCompany: { id: string; name: string };

  it('started after users signed up and companies were created, it learns all of them, once', async () => {
    lateUser = env.newUser(`late.joiner.${tag()}@thunderlabs.dev`);
    await announceSignUp(env, lateUser);
    lateCompany = await createCompany(`Thunder Labs ${tag()}`, 'https://www.thunderlabs.dev');
    await outboxDrained();

    profile = await env.start(profileService);
    const row = await waitFor(() => profileRow(running(), lateUser.id));
    expect(row.username).toBe(usernameCandidate(lateUser.id));
    await waitFor(() => knownCompany(running(), lateCompany.id));

    // Every company interviews has, the migration's seeded ones included, reached the read model.
    const { rows } = await interviews.db.query<{ id: string; name: string; website_url: string | null }>('SELECT id, name, website_url FROM companies');
    await waitFor(async () => (await count(running(), 'SELECT count(*) AS n FROM companies')) === rows.length);
    for (const company of rows) expect(await knownCompany(running(), company.id)).toEqual(company);

    // The company is known, so the late user can pick it, and is verified by the e-mail domain.
    const put = await request(running().url)
      .put('/api/profile')
      .set(await env.authHeader(lateUser))
      .send({ username: `late${tag()}`, current_company_id: lateCompany.id });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ current_company_id: lateCompany.id, verified_company: true });
  });

  it('stopped, it catches up on what happened meanwhile', async () => {
    await env.stop(running());
    profile = undefined;
    const user = env.newUser(`while.down.${tag()}@example.com`);
    await announceSignUp(env, user);
    const company = await createCompany(`Offline ${tag()}`);
    await outboxDrained();

    profile = await env.start(profileService);
    expect((await waitFor(() => profileRow(running(), user.id))).username).toBe(usernameCandidate(user.id));
    await waitFor(() => knownCompany(running(), company.id));
  });

  it('restarted, or handed the same events again, it changes nothing', async () => {
    const counts = async () => ({
      profiles: await count(running(), 'SELECT count(*) AS n FROM user_profiles'),
      companies: await count(running(), 'SELECT count(*) AS n FROM companies'),
    });
    await env.stop(running());
    profile = await env.start(profileService);
    await companiesCaughtUp();
    await signUpsCaughtUp();
    const before = await counts();

    // The same events again, past JetStream's duplicate window (new Nats-Msg-Id), with other
    // contents: processed_events absorbs them, so neither the row nor the username changes.
    await publishEvent(env, 'interviews.company.created', { id: lateCompany.id, name: 'Renamed By Replay', website_url: null }, { msgId: `replay-${tag()}` });
    const { rows } = await interviews.db.query<{ id: string }>("SELECT id FROM companies WHERE name = 'Google'");
    const [companyEvent] = await eventsFor(env, 'interviews.company.created', (e) => e.data.id === rows[0].id);
    await publishEvent(env, 'interviews.company.created', { ...companyEvent.data, name: 'Not Google' }, { id: companyEvent.id, msgId: `replay-${tag()}` });
    const [signUpEvent] = await eventsFor(env, 'identity.user.registered', (e) => e.data.user_id === lateUser.id);
    await publishEvent(
      env,
      'identity.user.registered',
      { ...signUpEvent.data, created_at: new Date(0).toISOString() },
      { id: signUpEvent.id, msgId: `replay-${tag()}` },
    );
    await companiesCaughtUp();
    await signUpsCaughtUp();

    expect((await knownCompany(running(), rows[0].id)).name).toBe('Google');
    expect((await profileRow(running(), lateUser.id)).username).toMatch(/^late[0-9a-f]{6}$/);
    // A new event id about a known company is an update (upsert by id), not a second row.
    expect((await knownCompany(running(), lateCompany.id)).name).toBe('Renamed By Replay');
    const after = await counts();
    expect(after).toEqual({ profiles: before.profiles + 1, companies: before.companies + 1 }); // the two sentinels
    expect(await count(running(), 'SELECT count(*) AS n FROM processed_events WHERE event_id = $1', [signUpEvent.id])).toBe(1);
  });

  it('answers GET right after sign-up even before the event, and the late event then changes nothing', async () => {
    const user = env.newUser(`eager.${tag()}@example.com`);
    const res = await request(running().url)
      .get('/api/profile')
      .set(await env.authHeader(user))
      .expect(200);
    expect(res.body.username).toBe(usernameCandidate(user.id));
    await request(running().url)
      .put('/api/profile')
      .set(await env.authHeader(user))
      .send({ username: `eager${tag()}` })
      .expect(200);
    await announceSignUp(env, user);
    await signUpsCaughtUp();
    expect(await count(running(), 'SELECT count(*) AS n FROM user_profiles WHERE id = $1', [user.id])).toBe(1);
    expect((await profileRow(running(), user.id)).username).toMatch(/^eager[0-9a-f]{6}$/);
  });

  it('erases a deleted account’s profile, and neither a late sign-up event nor its unexpired token brings it back', async () => {
    const user = env.newUser();
    const auth = await env.authHeader(user);
    await request(running().url).get('/api/profile').set(auth).expect(200);
    const deleted = await publishEvent(env, 'identity.user.deleted', { user_id: user.id });
    await waitFor(async () => !(await profileRow(running(), user.id)));
    await publishEvent(env, 'identity.user.deleted', { user_id: user.id }, { id: deleted.id, msgId: `replay-${tag()}` });
    await announceSignUp(env, user);
    await signUpsCaughtUp();
    expect(await profileRow(running(), user.id)).toBeUndefined();
    const res = await request(running().url).get('/api/profile').set(auth).expect(401);
    expect(res.body).toEqual({ error: { code: 'unauthorized', message: 'This account has been deleted' } });
    await request(running().url)
      .put('/api/profile')
      .set(auth)
      .send({ username: `back${tag()}` })
      .expect(401);
    expect(await profileRow(running(), user.id)).toBeUndefined();
  });
  it('leaves no profile when an account’s sign-up and deletion arrive together (as after an outage), whichever runs first', async () => {
    const users = Array.from({ length: 40 }, () => env.newUser());
    const ids = users.map((u) => u.id);
    await Promise.all(users.map((user) => Promise.all([publishEvent(env, 'identity.user.deleted', { user_id: user.id }), announceSignUp(env, user)])));
    await waitFor(async () => (await count(running(), 'SELECT count(*) AS n FROM erased_accounts WHERE user_id = ANY($1::uuid[])', [ids])) === ids.length);
    await signUpsCaughtUp();
    expect(await count(running(), 'SELECT count(*) AS n FROM user_profiles WHERE id = ANY($1::uuid[])', [ids])).toBe(0);
  });
});

/** Events already in the stream on `type` that match `keep`, read with a throw-away consumer. */
type AnyEvent = EventEnvelope<Record<string, unknown> & { id?: string; user_id?: string }>;
async function eventsFor<T extends EventType>(env: TestEnvironment, type: T, keep: (e: AnyEvent) => boolean): Promise<Array<EventEnvelope<EventData<T>>>> {
  const nc = await connect({ servers: env.natsUrl });
  try {
    const stream = `${env.prefix}_EVENTS`;
    const info = await (await nc.jetstreamManager()).consumers.add(stream, { filter_subject: `${env.prefix}.${type}`, ack_policy: AckPolicy.None });
    const consumer = await nc.jetstream().consumers.get(stream, info.name);
    const found: Array<EventEnvelope<EventData<T>>> = [];
    for (let pending = info.num_pending; pending > 0; pending--) {
      const msg = await consumer.next({ expires: 2000 });
      if (!msg) break;
      const event = JSON.parse(new TextDecoder().decode(msg.data));
      if (keep(event)) found.push(event);
    }
    return found;
  } finally {
    await nc.close();
  }
}
