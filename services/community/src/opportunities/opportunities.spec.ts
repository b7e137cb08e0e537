import { randomUUID } from 'node:crypto';
import { Opportunity, opportunitySchema } from '@app/contracts';
import request from 'supertest';
import { env, moderator, startCommunity, svc } from '../../test/fixtures';

jest.setTimeout(60_000);

type Auth = { Authorization: string };

/** Issue 23 item 1: structured fields, word search, filters, sorts, cursor pages and closed reports. */
describe('community: opportunities that can be searched and trusted', () => {
  let alice: Auth;
  let bob: Auth;
  let mod: Auth;
  let seq = 0;

  const newAuth = () => env.authHeader(env.newUser());

  startCommunity();

  beforeAll(async () => {
    [alice, bob, mod] = await Promise.all([newAuth(), newAuth(), env.authHeader(moderator(env))]);
  });

  /** Shared through the API by a fresh author (the daily cap is per author) and approved. */
  const share = async (body: Record<string, unknown> = {}, author?: Auth): Promise<Opportunity> => {
    const res = await request(svc.url)
      .post('/api/pathfinder')
      .set(author ?? (await newAuth()))
      .send({ title: 'SWE Intern', description: 'Summer internship', link: `https://jobs.example.com/${++seq}`, compensation: '', ...body })
      .expect(201);
    await request(svc.url).patch(`/api/pathfinder/${res.body.data.id}`).set(mod).send({ status: 'approved' }).expect(200);
    return { ...res.body.data, status: 'approved' };
  };
  /** Approved rows written straight to the table, as they stood before this feature (every new field unknown). */
  const seed = async (rows: Array<{ title: string; description?: string; created_at?: string }>): Promise<string[]> => {
    const ids: string[] = [];
    for (const row of rows) {
      const link = `https://seed.example.com/${++seq}`;
      const { rows: made } = await svc.db.query<{ id: string }>(
        `INSERT INTO pathfinder_opportunities (title, description, link, link_key, compensation, status, created_at)
         VALUES ($1, $2, $3, $3, 0, 'approved', coalesce($4::timestamptz, now())) RETURNING id`,
        [row.title, row.description ?? 'Details', link, row.created_at ?? null],
      );
      ids.push(made[0].id);
    }
    return ids;
  };
  const list = async (auth: Auth, query: Record<string, string | number> = {}) => {
    const res = await request(svc.url).get('/api/pathfinder').query(query).set(auth).expect(200);
    return { items: res.body as Opportunity[], next: res.headers['x-next-cursor'] as string | undefined };
  };
  const ids = (items: Opportunity[]) => items.map((o) => o.id);
  const report = (auth: Auth, id: string) => request(svc.url).post(`/api/pathfinder/${id}/closed`).set(auth);

  it('stores the structured fields given when sharing, one spelling per company ignoring case', async () => {
    const first = await share({
      company: 'Jane Street',
      locations: ['New York, NY', ' London '],
      remote: false,
      season: 'Summer 2027',
      kind: 'internship',
      deadline: '2099-03-01',
      sponsorship: 'yes',
    });
    expect(opportunitySchema.parse(first)).toEqual(first);
    expect(first).toMatchObject({
      company: 'Jane Street',
      locations: ['New York, NY', 'London'],
      remote: false,
      season: 'Summer 2027',
      kind: 'internship',
      deadline: '2099-03-01',
      sponsorship: 'yes',
      closed: false,
      pastDeadline: false,
      closedReports: 0,
      hasUserReportedClosed: false,
    });
    const second = await share({ company: 'JANE STREET' });
    expect(second.company).toBe('Jane Street');
  });

  it('shows rows shared before the fields existed with every field unknown, until their author or a moderator edits them', async () => {
    const author = env.newUser();
    const authorAuth = await env.authHeader(author);
    const { rows } = await svc.db.query<{ id: string }>(
      `INSERT INTO pathfinder_opportunities (user_id, title, description, link, link_key, compensation, status)
       VALUES ($1, 'Old posting', 'From before', 'https://old.example.com/1', 'old.example.com/1', 0, 'approved') RETURNING id`,
      [author.id],
    );
    const id = rows[0].id;
    const before = (await list(bob, { q: 'old posting' })).items.find((o) => o.id === id);
    expect(before).toMatchObject({ company: null, locations: [], remote: null, season: null, kind: null, deadline: null, sponsorship: 'unknown' });

    const fields = { company: 'Stripe', locations: ['Dublin'], remote: true, season: 'Fall 2026', kind: 'new_grad', deadline: '2099-01-15', sponsorship: 'no' };
    const edited = await request(svc.url).put(`/api/pathfinder/${id}/fields`).set(authorAuth).send(fields).expect(200);
    expect(edited.body.data).toMatchObject({ id, title: 'Old posting', ...fields });

    const refused = await request(svc.url).put(`/api/pathfinder/${id}/fields`).set(bob).send(fields).expect(403);
    expect(refused.body).toEqual({ error: { code: 'forbidden', message: 'Only its author or a moderator can edit this opportunity' } });
    const byModerator = await request(svc.url)
      .put(`/api/pathfinder/${id}/fields`)
      .set(mod)
      .send({ ...fields, company: '', remote: null, season: null })
      .expect(200);
    expect(byModerator.body.data).toMatchObject({ company: null, remote: null, season: null, kind: 'new_grad' });
    await request(svc.url).put(`/api/pathfinder/${randomUUID()}/fields`).set(mod).send(fields).expect(404);
  });

  const fields = { company: null, locations: [], remote: null, season: null, kind: null, deadline: null, sponsorship: 'unknown' };
  describe('hostile fields', () => {
    let mine: Opportunity;
    beforeAll(async () => {
      mine = await share({}, alice);
    });

    it.each([
      [{ ...fields, company: 'x'.repeat(201) }, 'company', 'Company must be at most 200 characters'],
      [{ ...fields, company: 42 }, 'company', 'Company must be at most 200 characters'],
      [{ ...fields, locations: 'Paris' }, 'locations', 'At most 20 locations of at most 200 characters each'],
      [{ ...fields, locations: Array(21).fill('Paris') }, 'locations', 'At most 20 locations of at most 200 characters each'],
      [{ ...fields, locations: [{ city: 'Paris' }] }, 'locations.0', 'At most 20 locations of at most 200 characters each'],
      [{ ...fields, remote: 'yes' }, 'remote', 'Remote must be true, false or null'],
      [{ ...fields, season: 'Summer of 27' }, 'season', 'Season must look like Summer 2027'],
      [{ ...fields, kind: 'contract' }, 'kind', 'Kind must be internship, new_grad, full_time or program'],
      [{ ...fields, deadline: '2027-02-30' }, 'deadline', 'Deadline must be a date (yyyy-mm-dd)'],
      [{ ...fields, deadline: 20270101 }, 'deadline', 'Deadline must be a date (yyyy-mm-dd)'],
      [{ ...fields, sponsorship: 'maybe' }, 'sponsorship', 'Sponsorship must be yes, no or unknown'],
    ])('refuses hostile fields (400 in the envelope): %j', async (body, field, message) => {
      const res = await request(svc.url).put(`/api/pathfinder/${mine.id}/fields`).set(alice).send(body).expect(400);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
    });
  });

  it.each([
    [{ sort: 'popular' }, 'sort', 'Sort must be relevance, newest, deadline or upvotes'],
    [{ limit: '0' }, 'limit', 'Limit must be a whole number from 1 to 200'],
    [{ limit: '201' }, 'limit', 'Limit must be a whole number from 1 to 200'],
    [{ cursor: 'not-a-cursor' }, 'cursor', 'Invalid cursor'],
    [{ cursor: Buffer.from(JSON.stringify({ sort: 'newest', place: ['0', "1'; DROP TABLE x", 'x'] })).toString('base64url') }, 'cursor', 'Invalid cursor'],
    [{ kind: 'contract' }, 'kind', 'Kind must be internship, new_grad, full_time or program'],
    [{ season: 'soon' }, 'season', 'Season must look like Summer 2027'],
    [{ company: 'x'.repeat(201) }, 'company', 'Company must be at most 200 characters'],
  ])('refuses hostile list queries (400 in the envelope): %j', async (query, field, message) => {
    const res = await request(svc.url).get('/api/pathfinder').query(query).set(bob).expect(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
  });

  it('ranks a word in the title over the company over the description, matches the last word as typed so far, and finds nothing for punctuation', async () => {
    const token = `zq${randomUUID().slice(0, 6)}`;
    const inDescription = await share({ title: 'Backend role', description: `Work on ${token} pipelines` });
    const inTitle = await share({ title: `${token} Fellowship`, description: 'Research' });
    const inCompany = await share({ title: 'Data role', description: 'Analytics', company: `${token} Labs` });
    await share({ title: 'Unrelated', description: 'Nothing to see' });

    expect(ids((await list(bob, { q: token })).items)).toEqual([inTitle.id, inCompany.id, inDescription.id]);
    expect(ids((await list(bob, { q: `${token.slice(0, 5)}` })).items)).toEqual([inTitle.id, inCompany.id, inDescription.id]);
    expect(ids((await list(bob, { q: `${token} fellowships` })).items)).toEqual([inTitle.id]);
    expect(ids((await list(bob, { q: `${token}`, sort: 'newest' })).items)).toEqual([inCompany.id, inTitle.id, inDescription.id]);
    expect((await list(bob, { q: '%%' })).items).toEqual([]);
  });

  it('filters by company ignoring case, location, remote, season, kind, sponsorship, favourites and open ones', async () => {
    const company = `Acme ${randomUUID().slice(0, 6)}`;
    const a = await share({ company, locations: ['Berlin, Germany'], remote: true, season: 'Summer 2027', kind: 'internship', sponsorship: 'yes' });
    const b = await share({ company, locations: ['Paris'], remote: false, season: 'Fall 2027', kind: 'new_grad', sponsorship: 'no' });
    const c = await share({ company, kind: 'program', deadline: '2001-01-01' });
    const filtered = async (query: Record<string, string>) => ids((await list(bob, { company: company.toUpperCase(), ...query })).items).sort();

    expect(await filtered({})).toEqual([a.id, b.id, c.id].sort());
    expect(await filtered({ location: 'berlin' })).toEqual([a.id]);
    expect(await filtered({ remote: 'true' })).toEqual([a.id]);
    expect(await filtered({ season: 'Fall 2027' })).toEqual([b.id]);
    expect(await filtered({ kind: 'program' })).toEqual([c.id]);
    expect(await filtered({ sponsorship: 'no' })).toEqual([b.id]);
    expect(await filtered({ open: 'true' })).toEqual([a.id, b.id].sort());
    await request(svc.url).post(`/api/pathfinder/${b.id}/favorite`).set(bob).expect(200);
    expect(await filtered({ favorites: 'true' })).toEqual([b.id]);
    expect(ids((await list(alice, { company, favorites: 'true' })).items)).toEqual([]);
  });

  it('sorts newest, deadline soonest and most upvoted, with closed and past-deadline ones last and marked', async () => {
    const company = `Sorted ${randomUUID().slice(0, 6)}`;
    const later = await share({ company, deadline: '2099-06-01' });
    const soon = await share({ company, deadline: '2099-01-01' });
    const none = await share({ company });
    const past = await share({ company, deadline: '2000-01-01' });
    const closed = await share({ company, deadline: '2098-01-01' });
    await request(svc.url).post(`/api/pathfinder/${closed.id}/upvote`).set(alice).expect(200);
    await request(svc.url).post(`/api/pathfinder/${closed.id}/upvote`).set(bob).expect(200);
    await request(svc.url).post(`/api/pathfinder/${none.id}/upvote`).set(bob).expect(200);
    await report(mod, closed.id).expect(200);
    const sorted = async (sort: string) => ids((await list(bob, { company, sort })).items);

    expect(await sorted('newest')).toEqual([none.id, soon.id, later.id, closed.id, past.id]);
    expect(await sorted('deadline')).toEqual([soon.id, later.id, none.id, past.id, closed.id]);
    expect(await sorted('upvotes')).toEqual([none.id, soon.id, later.id, closed.id, past.id]);
    const shown = (await list(bob, { company })).items;
    expect(shown.find((o) => o.id === past.id)).toMatchObject({ pastDeadline: true, closed: false });
    expect(shown.find((o) => o.id === closed.id)).toMatchObject({ pastDeadline: false, closed: true, upvotes: 2 });
    expect(shown.find((o) => o.id === soon.id)).toMatchObject({ pastDeadline: false, closed: false });
  });

  it.each(['newest', 'deadline', 'upvotes', 'relevance'])(
    'pages by cursor in %s order from the open ones across into the ended ones, as one list shows them',
    async (sort) => {
      const word = `pe${randomUUID().slice(0, 6)}`;
      const seeded = await seed(Array.from({ length: 7 }, (_, i) => ({ title: `${word} role ${i}`, created_at: `2026-02-0${i + 1}T00:00:00Z` })));
      // Open, past its deadline, or closed, mixed through the list.
      await svc.db.query(
        `UPDATE pathfinder_opportunities SET deadline = CASE WHEN n % 3 = 1 THEN '2000-01-01'::date ELSE '2099-01-01'::date + n::int END,
         closed_at = CASE WHEN n % 3 = 2 THEN now() END, upvotes = n % 2
       FROM unnest($1::uuid[]) WITH ORDINALITY AS s(sid, n) WHERE id = s.sid`,
        [seeded],
      );
      const whole = ids((await list(bob, { q: word, sort })).items);
      const paged: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list(bob, { q: word, sort, limit: 2, ...(cursor ? { cursor } : {}) });
        paged.push(...ids(page.items));
        cursor = page.next;
      } while (cursor);
      expect(paged).toEqual(whole);
      expect(new Set(whole)).toEqual(new Set(seeded));
      const shown = (await list(bob, { q: word, sort })).items;
      const firstEnded = shown.findIndex((o) => o.closed || o.pastDeadline);
      expect(shown.slice(firstEnded).every((o) => o.closed || o.pastDeadline)).toBe(true);
      expect(firstEnded).toBe(2);
      expect((await list(bob, { q: word, sort, open: 'true' })).items.map((o) => o.id)).toEqual(whole.slice(0, 2));
    },
  );

  it.each(['newest', 'deadline', 'upvotes', 'relevance'])('pages by cursor in %s order without a row lost or repeated while others are added', async (sort) => {
    const word = `pg${randomUUID().slice(0, 6)}`;
    const seeded = await seed(
      Array.from({ length: 9 }, (_, i) => ({ title: `${word} ${i % 2 ? word : ''} role ${i}`, created_at: `2026-01-0${i + 1}T00:00:00Z` })),
    );
    await svc.db.query(`UPDATE pathfinder_opportunities SET deadline = '2099-01-01'::date + (random() * 3)::int WHERE id = ANY($1)`, [seeded]);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(bob, { q: word, sort, limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...ids(page.items));
      cursor = page.next;
      pages += 1;
      // A row added between pages sorts before the cursor or after it: never into a page twice.
      await seed([{ title: `${word} added ${pages}` }]);
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(5);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(seeded));
    const other = (await list(bob, { q: word, sort: sort === 'newest' ? 'upvotes' : 'newest', limit: 1 })).next!;
    await request(svc.url).get('/api/pathfinder').query({ q: word, sort, cursor: other }).set(bob).expect(400);
  });

  it('closes an opportunity on the third distinct user’s report; a user’s repeated reports count once', async () => {
    const o = await share();
    const [carol, dave, erin] = await Promise.all([newAuth(), newAuth(), newAuth()]);
    const first = await report(carol, o.id).expect(200);
    expect(first.body).toEqual({ data: { id: o.id, closed: false, closedReports: 1, hasUserReportedClosed: true } });
    await report(carol, o.id).expect(200);
    await Promise.all(Array.from({ length: 5 }, () => report(dave, o.id).expect(200)));
    const two = (await list(erin)).items.find((x) => x.id === o.id);
    expect(two).toMatchObject({ closed: false, closedReports: 2, hasUserReportedClosed: false });
    const third = await report(erin, o.id).expect(200);
    expect(third.body.data).toEqual({ id: o.id, closed: true, closedReports: 3, hasUserReportedClosed: true });
    const { rows } = await svc.db.query('SELECT count(*)::int AS n FROM opportunity_closed_reports WHERE opportunity_id = $1', [o.id]);
    expect(rows[0].n).toBe(3);

    await request(svc.url).delete(`/api/pathfinder/${o.id}/closed`).set(carol).expect(403);
    await request(svc.url).delete(`/api/pathfinder/${o.id}/closed`).set(mod).expect(204);
    expect((await list(carol)).items.find((x) => x.id === o.id)).toMatchObject({ closed: false, closedReports: 0, hasUserReportedClosed: false });
    await request(svc.url).delete(`/api/pathfinder/${randomUUID()}/closed`).set(mod).expect(404);
  });

  it('counts every report of many users reporting at once and closes once', async () => {
    const o = await share();
    const users = await Promise.all(Array.from({ length: 8 }, () => newAuth()));
    const answers = await Promise.all(users.map((u) => report(u, o.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const { rows } = await svc.db.query('SELECT closed_reports, closed_at FROM pathfinder_opportunities WHERE id = $1', [o.id]);
    expect(rows[0].closed_reports).toBe(8);
    expect(rows[0].closed_at).not.toBeNull();
  });

  it('answers 404 for reports on what the caller cannot see, and for malformed ids', async () => {
    const author = await newAuth();
    const pending = (
      await request(svc.url).post('/api/pathfinder').set(author).send({ title: 't', description: 'd', link: 'https://hidden.example.com/1' }).expect(201)
    ).body.data as Opportunity;
    const res = await report(bob, pending.id).expect(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Opportunity not found' } });
    await request(svc.url).put(`/api/pathfinder/${pending.id}/fields`).set(bob).send(fields).expect(404);
    await report(bob, 'not-a-uuid').expect(404);
    await report(author, pending.id).expect(200);
  });
});
