import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { RunningService } from '@app/service-kit';
import { TestEnvironment } from '@app/service-kit/testing';
import { interviewsService } from '@app/interviews';
import { profileService } from '../src';

jest.setTimeout(30_000);

const waitFor = async <T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('profile', () => {
  let env: TestEnvironment;
  let profile: RunningService;
  let interviews: RunningService;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    interviews = await env.start(interviewsService);
    profile = await env.start(profileService);
  });
  afterAll(() => env.close());

  const companyNamed = async (name: string, website?: string) => {
    const auth = await env.authHeader(env.newUser());
    const res = await request(interviews.url).post('/api/all-companies').set(auth).send({ name, website_url: website });
    const company = res.body.data;
    // Wait until the read model has it.
    await waitFor(async () => ((await profile.db.query('SELECT 1 FROM companies WHERE id = $1', [company.id])).rows.length ? true : undefined));
    return company as { id: string; name: string };
  };

  it('needs a token', async () => {
    const res = await request(profile.url).get('/api/profile').expect(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('answers a new user at once with a default profile named after the e-mail', async () => {
    const user = env.newUser('grace.hopper@example.com');
    const res = await request(profile.url).get('/api/profile').set(await env.authHeader(user)).expect(200);
    expect(res.body).toEqual({
      username: expect.stringMatching(/^grace\.hopper\d*$/),
      current_company_id: null,
      verified_company: false,
      years_of_experience: null,
      number_of_internships: null,
      location: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('saves a profile, turning empty strings into null and numbers into numbers', async () => {
    const user = env.newUser();
    const auth = await env.authHeader(user);
    const google = await waitFor(async () => (await profile.db.query<{ id: string }>("SELECT id FROM companies WHERE name = 'Google'")).rows[0]);
    const username = `u${randomUUID().slice(0, 8)}`;
    const res = await request(profile.url)
      .put('/api/profile')
      .set(auth)
      .send({ username, current_company_id: google.id, years_of_experience: '4', number_of_internships: '', location: '', verified_company: true })
      .expect(200);
    expect(res.body.data).toMatchObject({ username, current_company_id: google.id, years_of_experience: 4, number_of_internships: null, location: null, verified_company: false });
    const read = await request(profile.url).get('/api/profile').set(auth).expect(200);
    expect(read.body).toMatchObject({ username, years_of_experience: 4 });
  });

  it.each([
    [{ username: 'a' }, 'username', 'Username must be at least 2 characters.'],
    [{ username: 'x'.repeat(31) }, 'username', 'Username must not be longer than 30 characters.'],
    [{ username: 'okay', current_company_id: 'not-a-uuid' }, 'current_company_id', 'Invalid company ID'],
    [{ username: 'okay', years_of_experience: -1 }, 'years_of_experience', 'Years of experience must be a positive number'],
    [{ username: 'okay', years_of_experience: 41 }, 'years_of_experience', 'Years of experience must not exceed 40'],
    [{ username: 'okay', number_of_internships: -2 }, 'number_of_internships', 'Number of internships must be a positive number'],
    [{ username: 'okay', number_of_internships: 11 }, 'number_of_internships', 'Number of internships must not exceed 10'],
  ])('refuses %j with the spec’s message', async (body, field, message) => {
    const res = await request(profile.url).put('/api/profile').set(await env.authHeader(env.newUser())).send(body).expect(400);
    expect(res.body.error).toEqual({ code: 'validation_failed', message, fields: { [field]: message } });
  });

  it('refuses a company it does not know', async () => {
    const res = await request(profile.url).put('/api/profile').set(await env.authHeader(env.newUser())).send({ username: 'okay', current_company_id: randomUUID() }).expect(400);
    expect(res.body.error.fields).toEqual({ current_company_id: 'Invalid company ID' });
  });

  it('keeps usernames unique ignoring case (409)', async () => {
    const name = `Taken${randomUUID().slice(0, 6)}`;
    await request(profile.url).put('/api/profile').set(await env.authHeader(env.newUser())).send({ username: name }).expect(200);
    const res = await request(profile.url).put('/api/profile').set(await env.authHeader(env.newUser())).send({ username: name.toLowerCase() }).expect(409);
    expect(res.body.error).toEqual({ code: 'conflict', message: 'Username is already taken', fields: { username: 'Username is already taken' } });
  });

  it('shows and changes only the caller’s own profile', async () => {
    const alice = env.newUser();
    const bob = env.newUser();
    const aliceName = `alice${randomUUID().slice(0, 6)}`;
    await request(profile.url).put('/api/profile').set(await env.authHeader(alice)).send({ username: aliceName, location: 'Lisbon' }).expect(200);
    const bobsView = await request(profile.url).get('/api/profile').set(await env.authHeader(bob)).expect(200);
    expect(bobsView.body.username).not.toBe(aliceName);
    expect(bobsView.body.location).toBeNull();
    await request(profile.url).put('/api/profile').set(await env.authHeader(bob)).send({ username: `bob${randomUUID().slice(0, 6)}`, location: 'Oslo' }).expect(200);
    const alicesView = await request(profile.url).get('/api/profile').set(await env.authHeader(alice)).expect(200);
    expect(alicesView.body).toMatchObject({ username: aliceName, location: 'Lisbon' });
  });

  it('verifies the company only for an e-mail on its domain, never from the client', async () => {
    const company = await companyNamed(`Acme ${randomUUID().slice(0, 6)}`, 'https://www.acme-rockets.io');
    const insider = env.newUser(`wile@eng.acme-rockets.io`);
    const outsider = env.newUser(`road.runner@notacme-rockets.io`);
    const mine = await request(profile.url).put('/api/profile').set(await env.authHeader(insider)).send({ username: `wile${randomUUID().slice(0, 4)}`, current_company_id: company.id, verified_company: false }).expect(200);
    expect(mine.body.data.verified_company).toBe(true);
    const theirs = await request(profile.url).put('/api/profile').set(await env.authHeader(outsider)).send({ username: `rr${randomUUID().slice(0, 4)}`, current_company_id: company.id, verified_company: true }).expect(200);
    expect(theirs.body.data.verified_company).toBe(false);
  });

  it('learns users and companies that arrived while it was down, once each', async () => {
    await env.stop(profile);
    const user = env.newUser(`late.joiner@example.com`);
    await interviews.db.transaction((tx) =>
      interviews.events.record(tx, 'identity.user.registered', { user_id: user.id, email: user.email, user_metadata: {}, created_at: new Date().toISOString() }),
    );
    const auth = await env.authHeader(env.newUser());
    const created = await request(interviews.url).post('/api/all-companies').set(auth).send({ name: `Offline ${randomUUID().slice(0, 6)}` }).expect(201);
    await waitFor(async () => ((await interviews.events.pendingCount()) === 0 ? true : undefined));

    profile = await env.start(profileService);
    const row = await waitFor(async () => (await profile.db.query<{ username: string }>('SELECT username FROM user_profiles WHERE id = $1', [user.id])).rows[0]);
    expect(row.username).toMatch(/^late\.joiner\d*$/);
    await waitFor(async () => ((await profile.db.query('SELECT 1 FROM companies WHERE id = $1', [created.body.data.id])).rows.length ? true : undefined));

    // Restarting replays nothing twice.
    await env.stop(profile);
    profile = await env.start(profileService);
    await new Promise((r) => setTimeout(r, 500));
    const counts = await profile.db.query<{ profiles: string; companies: string }>(
      'SELECT (SELECT count(*) FROM user_profiles WHERE id = $1) AS profiles, (SELECT count(*) FROM companies WHERE id = $2) AS companies',
      [user.id, created.body.data.id],
    );
    expect(counts.rows[0]).toEqual({ profiles: '1', companies: '1' });
  });
});
