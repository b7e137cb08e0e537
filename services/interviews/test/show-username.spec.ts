import { interviewListItemSchema } from '@app/contracts';
import request from 'supertest';
import { interviewsService } from '../src';
import { env, profile, startInterviews, svc } from './fixtures';

jest.setTimeout(60_000);

type Item = ReturnType<typeof interviewListItemSchema.parse>;

/** Issue 22: "Show my username" (off by default) and the company filter by name. */
describe('interviews: the author shown, and the company filter by name', () => {
  let alice: { Authorization: string };
  let bob: { Authorization: string };
  let acme: string;
  let janeStreet: string;

  const rounds = [{ round: 'Recruiter Call', round_date_str: '2024-05-02' }];
  const list = (query: Record<string, unknown>, auth = bob) =>
    request(svc.url)
      .get('/api/candidate-interviews')
      .query({ limit: 100, ...query })
      .set(auth);
  const seenBy = async (id: string, auth: { Authorization: string }): Promise<Item> =>
    interviewListItemSchema.parse((await list({}, auth).expect(200)).body.find((x: Item) => x.id === id));

  startInterviews({ withProfile: true });

  beforeAll(async () => {
    alice = await env.authHeader(env.newUser());
    bob = await env.authHeader(env.newUser());
    const suffix = Math.random().toString(36).slice(2, 8);
    acme = (
      await request(svc.url)
        .post('/api/all-companies')
        .set(alice)
        .send({ name: `Acme ${suffix}` })
    ).body.data.name;
    janeStreet = (
      await request(svc.url)
        .post('/api/all-companies')
        .set(alice)
        .send({ name: `Jane  Street ${suffix}` })
    ).body.data.name;
  });

  const companyId = async (name: string) =>
    (await request(svc.url).get('/api/all-companies').set(alice).expect(200)).body.find((c: { name: string }) => c.name === name).id as string;

  it('shows "Some Candidate" unless the author chooses to show their username, to others and to the author alike', async () => {
    const username = (await request(profile.url).get('/api/profile').set(alice).expect(200)).body.username as string;
    const id = await companyId(acme);

    const anonymous = (await request(svc.url).post('/api/candidate-interviews').set(alice).send({ company_id: id, interview_process: rounds }).expect(201)).body
      .data;
    expect(anonymous).toMatchObject({ author: 'Some Candidate', show_username: false });
    expect(await seenBy(anonymous.id, bob)).toMatchObject({ author: 'Some Candidate', show_username: false });

    const named = (
      await request(svc.url).post('/api/candidate-interviews').set(alice).send({ company_id: id, interview_process: rounds, show_username: true }).expect(201)
    ).body.data;
    expect(named).toMatchObject({ author: username, show_username: true, is_mine: true });
    expect(await seenBy(named.id, bob)).toMatchObject({ author: username, show_username: true, is_mine: false });
    expect(await seenBy(named.id, alice)).toMatchObject({ author: username, is_mine: true });
    // The anonymous one stays anonymous on the kept page that now also holds the named one.
    expect(await seenBy(anonymous.id, bob)).toMatchObject({ author: 'Some Candidate' });
    // Nothing identifying is stored for an interview whose author stays anonymous.
    const stored = await svc.db.query('SELECT author_name FROM candidate_interviews WHERE id = $1', [anonymous.id]);
    expect(stored.rows[0].author_name).toBeNull();
  });

  it('keeps interviews shared before the choice existed anonymous (the column defaults to off)', async () => {
    const { rows } = await svc.db.query<{ id: string }>(
      `INSERT INTO candidate_interviews (user_id, company_id, rounds, round_count)
       VALUES (gen_random_uuid(), $1, '[{"round": null, "round_date_str": null}]', 1) RETURNING id`,
      [await companyId(acme)],
    );
    expect(await seenBy(rows[0].id, bob)).toMatchObject({ author: 'Some Candidate', show_username: false });
  });

  it('refuses a show_username that is not true or false, in the contract envelope', async () => {
    const res = await request(svc.url)
      .post('/api/candidate-interviews')
      .set(alice)
      .send({ company_id: await companyId(acme), interview_process: rounds, show_username: 'yes' })
      .expect(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', fields: { show_username: 'show_username must be true or false' } });
  });

  it('answers 503 and shares nothing when the username cannot be read', async () => {
    const blind = await env.start(interviewsService, { PROFILE_URL: 'http://127.0.0.1:9' });
    const carol = await env.authHeader(env.newUser());
    const res = await request(blind.url)
      .post('/api/candidate-interviews')
      .set(carol)
      .send({ company_id: await companyId(acme), interview_process: rounds, show_username: true })
      .expect(503);
    expect(res.body.error.code).toBe('upstream_unavailable');
    const mine = (await request(blind.url).get('/api/candidate-interviews').query({ limit: 100 }).set(carol).expect(200)).body as Item[];
    expect(mine.filter((x) => x.is_mine)).toEqual([]);
    await env.stop(blind);
  });

  it('filters by company name, ignoring case, or by its slug; other names match nothing', async () => {
    const id = await companyId(janeStreet);
    const shared = (
      await request(svc.url).post('/api/candidate-interviews').set(alice).send({ company_id: id, interview_process: rounds, outcome: 'offer' }).expect(201)
    ).body.data;
    const slug = janeStreet.toLowerCase().replace(/\s+/g, '-');
    for (const company of [janeStreet, janeStreet.toUpperCase(), slug]) {
      const found = (await list({ company }).expect(200)).body as Item[];
      expect(found.map((x) => x.id)).toEqual([shared.id]);
    }
    expect((await list({ company: slug, outcome: 'offer' }).expect(200)).body).toHaveLength(1);
    expect((await list({ company: slug, outcome: 'rejected' }).expect(200)).body).toEqual([]);
    expect((await list({ company: `${janeStreet} Ltd` }).expect(200)).body).toEqual([]);

    // A kept page by name follows a new interview at once.
    const next = (await request(svc.url).post('/api/candidate-interviews').set(bob).send({ company_id: id, interview_process: rounds }).expect(201)).body.data;
    expect(((await list({ company: slug }).expect(200)).body as Item[]).map((x) => x.id)).toEqual([next.id, shared.id]);

    const tooLong = await list({ company: 'x'.repeat(201) }).expect(400);
    expect(tooLong.body.error.code).toBe('validation_failed');
  });
});
