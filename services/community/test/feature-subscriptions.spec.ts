import { randomUUID } from 'node:crypto';
import { featureInteractionsSchema } from '@app/contracts';
import { publishedEvents, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { env, moderator, startCommunity, svc } from './fixtures';

jest.setTimeout(60_000);

type Auth = { Authorization: string };
const statusChanged = 'community.feature_request.status_changed';

describe("community: e-mail updates on a feature request's status", () => {
  let alice: TestUser;
  let bob: TestUser;
  let aliceAuth: Auth;
  let bobAuth: Auth;
  let carolAuth: Auth;
  let mod: Auth;

  startCommunity();

  beforeAll(async () => {
    alice = env.newUser();
    bob = env.newUser();
    [aliceAuth, bobAuth, carolAuth, mod] = await Promise.all([
      env.authHeader(alice),
      env.authHeader(bob),
      env.authHeader(env.newUser()),
      env.authHeader(moderator(env)),
    ]);
  });

  /** Files a request as users do (a Feature Request message) and opens it, so everyone sees it. */
  const openRequest = async (message: string): Promise<string> => {
    await request(svc.url).post('/api/contact-form').set(aliceAuth).send({ subject: 'Feature Request', title: message, message }).expect(201);
    const { rows } = await svc.db.query<{ id: string }>('SELECT id FROM requested_features WHERE description = $1', [message]);
    await request(svc.url).patch(`/api/feature-requests/${rows[0].id}`).set(mod).send({ status: 'open' }).expect(200);
    return rows[0].id;
  };
  const subscription = (id: string) => `/api/feature-requests/${id}/subscription`;
  const isSubscribed = async (id: string, auth: Auth) =>
    featureInteractionsSchema.parse((await request(svc.url).get(`/api/feature-requests/${id}/interactions`).set(auth).expect(200)).body).isSubscribed;

  it('subscribes and unsubscribes, each idempotent, and the interactions answer carries the state', async () => {
    const id = await openRequest('Mock interviews in Go');
    expect(await isSubscribed(id, bobAuth)).toBe(false);

    expect((await request(svc.url).put(subscription(id)).set(bobAuth).expect(200)).body).toEqual({ subscribed: true });
    expect((await request(svc.url).put(subscription(id)).set(bobAuth).expect(200)).body).toEqual({ subscribed: true });
    expect(await isSubscribed(id, bobAuth)).toBe(true);
    expect(await isSubscribed(id, carolAuth)).toBe(false);
    const { rows } = await svc.db.query('SELECT user_id FROM feature_request_subscriptions WHERE feature_request_id = $1', [id]);
    expect(rows).toEqual([{ user_id: bob.id }]);

    expect((await request(svc.url).delete(subscription(id)).set(bobAuth).expect(200)).body).toEqual({ subscribed: false });
    expect((await request(svc.url).delete(subscription(id)).set(bobAuth).expect(200)).body).toEqual({ subscribed: false });
    expect(await isSubscribed(id, bobAuth)).toBe(false);
  });

  it('answers 404 for an unknown or malformed request id and 401 signed out, in the error envelope', async () => {
    const unknown = await request(svc.url).put(subscription(randomUUID())).set(bobAuth).expect(404);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: 'Feature request not found' });
    await request(svc.url).delete(subscription(randomUUID())).set(bobAuth).expect(404);
    // A malformed id names no request either (the declaration's notFound), as on the other endpoints.
    expect((await request(svc.url).put(subscription('nope')).set(bobAuth).expect(404)).body.error.code).toBe('not_found');
    const id = await openRequest('Flashcards for patterns');
    expect((await request(svc.url).put(subscription(id)).expect(401)).body.error.code).toBe('unauthorized');
    await request(svc.url).delete(subscription(id)).expect(401);
  });

  it("publishes the status change with exactly the request's subscribers, once per real change", async () => {
    const id = await openRequest('Company-tagged question lists');
    const other = await openRequest('Offline mode');
    await request(svc.url).put(subscription(id)).set(aliceAuth).expect(200);
    await request(svc.url).put(subscription(id)).set(bobAuth).expect(200);
    await request(svc.url).put(subscription(other)).set(carolAuth).expect(200);

    await request(svc.url).patch(`/api/feature-requests/${id}`).set(mod).send({ status: 'planned' }).expect(200);
    // The same status again is no change: nobody is written to twice.
    await request(svc.url).patch(`/api/feature-requests/${id}`).set(mod).send({ status: 'planned' }).expect(200);

    const events = await waitFor(async () => {
      const found = (await publishedEvents(env, statusChanged)).filter((e) => e.data.feature_request_id === id);
      return found.length > 0 && found;
    }, 30_000);
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual({
      feature_request_id: id,
      title: 'Company-tagged question lists',
      status: 'planned',
      subscriber_ids: expect.arrayContaining([alice.id, bob.id]),
      // Both follow it: their e-mail and bell settings for followed requests apply, not a voter's.
      follower_ids: expect.arrayContaining([alice.id, bob.id]),
      changed_at: expect.any(String),
    });
    expect(events[0].data.subscriber_ids).toHaveLength(2);
  });

  it('announces a change to 2,500 followers in events naming at most 1,000 each, every follower once, and the bell tells each of them', async () => {
    const id = await openRequest('Interview calendar sync');
    await svc.db.query('INSERT INTO feature_request_subscriptions (feature_request_id, user_id) SELECT $1, gen_random_uuid() FROM generate_series(1, 2500)', [
      id,
    ]);
    await request(svc.url).patch(`/api/feature-requests/${id}`).set(mod).send({ status: 'planned' }).expect(200);

    const events = await waitFor(async () => {
      const found = (await publishedEvents(env, statusChanged)).filter((e) => e.data.feature_request_id === id);
      return found.length === 3 && found;
    }, 30_000);
    // The 2,500 and whoever else follows it (an upvote follows too).
    const { rows } = await svc.db.query<{ user_id: string }>(
      `SELECT user_id FROM feature_request_subscriptions WHERE feature_request_id = $1
       UNION SELECT user_id FROM interactions WHERE entity_type = 'feature_request' AND entity_id = $1 AND interaction_type = 'upvote'`,
      [id],
    );
    const named = events.map((e) => e.data.subscriber_ids as string[]);
    expect(named.map((ids) => ids.length).sort((a, b) => a - b)).toEqual([rows.length - 2000, 1000, 1000]);
    expect(named.flat().sort()).toEqual(rows.map((r) => r.user_id).sort());
    expect(new Set(events.map((e) => e.data.changed_at)).size).toBe(1);
    await waitFor(
      async () =>
        Number((await svc.db.query<{ n: string }>('SELECT count(*) AS n FROM notifications WHERE link = $1', [`/feature-requests/${id}`])).rows[0].n) ===
        rows.length,
      60_000,
    );
  });
});
