import { randomUUID } from 'node:crypto';
import { Opportunity, opportunitySchema } from '@app/contracts';
import request from 'supertest';
import { env, moderator, startCommunity, svc } from './fixtures';

jest.setTimeout(30_000);

type Auth = { Authorization: string };

describe('community: Student Pathfinder', () => {
  let alice: Auth;
  let bob: Auth;
  let mod: Auth;
  let seq = 0;

  startCommunity();

  beforeAll(async () => {
    [alice, bob, mod] = await Promise.all([env.authHeader(env.newUser()), env.authHeader(env.newUser()), env.authHeader(moderator(env))]);
  });

  const share = (auth: Auth, body: Record<string, unknown> = {}) =>
    request(svc.url)
      .post('/api/pathfinder')
      .set(auth)
      .send({ title: 'SWE Intern', description: 'Summer internship', link: `https://jobs.example.com/${++seq}`, compensation: '', badge: null, ...body });
  const list = async (auth: Auth, query: Record<string, string> = {}): Promise<Opportunity[]> =>
    (await request(svc.url).get('/api/pathfinder').query(query).set(auth).expect(200)).body;
  const ids = (items: Opportunity[]) => items.map((o) => o.id);
  const approve = (id: string) => request(svc.url).patch(`/api/pathfinder/${id}`).set(mod).send({ status: 'approved' }).expect(200);

  it('needs a token', async () => {
    expect((await request(svc.url).get('/api/pathfinder').expect(401)).body.error.code).toBe('unauthorized');
    await request(svc.url).post('/api/pathfinder').send({}).expect(401);
  });

  it('creates a pending opportunity (201 {data}) with the spec’s defaults and no marks', async () => {
    const res = await share(alice, {
      title: ' Google STEP ',
      description: 'For first-years',
      link: 'https://careers.google.com/step',
      compensation: '7500',
      badge: 'Selective',
    }).expect(201);
    expect(opportunitySchema.parse(res.body.data)).toEqual(res.body.data);
    expect(res.body.data).toMatchObject({
      title: 'Google STEP',
      description: 'For first-years',
      link: 'https://careers.google.com/step',
      compensation: 7500,
      badge: 'Selective',
      status: 'pending',
      upvotes: 0,
      hasUserUpvoted: false,
      isFavorite: false,
    });
    const empty = await share(alice).expect(201);
    expect(empty.body.data).toMatchObject({ compensation: 0, badge: null });
  });

  it.each([
    [
      { title: '', description: '', link: '', compensation: -5 },
      {
        title: 'Please enter a title',
        description: 'Please provide a description',
        link: 'Please enter a URL',
        compensation: 'Compensation must be a positive number',
      },
    ],
    [{ title: 't', description: 'd', link: 'https://' }, { link: 'Please enter a valid URL.' }],
    [{ title: 't', description: 'd', link: 'ftp://example.com/x' }, { link: 'Please enter a valid URL.' }],
    [{ title: 't', description: 'd', link: 'https://example.com/y', compensation: 'lots' }, { compensation: 'Compensation must be a positive number' }],
  ])('answers the spec’s messages: %j', async (body, fields) => {
    const res = await request(svc.url).post('/api/pathfinder').set(alice).send(body).expect(400);
    expect(res.body).toEqual({ error: { code: 'validation_failed', message: Object.values(fields)[0], fields } });
  });

  it('refuses a link already shared, after normalising scheme, host case, trailing slash and tracking parameters (409)', async () => {
    await share(alice, { link: 'https://Jobs.Example.org/posting/42?team=infra' }).expect(201);
    for (const link of ['http://jobs.example.org/posting/42/?team=infra', 'https://JOBS.example.org/posting/42?utm_source=newsletter&team=infra&gclid=1']) {
      const res = await share(bob, { link }).expect(409);
      const message = 'This link has already been shared and is waiting for review';
      expect(res.body).toEqual({ error: { code: 'conflict', message, fields: { link: message } } });
    }
    await share(bob, { link: 'https://jobs.example.org/posting/43?team=infra' }).expect(201);
  });

  it('shows pending ones to their author only, approved ones to everyone, rejected ones to nobody', async () => {
    const pending = (await share(alice).expect(201)).body.data as Opportunity;
    const rejected = (await share(alice).expect(201)).body.data as Opportunity;
    expect(ids(await list(alice))).toEqual(expect.arrayContaining([pending.id, rejected.id]));
    expect(ids(await list(bob))).not.toContain(pending.id);

    const approved = await approve(pending.id);
    expect(approved.body.data).toMatchObject({ id: pending.id, status: 'approved' });
    await request(svc.url).patch(`/api/pathfinder/${rejected.id}`).set(mod).send({ status: 'rejected', reason: 'Not a student opportunity' }).expect(200);

    const seenByBob = await list(bob);
    expect(seenByBob.find((o) => o.id === pending.id)).toMatchObject({ status: 'approved', title: pending.title });
    expect(ids(seenByBob)).not.toContain(rejected.id);
    expect(ids(await list(alice))).not.toContain(rejected.id);
  });

  it('gives moderators the review queue (status=pending) and refuses it and reviews to anyone else (403)', async () => {
    const mine = (await share(bob).expect(201)).body.data as Opportunity;
    const queue = await list(mod, { status: 'pending' });
    expect(ids(queue)).toContain(mine.id);
    expect(queue.every((o) => o.status === 'pending')).toBe(true);

    const refused = await request(svc.url).get('/api/pathfinder?status=pending').set(bob).expect(403);
    expect(refused.body).toEqual({ error: { code: 'forbidden', message: 'Only moderators can do this' } });
    await request(svc.url).patch(`/api/pathfinder/${mine.id}`).set(bob).send({ status: 'approved' }).expect(403);
    const bad = await request(svc.url).patch(`/api/pathfinder/${mine.id}`).set(mod).send({ status: 'maybe' }).expect(400);
    expect(bad.body.error.message).toBe('Status must be approved, rejected or taken_down');
    await request(svc.url).patch(`/api/pathfinder/${randomUUID()}`).set(mod).send({ status: 'approved' }).expect(404);
    const unknown = await request(svc.url).get('/api/pathfinder?status=rejected').set(mod).expect(400);
    expect(unknown.body.error.fields).toEqual({ status: 'Status must be pending or approved' });
  });

  it('filters by search text, Selective and Paid', async () => {
    const a = (await share(alice, { title: 'Quantum 100% Research_Fellowship', description: 'Lab work', badge: 'Selective', compensation: 0 }).expect(201)).body
      .data;
    const b = (await share(alice, { title: 'Paid Apprenticeship', description: 'Quantum computing team', compensation: 4000 }).expect(201)).body.data;
    const c = (await share(alice, { title: 'Open Source Mentorship', description: 'Remote' }).expect(201)).body.data;
    for (const o of [a, b, c]) await approve(o.id);
    const mineOnly = (items: Opportunity[]) =>
      ids(items)
        .filter((id) => [a.id, b.id, c.id].includes(id))
        .sort();

    expect(mineOnly(await list(bob, { q: 'quantum' }))).toEqual([a.id, b.id].sort());
    expect(mineOnly(await list(bob, { q: '100%' }))).toEqual([a.id]);
    expect(mineOnly(await list(bob, { q: 'm_c' }))).toEqual([]);
    expect(mineOnly(await list(bob, { selective: 'true' }))).toEqual([a.id]);
    expect(mineOnly(await list(bob, { paid: 'true' }))).toEqual([b.id]);
    expect(mineOnly(await list(bob, { selective: 'true', paid: 'true' }))).toEqual([]);
    expect(mineOnly(await list(bob, { selective: 'false' }))).toEqual([a.id, b.id, c.id].sort());
  });

  it('stores upvotes and favourites per user and reflects them in the list', async () => {
    const o = (await share(alice).expect(201)).body.data as Opportunity;
    await approve(o.id);
    const up = await request(svc.url).post(`/api/pathfinder/${o.id}/upvote`).set(bob).expect(200);
    expect(up.body).toEqual({ data: { id: o.id, upvotes: 1, hasUserUpvoted: true, isFavorite: false } });
    const fav = await request(svc.url).post(`/api/pathfinder/${o.id}/favorite`).set(bob).expect(200);
    expect(fav.body.data).toEqual({ id: o.id, upvotes: 1, hasUserUpvoted: true, isFavorite: true });
    await request(svc.url).post(`/api/pathfinder/${o.id}/upvote`).set(alice).expect(200);

    expect((await list(bob)).find((x) => x.id === o.id)).toMatchObject({ upvotes: 2, hasUserUpvoted: true, isFavorite: true });
    expect((await list(alice)).find((x) => x.id === o.id)).toMatchObject({ upvotes: 2, hasUserUpvoted: true, isFavorite: false });

    await request(svc.url).delete(`/api/pathfinder/${o.id}/upvote`).set(bob).expect(204);
    await request(svc.url).delete(`/api/pathfinder/${o.id}/favorite`).set(bob).expect(204);
    await request(svc.url).delete(`/api/pathfinder/${o.id}/favorite`).set(bob).expect(204);
    expect((await list(bob)).find((x) => x.id === o.id)).toMatchObject({ upvotes: 1, hasUserUpvoted: false, isFavorite: false });
  });

  it('counts one upvote for 20 parallel clicks of one user', async () => {
    const o = (await share(alice).expect(201)).body.data as Opportunity;
    await approve(o.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => request(svc.url).post(`/api/pathfinder/${o.id}/upvote`).set(bob)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await list(bob)).find((x) => x.id === o.id)).toMatchObject({ upvotes: 1, hasUserUpvoted: true });
    const { rows } = await svc.db.query("SELECT count(*)::int AS n FROM interactions WHERE entity_id = $1 AND interaction_type = 'upvote'", [o.id]);
    expect(rows[0].n).toBe(1);
  });

  it('answers 404 for marks on what the caller cannot see, and for malformed ids', async () => {
    // Alice has shared her day's cap by now (caps.opportunitiesPerDay): another author shares this one.
    const author = await env.authHeader(env.newUser());
    const hidden = (await share(author).expect(201)).body.data as Opportunity;
    const res = await request(svc.url).post(`/api/pathfinder/${hidden.id}/upvote`).set(bob).expect(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Opportunity not found' } });
    await request(svc.url).post(`/api/pathfinder/${hidden.id}/favorite`).set(bob).expect(404);
    await request(svc.url).post(`/api/pathfinder/${hidden.id}/upvote`).set(author).expect(200);
    await request(svc.url).post('/api/pathfinder/not-a-uuid/upvote').set(bob).expect(404);
  });
});
