import { randomUUID } from 'node:crypto';
import { ExternalResource, ModerationAction, Opportunity, opportunitySchema } from '@app/contracts';
import request from 'supertest';
import { env, moderator, startCommunity, svc } from './fixtures';

jest.setTimeout(60_000);

type Auth = { Authorization: string };

/** Issue 23: a moderator corrects the link and the details before approving; the Listed view pages. */
describe('community: corrections before approval, and the listed items page by page', () => {
  let bob: Auth;
  let mod: Auth;
  let otherMod: Auth;
  let seq = 0;

  startCommunity();

  beforeAll(async () => {
    [bob, mod, otherMod] = await Promise.all([env.authHeader(env.newUser()), env.authHeader(moderator(env)), env.authHeader(moderator(env))]);
  });

  const newAuth = () => env.authHeader(env.newUser());
  /** Shared by a fresh member (the daily cap is per sharer), pending. */
  const shared = async (body: Record<string, unknown> = {}): Promise<Opportunity> =>
    (
      await request(svc.url)
        .post('/api/pathfinder')
        .set(await newAuth())
        .send({ title: 'swe intern!!', description: 'apply', link: `https://edits.example.net/${++seq}`, compensation: '', ...body })
        .expect(201)
    ).body.data;
  const sharedResource = async (body: Record<string, unknown> = {}): Promise<ExternalResource> =>
    (
      await request(svc.url)
        .post('/api/external-resources')
        .set(await newAuth())
        .send({ title: 'primer', description: 'design', url: `https://resources.example.net/${++seq}`, author: 'someone', ...body })
        .expect(201)
    ).body.data;
  const decide = (auth: Auth, id: string, body: Record<string, unknown>) => request(svc.url).patch(`/api/pathfinder/${id}`).set(auth).send(body);
  const decideResource = (auth: Auth, id: string, body: Record<string, unknown>) =>
    request(svc.url).patch(`/api/external-resources/${id}`).set(auth).send(body);
  const log = async (): Promise<ModerationAction[]> => (await request(svc.url).get('/api/moderation/log').set(mod).expect(200)).body;
  const stored = async (id: string) =>
    (await svc.db.query('SELECT link, link_key, status, title FROM pathfinder_opportunities WHERE id = $1', [id])).rows[0] as Record<string, string>;

  it('approves an opportunity with its link, compensation, badge and structured fields corrected; what is left out stays', async () => {
    await request(svc.url)
      .post('/api/pathfinder')
      .set(await newAuth())
      .send({ title: 'Earlier', description: 'x', link: `https://edits.example.net/${++seq}`, company: 'Jane Street' })
      .expect(201);
    const item = await shared({ description: 'Kept as written', remote: true, season: 'Summer 2027' });
    const res = await decide(mod, item.id, {
      status: 'approved',
      title: 'Software Engineering Intern',
      link: ' https://careers.example.net/jobs/42?utm_source=x ',
      compensation: '7500',
      badge: 'Selective',
      company: 'jane street',
      locations: ['London', ' New York, NY '],
      kind: 'internship',
      deadline: '2099-01-31',
      sponsorship: 'yes',
    }).expect(200);
    expect(opportunitySchema.parse(res.body.data)).toEqual(res.body.data);
    expect(res.body.data).toMatchObject({
      status: 'approved',
      title: 'Software Engineering Intern',
      description: 'Kept as written',
      link: 'https://careers.example.net/jobs/42?utm_source=x',
      compensation: 7500,
      badge: 'Selective',
      // The spelling already in use, as when shared.
      company: 'Jane Street',
      locations: ['London', 'New York, NY'],
      remote: true,
      season: 'Summer 2027',
      kind: 'internship',
      deadline: '2099-01-31',
      sponsorship: 'yes',
    });
    // The corrected link is the one a later share is compared with.
    expect((await stored(item.id)).link_key).toBe('careers.example.net/jobs/42');
    const again = await request(svc.url)
      .post('/api/pathfinder')
      .set(bob)
      .send({ title: 't', description: 'd', link: 'http://careers.example.net/jobs/42/' })
      .expect(409);
    expect(again.body.error.fields.listed).toBe('/pathfinder?q=Software%20Engineering%20Intern');
    expect((await log()).find((a) => a.item_id === item.id)).toMatchObject({ action: 'approved', edited: true, item_title: 'Software Engineering Intern' });
  });

  it('clears a field the moderator empties, and logs an approval that changed nothing as not edited', async () => {
    const item = await shared({ company: `Clear ${randomUUID().slice(0, 6)}`, badge: 'Selective', compensation: 100 });
    const res = await decide(mod, item.id, { status: 'approved', company: '', badge: null, compensation: '' }).expect(200);
    expect(res.body.data).toMatchObject({ company: null, badge: null, compensation: 0 });

    const same = await shared({ title: 'Same' });
    await decide(mod, same.id, { status: 'approved', title: ' Same ', link: same.link }).expect(200);
    expect((await log()).find((a) => a.item_id === same.id)).toMatchObject({ edited: false });
  });

  it('refuses a corrected link already shared with the 409 that says where it is, and changes nothing', async () => {
    const listed = await shared({ title: 'Listed one' });
    await decide(mod, listed.id, { status: 'approved' }).expect(200);
    const pending = await shared();
    const rejected = await shared();
    await decide(mod, rejected.id, { status: 'rejected', reason: 'Expired' }).expect(200);
    const item = await shared({ title: 'To correct' });

    const toListed = await decide(mod, item.id, { status: 'approved', title: 'Corrected', link: `${listed.link}/?utm_campaign=z` }).expect(409);
    expect(toListed.body).toEqual({
      error: {
        code: 'conflict',
        message: 'This link is already listed: “Listed one”',
        fields: { link: 'This link is already listed: “Listed one”', listed: '/pathfinder?q=Listed%20one' },
      },
    });
    expect((await decide(mod, item.id, { status: 'approved', link: pending.link }).expect(409)).body.error.message).toBe(
      'This link has already been shared and is waiting for review',
    );
    expect((await decide(mod, item.id, { status: 'approved', link: rejected.link }).expect(409)).body.error.message).toBe(
      'This link has already been shared and was rejected by a moderator',
    );
    // Nothing of the refused decisions happened: still pending, as submitted, not in the log.
    expect(await stored(item.id)).toMatchObject({ status: 'pending', title: 'To correct', link: item.link });
    expect((await log()).filter((a) => a.item_id === item.id)).toEqual([]);
    await decide(mod, item.id, { status: 'approved', link: `${item.link}?ref=linkedin` }).expect(200);
  });

  it.each([
    [{ status: 'approved', link: 'javascript:alert(1)' }, { link: 'Please enter a valid URL.' }],
    [{ status: 'approved', link: '' }, { link: 'Please enter a URL' }],
    [{ status: 'approved', link: `https://x.example.net/${'a'.repeat(2100)}` }, { link: 'Please enter a URL' }],
    [{ status: 'approved', compensation: -5 }, { compensation: 'Compensation must be a positive number' }],
    [{ status: 'approved', badge: 'Gold' }, { badge: 'Badge must be Selective or null' }],
    [{ status: 'approved', kind: 'job' }, { kind: 'Kind must be internship, new_grad, full_time or program' }],
    [{ status: 'approved', deadline: '2027-02-30' }, { deadline: 'Deadline must be a date (yyyy-mm-dd)' }],
    [{ status: 'approved', locations: 'London' }, { locations: 'At most 20 locations of at most 200 characters each' }],
    [{ status: 'approved', season: "Summer'; DROP TABLE x" }, { season: 'Season must look like Summer 2027' }],
    [{ status: 'rejected', reason: 'Spam', link: 'https://elsewhere.example.net/1' }, { status: 'Edits are saved only with an approval' }],
  ])('refuses a hostile or malformed correction #%# with the envelope and changes nothing', async (body, fields) => {
    const item = await shared();
    const res = await decide(mod, item.id, body).expect(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', fields });
    expect(await stored(item.id)).toMatchObject({ status: 'pending', link: item.link });
  });

  it('stores hostile text in a correction as text', async () => {
    const item = await shared();
    const title = `Robert'); DROP TABLE pathfinder_opportunities; -- <script>alert(1)</script>`;
    const res = await decide(mod, item.id, { status: 'approved', title, company: "O'Reilly $1 %_" }).expect(200);
    expect(res.body.data).toMatchObject({ title, company: "O'Reilly $1 %_" });
  });

  it('of two moderators correcting the same item at once, one approves (200) and the other gets a 409; their edits are not mixed', async () => {
    for (let round = 0; round < 4; round++) {
      const item = await shared();
      const answers = await Promise.all([
        decide(mod, item.id, { status: 'approved', title: 'First moderator', link: `https://first.example.net/${round}-${seq}` }),
        decide(otherMod, item.id, { status: 'approved', title: 'Second moderator', compensation: 99 }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = answers.find((r) => r.status === 200)!.body.data as Opportunity;
      expect(answers.find((r) => r.status === 409)!.body.error.message).toBe('This opportunity has already been approved');
      const row = await stored(item.id);
      expect(row.title).toBe(winner.title);
      if (winner.title === 'Second moderator') expect(row.link).toBe(item.link);
      expect((await log()).filter((a) => a.item_id === item.id)).toHaveLength(1);
    }
  });

  it('of two moderators correcting two items to one link at once, one approves (200) and the other is told where the link is (409)', async () => {
    for (let round = 0; round < 4; round++) {
      const [a, b] = await Promise.all([shared(), shared()]);
      const link = `https://contested.example.net/${round}-${randomUUID()}`;
      const answers = await Promise.all([
        decide(mod, a.id, { status: 'approved', title: 'From A', link }),
        decide(otherMod, b.id, { status: 'approved', title: 'From B', link }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = answers.find((r) => r.status === 200)!.body.data as Opportunity;
      expect(answers.find((r) => r.status === 409)!.body.error.message).toBe(`This link is already listed: “${winner.title}”`);
      const loser = winner.id === a.id ? b : a;
      expect(await stored(loser.id)).toMatchObject({ status: 'pending', link: loser.link });
    }
  });

  it('approves a resource with its link, author, title and description corrected; a link already shared is a 409 saying where', async () => {
    const item = await sharedResource();
    const res = await decideResource(mod, item.id, {
      status: 'approved',
      title: 'System Design Primer',
      description: 'How large systems are designed',
      url: `https://github.example.net/primer-${++seq}`,
      author: 'Donne Martin',
    }).expect(200);
    expect(res.body.data).toMatchObject({
      status: 'approved',
      title: 'System Design Primer',
      author: 'Donne Martin',
      url: `https://github.example.net/primer-${seq}`,
    });
    const other = await sharedResource();
    const taken = await decideResource(mod, other.id, { status: 'approved', url: 'https://LEETCODE.com/' }).expect(409);
    expect(taken.body.error).toEqual({
      code: 'conflict',
      message: 'This link is already listed: “LeetCode”',
      fields: { url: 'This link is already listed: “LeetCode”', listed: '/external-resources' },
    });
    const bad = await decideResource(mod, other.id, { status: 'approved', author: '  ', link: 'https://ignored.example.net' }).expect(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', fields: { author: 'Please enter who made it' } });
    await decideResource(bob, other.id, { status: 'approved', author: 'Me' }).expect(403);
  });

  it('pages the listed opportunities and resources by cursor (status=approved: without the caller’s own pending ones)', async () => {
    // Listed ones of this test, newer than any other, so the first pages are exactly these.
    const opportunityIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const item = await shared({ title: `Listed ${i}` });
      await decide(mod, item.id, { status: 'approved' }).expect(200);
      await svc.db.query(`UPDATE pathfinder_opportunities SET created_at = '2090-01-01'::timestamptz + make_interval(secs => $2) WHERE id = $1`, [item.id, i]);
      opportunityIds.unshift(item.id);
    }
    await request(svc.url)
      .post('/api/pathfinder')
      .set(mod)
      .send({ title: 'Mine, pending', description: 'd', link: `https://edits.example.net/${++seq}` })
      .expect(201);
    const pages = async (path: string, query: Record<string, string | number>) => {
      const seen: Array<{ id: string; status: string }> = [];
      let cursor: string | undefined;
      let calls = 0;
      do {
        const res = await request(svc.url)
          .get(path)
          .query({ ...query, ...(cursor ? { cursor } : {}) })
          .set(mod)
          .expect(200);
        seen.push(...res.body);
        cursor = res.headers['x-next-cursor'];
        calls += 1;
      } while (cursor);
      return { seen, calls };
    };
    const opportunities = await pages('/api/pathfinder', { status: 'approved', sort: 'newest', limit: 2 });
    expect(opportunities.seen.slice(0, 5).map((o) => o.id)).toEqual(opportunityIds);
    expect(opportunities.seen.every((o) => o.status === 'approved')).toBe(true);
    expect(new Set(opportunities.seen.map((o) => o.id)).size).toBe(opportunities.seen.length);

    const resourceIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const item = await sharedResource();
      await decideResource(mod, item.id, { status: 'approved' }).expect(200);
      resourceIds.unshift(item.id);
    }
    await sharedResource();
    const all = (await request(svc.url).get('/api/external-resources').query({ status: 'approved' }).set(mod).expect(200)).body as ExternalResource[];
    const resources = await pages('/api/external-resources', { status: 'approved', limit: 2 });
    expect(resources.seen.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(resources.seen.slice(0, 3).map((r) => r.id)).toEqual(resourceIds);
    expect(resources.seen.every((r) => r.status === 'approved')).toBe(true);
    expect(resources.calls).toBe(Math.ceil(all.length / 2));
    // The five built-in ones are listed too, at the end (the oldest).
    expect(resources.seen.slice(-1)[0]).toMatchObject({ title: 'LeetCode' });
  });

  it.each([
    [{ cursor: 'not-a-cursor' }, 'cursor', 'Invalid cursor'],
    [{ cursor: Buffer.from("2026-01-01T00:00:00.000000Z/'; DROP TABLE x").toString('base64url') }, 'cursor', 'Invalid cursor'],
    [{ limit: 0 }, 'limit', 'Limit must be a whole number from 1 to 200'],
    [{ limit: 'ten' }, 'limit', 'Limit must be a whole number from 1 to 200'],
    [{ status: 'rejected' }, 'status', 'Status must be pending or approved'],
  ])('refuses a hostile resources page query %j (400 in the envelope)', async (query, field, message) => {
    const res = await request(svc.url).get('/api/external-resources').query(query).set(mod).expect(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
  });

  it('keeps the review queue for moderators: status=pending is a 403 for members, status=approved is not', async () => {
    await request(svc.url).get('/api/external-resources').query({ status: 'pending' }).set(bob).expect(403);
    await request(svc.url).get('/api/external-resources').query({ status: 'approved' }).set(bob).expect(200);
    await request(svc.url).get('/api/pathfinder').query({ status: 'approved' }).set(bob).expect(200);
  });
});
