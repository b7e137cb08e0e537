import { randomUUID } from 'node:crypto';
import { FeatureRequest, featureInteractionsSchema, featureRequestSchema } from '@app/contracts';
import request from 'supertest';
import { env, moderator, startCommunity, svc } from './fixtures';

jest.setTimeout(30_000);

type Auth = { Authorization: string };

describe('community: feature requests', () => {
  let alice: Auth;
  let bob: Auth;
  let mod: Auth;

  startCommunity();

  beforeAll(async () => {
    [alice, bob, mod] = await Promise.all([env.authHeader(env.newUser()), env.authHeader(env.newUser()), env.authHeader(moderator(env))]);
  });

  const list = async (auth: Auth, query: Record<string, string> = {}): Promise<FeatureRequest[]> =>
    (await request(svc.url).get('/api/feature-requests').query(query).set(auth).expect(200)).body;
  /** Files a request the way users do: a contact message with subject Feature Request. */
  const file = async (auth: Auth, message: string): Promise<string> => {
    await request(svc.url).post('/api/contact-form').set(auth).send({ subject: 'Feature Request', title: message, message }).expect(201);
    const { rows } = await svc.db.query<{ id: string }>('SELECT id FROM requested_features WHERE description = $1', [message]);
    return rows[0].id;
  };
  const setStatus = (id: string, status: string, auth = mod) => request(svc.url).patch(`/api/feature-requests/${id}`).set(auth).send({ status });
  const upvote = (id: string, auth: Auth) => request(svc.url).post(`/api/feature-requests/${id}/interactions`).set(auth).send({ interaction_type: 'upvote' });

  it('lists the seeded roadmap, shaped as the contract says', async () => {
    const items = await list(bob);
    expect(items.map((f) => f.title)).toEqual(expect.arrayContaining(['System Design practice', 'Operating Systems track', 'Ask a SWE', 'Implement-a-thon']));
    for (const f of items) {
      expect(Object.keys(f).sort()).toEqual(['created_at', 'description', 'id', 'status', 'title', 'upvotes']);
      expect(featureRequestSchema.parse(f)).toEqual(f);
    }
    await request(svc.url).get('/api/feature-requests').expect(401);
  });

  it('keeps a pending request from others, shows it to its author and moderators, and lists it once opened', async () => {
    const id = await file(alice, 'Dark mode for the review timer');
    expect((await list(alice)).find((f) => f.id === id)).toMatchObject({ status: 'pending', title: 'Dark mode for the review timer', upvotes: 0 });
    expect((await list(bob)).map((f) => f.id)).not.toContain(id);
    await request(svc.url).get(`/api/feature-requests/${id}/interactions`).set(bob).expect(404);
    expect((await list(mod, { status: 'pending' })).map((f) => f.id)).toContain(id);

    const refused = await request(svc.url).get('/api/feature-requests?status=pending').set(bob).expect(403);
    expect(refused.body.error).toEqual({ code: 'forbidden', message: 'Only moderators can do this' });
    await setStatus(id, 'open', bob).expect(403);

    const opened = await setStatus(id, 'open').expect(200);
    expect(opened.body.data).toMatchObject({ id, status: 'open' });
    expect((await list(bob)).map((f) => f.id)).toContain(id);
    for (const status of ['planned', 'started', 'completed', 'declined']) expect((await setStatus(id, status).expect(200)).body.data.status).toBe(status);
    expect((await list(bob, { status: 'declined' })).map((f) => f.id)).toContain(id);
    expect((await list(bob, { status: 'open' })).map((f) => f.id)).not.toContain(id);

    const bad = await setStatus(id, 'shipped').expect(400);
    expect(bad.body.error.message).toBe('Status must be one of pending, open, planned, started, completed, declined');
    await setStatus(randomUUID(), 'open').expect(404);
    expect((await request(svc.url).get('/api/feature-requests?status=shipped').set(bob).expect(400)).body.error.fields).toEqual({
      status: 'Status must be one of pending, open, planned, started, completed, declined',
    });
  });

  it('upvotes once per user (second → 409), reports the caller’s own, takes it back, and orders by upvotes', async () => {
    const first = await file(alice, 'Export my sessions as CSV');
    const second = await file(alice, 'Keyboard shortcuts in the review page');
    await setStatus(first, 'open').expect(200);
    await setStatus(second, 'open').expect(200);

    const created = await upvote(second, bob).expect(201);
    expect(created.body.data).toMatchObject({ entity_type: 'feature_request', entity_id: second, interaction_type: 'upvote', reaction: null });
    const again = await upvote(second, bob).expect(409);
    expect(again.body.error).toEqual({ code: 'conflict', message: 'You have already upvoted this feature' });
    await upvote(second, alice).expect(201);

    const mine = await request(svc.url).get(`/api/feature-requests/${second}/interactions`).set(bob).expect(200);
    expect(featureInteractionsSchema.parse(mine.body)).toEqual(mine.body);
    expect(mine.body).toMatchObject({ hasUserUpvoted: true, userInteractionId: created.body.data.id });
    expect(mine.body.interactions).toHaveLength(2);
    // Voters are not disclosed: only the caller's own interaction carries an id.
    expect(mine.body.interactions.filter((i: { user_id: string | null }) => i.user_id !== null)).toHaveLength(1);

    const order = (await list(bob)).map((f) => f.id);
    expect(order.indexOf(second)).toBeLessThan(order.indexOf(first));
    expect((await list(bob)).find((f) => f.id === second)?.upvotes).toBe(2);
    expect((await list(bob, { voted: 'true' })).map((f) => f.id)).toEqual([second]);
    expect((await list(bob, { q: 'csv' })).map((f) => f.id)).toEqual([first]);

    // Someone else's interaction is a 404, like a missing one.
    const alicesId = (await request(svc.url).get(`/api/feature-requests/${second}/interactions`).set(alice).expect(200)).body.userInteractionId;
    const foreign = await request(svc.url).delete(`/api/feature-requests/${second}/interactions/${alicesId}`).set(bob).expect(404);
    expect(foreign.body.error).toEqual({ code: 'not_found', message: 'Interaction not found' });
    await request(svc.url).delete(`/api/feature-requests/${first}/interactions/${created.body.data.id}`).set(bob).expect(404);

    await request(svc.url).delete(`/api/feature-requests/${second}/interactions/${created.body.data.id}`).set(bob).expect(204);
    expect((await request(svc.url).get(`/api/feature-requests/${second}/interactions`).set(bob).expect(200)).body).toMatchObject({
      hasUserUpvoted: false,
      userInteractionId: null,
    });
    expect((await list(bob, { voted: 'true' })).map((f) => f.id)).toEqual([]);
    await upvote(second, bob).expect(201);
  });

  it('counts one upvote for 20 parallel clicks: one 201, the rest 409', async () => {
    const id = await file(alice, 'Weekly e-mail digest');
    await setStatus(id, 'open').expect(200);
    const results = await Promise.all(Array.from({ length: 20 }, () => upvote(id, bob)));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect((await list(bob)).find((f) => f.id === id)?.upvotes).toBe(1);
  });

  it('checks the interaction body and answers 404 for unknown requests', async () => {
    const [some] = await list(bob);
    const bad = await request(svc.url).post(`/api/feature-requests/${some.id}/interactions`).set(bob).send({ interaction_type: 'downvote' }).expect(400);
    expect(bad.body.error.message).toBe('Only upvotes are supported');
    const missing = await upvote(randomUUID(), bob).expect(404);
    expect(missing.body.error).toEqual({ code: 'not_found', message: 'Feature request not found' });
    await request(svc.url).get('/api/feature-requests/nope/interactions').set(bob).expect(404);
  });
});
