import { randomUUID } from 'node:crypto';
import { profileSchema } from '@app/contracts';
import { RunningService } from '@app/service-kit';
import { publishedEvents, publishEvent, TestEnvironment, TestUser, waitFor } from '@app/service-kit/testing';
import { interviewsService } from '@app/interviews';
import request from 'supertest';
import { profileService } from '../src';
import { usernameCandidate } from '../src/profiles/username';
import { count, knownCompany, tag } from './helpers';

jest.setTimeout(30_000);

describe('profile: GET and PUT /api/profile', () => {
  let env: TestEnvironment;
  let profile: RunningService;
  let interviews: RunningService;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    [interviews, profile] = await Promise.all([env.start(interviewsService), env.start(profileService)]);
  });
  afterAll(() => env.close());

  const as = async (user: TestUser) => env.authHeader(user);
  const get = async (user: TestUser) =>
    request(profile.url)
      .get('/api/profile')
      .set(await as(user));
  const put = async (user: TestUser, body: unknown) =>
    request(profile.url)
      .put('/api/profile')
      .set(await as(user))
      .send(body as object);

  const ok = (res: request.Response) => {
    expect([res.status, res.body]).toEqual([200, expect.anything()]);
    return res;
  };

  /** A company created on interviews, once profile's read model has it. */
  const company = async (name: string, website_url?: string) => {
    const res = await request(interviews.url)
      .post('/api/all-companies')
      .set(await as(env.newUser()))
      .send({ name, website_url })
      .expect(201);
    await waitFor(() => knownCompany(profile, res.body.data.id));
    return res.body.data as { id: string; name: string; website_url: string | null };
  };
  const seeded = (name: string) => waitFor(async () => (await profile.db.query<{ id: string }>('SELECT id FROM companies WHERE name = $1', [name])).rows[0]);

  it('needs a valid token for both calls', async () => {
    expect((await request(profile.url).get('/api/profile').expect(401)).body.error.code).toBe('unauthorized');
    await request(profile.url).put('/api/profile').send({ username: 'nobody' }).expect(401);
    await request(profile.url).get('/api/profile').set('Authorization', 'Bearer not.a.token').expect(401);
    const expired = await env.token(env.newUser(), {}, Math.floor(Date.now() / 1000) - 120);
    await request(profile.url).get('/api/profile').set('Authorization', `Bearer ${expired}`).expect(401);
    // Someone else's id in a payload the signature does not cover.
    const [header, payload, signature] = (await env.token(env.newUser())).split('.');
    const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: randomUUID() };
    const forged = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    await request(profile.url).get('/api/profile').set('Authorization', `Bearer ${forged}`).expect(401);
  });

  it('answers a brand-new user at once with the default profile, named with nothing from the e-mail', async () => {
    const user = env.newUser(`grace.hopper.${tag()}@example.com`);
    const res = await get(user);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      username: expect.stringMatching(/^member-[0-9a-f]{8}$/),
      current_company_id: null,
      verified_company: false,
      years_of_experience: null,
      number_of_internships: null,
      location: null,
      interview_date: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(profileSchema.parse(res.body)).toEqual(res.body);
  });

  it('gives a default username a number suffix when another profile has it, ignoring case', async () => {
    const late = env.newUser();
    const stem = usernameCandidate(late.id);
    await put(env.newUser(), { username: stem.toUpperCase() }).then(ok);
    await put(env.newUser(), { username: `${stem}2` }).then(ok);
    expect((await get(late)).body.username).toBe(`${stem}3`);
  });

  it('makes one profile when a new user’s first calls race', async () => {
    const user = env.newUser(`racer.${tag()}@example.com`);
    const results = await Promise.all([get(user), get(user), put(user, { username: `racer${tag()}` }), get(user)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await count(profile, 'SELECT count(*) AS n FROM user_profiles WHERE id = $1', [user.id])).toBe(1);
  });

  it('saves the form: empty strings become null, numbers are converted, verified_company is the server’s', async () => {
    const user = env.newUser();
    const google = await seeded('Google');
    const username = `u${tag()}`;
    const res = await put(user, {
      username: `  ${username} `,
      current_company_id: google.id,
      verified_company: true,
      years_of_experience: '4',
      number_of_internships: '',
      location: '',
    }).then(ok);
    expect(res.body).toEqual({
      data: {
        username,
        current_company_id: google.id,
        verified_company: false,
        years_of_experience: 4,
        number_of_internships: null,
        location: null,
        interview_date: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    expect((await get(user)).body).toEqual(res.body.data);

    const cleared = await put(user, { username, current_company_id: '', years_of_experience: 0, number_of_internships: '2', location: ' Lisbon ' });
    expect(cleared.body.data).toMatchObject({
      current_company_id: null,
      verified_company: false,
      years_of_experience: 0,
      number_of_internships: 2,
      location: 'Lisbon',
    });
  });

  const validation: Array<[string, Record<string, unknown>, string, string]> = [
    ['no username', {}, 'username', 'Username must be at least 2 characters.'],
    ['a 1-character username', { username: 'a' }, 'username', 'Username must be at least 2 characters.'],
    ['a blank username', { username: '   ' }, 'username', 'Username must be at least 2 characters.'],
    ['a 31-character username', { username: 'x'.repeat(31) }, 'username', 'Username must not be longer than 30 characters.'],
    ['a company id that is no uuid', { username: 'okay', current_company_id: 'not-a-uuid' }, 'current_company_id', 'Invalid company ID'],
    ['negative years', { username: 'okay', years_of_experience: -1 }, 'years_of_experience', 'Years of experience must be 0 or more'],
    ['years that are not a number', { username: 'okay', years_of_experience: 'abc' }, 'years_of_experience', 'Years of experience must be 0 or more'],
    ['41 years', { username: 'okay', years_of_experience: '41' }, 'years_of_experience', 'Years of experience must not exceed 40'],
    ['negative internships', { username: 'okay', number_of_internships: '-2' }, 'number_of_internships', 'Number of internships must be 0 or more'],
    ['11 internships', { username: 'okay', number_of_internships: 11 }, 'number_of_internships', 'Number of internships must not exceed 10'],
  ];
  it.each(validation)('refuses %s with the spec’s message', async (_case, body, field, message) => {
    const res = await put(env.newUser(), body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'validation_failed', message, fields: { [field]: message } } });
  });

  it('reports every broken field at once, the first as the message', async () => {
    const res = await put(env.newUser(), { username: 'a', years_of_experience: 99, number_of_internships: -1 });
    expect(res.body.error).toEqual({
      code: 'validation_failed',
      message: 'Username must be at least 2 characters.',
      fields: {
        username: 'Username must be at least 2 characters.',
        years_of_experience: 'Years of experience must not exceed 40',
        number_of_internships: 'Number of internships must be 0 or more',
      },
    });
  });

  it('refuses a well-formed company id it does not know (400 on current_company_id)', async () => {
    const user = env.newUser();
    const res = await put(user, { username: `u${tag()}`, current_company_id: randomUUID() });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'validation_failed', message: 'Invalid company ID', fields: { current_company_id: 'Invalid company ID' } });
  });

  it('keeps usernames unique ignoring case (409 on username), and lets the owner change the case of their own', async () => {
    const name = `Taken${tag()}`;
    const owner = env.newUser();
    await put(owner, { username: name }).then(ok);
    const res = await put(env.newUser(), { username: name.toLowerCase() });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'conflict', message: 'Username is already taken', fields: { username: 'Username is already taken' } } });
    expect((await put(owner, { username: name.toUpperCase() })).body.data.username).toBe(name.toUpperCase());
  });

  it('refuses a username that looks like one taken (Cyrillic or Greek look-alikes, full-width, accents, invisible characters) as taken', async () => {
    const name = `alice${tag()}`;
    await put(env.newUser(), { username: name }).then(ok);
    const lookAlikes = [
      name.replace('a', '\u0430'), // Cyrillic а
      name.replace('e', '\u0435').replace('c', '\u0441'), // Cyrillic е and с
      name.replace('a', '\u03b1'), // Greek α
      name.replace('l', 'I'), // capital I for l
      name.replace('l', '\uff4c'), // full-width l
      name.replace('i', '\u00ed'), // í
      name.replace('i', 'i\u200b'), // zero-width space
    ];
    for (const lookAlike of lookAlikes) {
      const res = await put(env.newUser(), { username: lookAlike });
      expect([lookAlike, res.status, res.body.error?.fields]).toEqual([lookAlike, 409, { username: 'Username is already taken' }]);
    }
    // The other way round too: a look-alike first keeps the plain name from anyone else.
    const cyrillicFirst = `\u0430nna${tag()}`;
    await put(env.newUser(), { username: cyrillicFirst }).then(ok);
    expect((await put(env.newUser(), { username: cyrillicFirst.replace('\u0430', 'a') })).status).toBe(409);
  });

  it('refuses usernames that claim to speak for Thunderprep, with the word it found', async () => {
    for (const [username, word] of [
      ['moderator', 'moderator'],
      ['Thunderprep Team', 'thunderprep'],
      ['jane.admin', 'admin'],
      ['m0derat0r', 'moderator'],
      ['SUPPORT', 'support'],
      ['\u0455upport', 'support'], // Cyrillic ѕ
      ['staff_42', 'staff'],
    ]) {
      const res = await put(env.newUser(), { username });
      expect([username, res.status, res.body.error?.fields?.username]).toEqual([
        username,
        400,
        `Usernames cannot use "${word}": it is kept for Thunderprep's own accounts, whose posts the app marks`,
      ]);
    }
    // Words that only contain a short reserved one are fine.
    for (const username of [`steam${tag()}`, `badminton${tag()}`, `modest${tag()}`]) await put(env.newUser(), { username }).then(ok);
  });

  it('shows and changes only the caller’s own profile', async () => {
    const alice = env.newUser(`alice.${tag()}@example.com`);
    const bob = env.newUser(`bob.${tag()}@example.com`);
    const aliceName = `alice${tag()}`;
    await put(alice, { username: aliceName, location: 'Lisbon', years_of_experience: 7 }).then(ok);

    const bobsView = await get(bob);
    expect(bobsView.body).toMatchObject({ username: usernameCandidate(bob.id), location: null, years_of_experience: null });

    const bobName = `bob${tag()}`;
    await put(bob, { username: bobName, location: 'Oslo' }).then(ok);
    expect((await get(alice)).body).toMatchObject({ username: aliceName, location: 'Lisbon', years_of_experience: 7 });
    expect((await get(bob)).body).toMatchObject({ username: bobName, location: 'Oslo', years_of_experience: null });

    // A user id in the body or query is not how the caller is chosen.
    await request(profile.url)
      .put(`/api/profile?user_id=${alice.id}`)
      .set(await as(bob))
      .send({ username: bobName, id: alice.id, user_id: alice.id })
      .expect(200);
    expect((await get(alice)).body.username).toBe(aliceName);
    await request(profile.url)
      .get(`/api/profile/${alice.id}`)
      .set(await as(bob))
      .expect(404);
  });

  it('verifies the company only for an e-mail on its domain or a subdomain, never from the client', async () => {
    const domain = `acme-${tag()}.io`;
    const acme = await company(`Acme ${domain}`, `https://www.${domain}`);
    const cases: Array<[string, boolean, boolean]> = [
      [`wile@${domain}`, false, true],
      [`wile@eng.${domain}`, false, true],
      [`road.runner@not${domain}`, true, false],
      [`road.runner@${domain}.evil.io`, true, false],
    ];
    for (const [email, sent, expected] of cases) {
      const res = await put(env.newUser(email), { username: `u${tag()}`, current_company_id: acme.id, verified_company: sent });
      expect([email, res.status, res.body.data.verified_company]).toEqual([email, 200, expected]);
    }
    const google = await seeded('Google');
    expect((await put(env.newUser(`jane.${tag()}@google.com`), { username: `g${tag()}`, current_company_id: google.id })).body.data.verified_company).toBe(
      true,
    );

    const noSite = await company(`No Site ${tag()}`);
    expect(
      (await put(env.newUser(`x@${domain}`), { username: `n${tag()}`, current_company_id: noSite.id, verified_company: true })).body.data.verified_company,
    ).toBe(false);
  });

  it('does not verify an e-mail on the domain until identity has confirmed it (the token says so)', async () => {
    const google = await seeded('Google');
    const user = env.newUser(`unproven.${tag()}@google.com`);
    const unconfirmed = { Authorization: `Bearer ${await env.token(user, { email_verified: false })}` };
    const body = { username: `p${tag()}`, current_company_id: google.id, verified_company: true };
    const before = await request(profile.url).put('/api/profile').set(unconfirmed).send(body).expect(200);
    expect(before.body.data.verified_company).toBe(false);
    expect((await put(user, body)).body.data.verified_company).toBe(true);
  });

  it('verifies the company once identity confirms the address, without saving the profile again (issue 38 item 6)', async () => {
    const google = await seeded('Google');
    const user = env.newUser(`later.${tag()}@google.com`);
    const unconfirmed = { Authorization: `Bearer ${await env.token(user, { email_verified: false })}` };
    await request(profile.url)
      .put('/api/profile')
      .set(unconfirmed)
      .send({ username: `c${tag()}`, current_company_id: google.id })
      .expect(200);
    const badge = async () => (await request(profile.url).get('/api/profile').set(unconfirmed).expect(200)).body.verified_company as boolean;
    expect(await badge()).toBe(false);

    await publishEvent(env, 'identity.user.confirmed', { user_id: user.id, email_domain: 'google.com', confirmed_at: new Date().toISOString() });
    await waitFor(badge, 10_000);
    const [changed] = await waitFor(async () => {
      const events = (await publishedEvents(env, 'profile.employment.changed')).filter((e) => e.data.user_id === user.id && e.data.verified);
      return events.length > 0 && events;
    });
    expect(changed.data).toMatchObject({ company_id: google.id, verified: true });

    // An address changed to another domain and confirmed: the badge goes.
    await publishEvent(env, 'identity.user.confirmed', { user_id: user.id, email_domain: 'gmail.com', confirmed_at: new Date().toISOString() });
    await waitFor(async () => !(await badge()), 10_000);
  });

  it('keeps no one’s verification after they move to a company they do not belong to', async () => {
    const google = await seeded('Google');
    const meta = await seeded('Meta');
    const user = env.newUser(`mover.${tag()}@google.com`);
    const username = `m${tag()}`;
    expect((await put(user, { username, current_company_id: google.id })).body.data.verified_company).toBe(true);
    expect((await put(user, { username, current_company_id: meta.id, verified_company: true })).body.data.verified_company).toBe(false);
  });

  describe('PUT /api/profile/interview-date', () => {
    const setDay = async (user: TestUser, body: unknown) =>
      request(profile.url)
        .put('/api/profile/interview-date')
        .set(await as(user))
        .send(body as object);
    /** yyyy-mm-dd `days` from today (UTC). */
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

    it('keeps the day in the profile, leaves the rest alone, survives a profile save, and clears with null', async () => {
      const user = env.newUser();
      const username = `d${tag()}`;
      await put(user, { username, location: 'Lisbon' }).then(ok);
      const day = inDays(30);
      const set = await setDay(user, { interview_date: day }).then(ok);
      expect(set.body.data).toMatchObject({ username, location: 'Lisbon', interview_date: day });
      expect((await get(user)).body.interview_date).toBe(day);
      // The settings form does not send the day: saving it keeps the day.
      await put(user, { username, location: 'Porto' }).then(ok);
      expect((await get(user)).body).toMatchObject({ location: 'Porto', interview_date: day });
      expect(await count(profile, 'SELECT count(*) AS n FROM user_profiles WHERE id = $1 AND interview_date = $2::date', [user.id, day])).toBe(1);

      expect((await setDay(user, { interview_date: null }).then(ok)).body.data.interview_date).toBeNull();
      await setDay(user, { interview_date: day }).then(ok);
      expect((await setDay(user, { interview_date: '' }).then(ok)).body.data.interview_date).toBeNull();
      expect((await get(user)).body.interview_date).toBeNull();
      // Each change goes out for practice's calendar feed, in order: the last says cleared.
      const sent = await waitFor(async () => {
        const mine = (await publishedEvents(env, 'profile.interview_date.set')).filter((e) => e.data.user_id === user.id);
        return mine.length === 4 && mine;
      }, 30_000);
      expect(sent.map((e) => e.data.interview_date)).toEqual([day, null, day, null]);
    });

    it('accepts today, and sets the day of a brand-new user (the profile is made first)', async () => {
      const today = inDays(0);
      expect((await setDay(env.newUser(), { interview_date: today }).then(ok)).body.data.interview_date).toBe(today);
    });

    const refused: Array<[string, Record<string, unknown>, string]> = [
      ['a day in the past', { interview_date: inDays(-3) }, 'Interview date must be today or later'],
      ['a day that does not exist', { interview_date: '2031-02-30' }, 'Interview date must be a date (yyyy-mm-dd)'],
      ['a timestamp', { interview_date: `${inDays(5)}T10:00:00Z` }, 'Interview date must be a date (yyyy-mm-dd)'],
      ['a number', { interview_date: 20301231 }, 'Interview date must be a date (yyyy-mm-dd)'],
      ['no day at all', {}, 'Interview date must be a date (yyyy-mm-dd)'],
    ];
    it.each(refused)('refuses %s with a message naming the field', async (_case, body, message) => {
      const user = env.newUser();
      const res = await setDay(user, body);
      expect([res.status, res.body]).toEqual([400, { error: { code: 'validation_failed', message, fields: { interview_date: message } } }]);
    });

    it('needs a valid token', async () => {
      await request(profile.url).put('/api/profile/interview-date').send({ interview_date: null }).expect(401);
    });
  });
});
