import { companyCreatedEvent, companySchema, EventData, EventEnvelope, eventEnvelopeSchema } from '@app/contracts';
import { publishedEvents, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { env, restartInterviews, startInterviews, svc } from './fixtures';

jest.setTimeout(30_000);

const carousel = ['Google', 'Meta', 'Amazon', 'Apple', 'Microsoft'];

describe('interviews: companies', () => {
  let auth: { Authorization: string };

  startInterviews();

  beforeAll(async () => {
    auth = await env.authHeader(env.newUser());
  });

  /** Every interviews.company.created event in this environment's stream, oldest first. */
  const announced = async () => {
    await waitFor(async () => (await svc.events.pendingCount()) === 0);
    return (await publishedEvents(env, 'interviews.company.created')) as EventEnvelope<EventData<'interviews.company.created'>>[];
  };
  const namesAnnounced = async () => (await announced()).map((e) => e.data.name);

  it('needs a token for both calls', async () => {
    expect((await request(svc.url).get('/api/all-companies').expect(401)).body.error.code).toBe('unauthorized');
    await request(svc.url).post('/api/all-companies').send({ name: 'Anonymous Co' }).expect(401);
  });

  it('lists the seeded technology companies by name, with websites, the carousel’s five among them', async () => {
    const res = await request(svc.url).get('/api/all-companies').set(auth).expect(200);
    const names: string[] = res.body.map((c: { name: string }) => c.name);
    expect(names.length).toBeGreaterThanOrEqual(20);
    expect(names).toEqual(expect.arrayContaining([...carousel, 'Netflix', 'Stripe', 'Jane Street', 'Citadel', 'Databricks']));
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    for (const company of res.body) {
      expect(Object.keys(company).sort()).toEqual(['id', 'name', 'website_url']);
      expect(companySchema.parse(company)).toEqual(company);
      expect(company.website_url).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+$/);
    }
    expect(res.body.find((c: { name: string }) => c.name === 'Google').website_url).toBe('https://www.google.com');
  });

  it('announces every seeded company once, in a proper envelope built by the migration', async () => {
    const { rows } = await svc.db.query<{ id: string; name: string; website_url: string }>('SELECT id, name, website_url FROM companies');
    const events = await announced();
    for (const company of rows) {
      const mine = events.filter((e) => e.data.id === company.id);
      expect(mine).toHaveLength(1);
      const envelope = eventEnvelopeSchema.parse(mine[0]);
      expect(envelope).toMatchObject({ type: 'interviews.company.created', version: 1 });
      expect(new Date(envelope.occurred_at).toISOString()).toBe(envelope.occurred_at);
      expect(companyCreatedEvent.parse(envelope.data)).toEqual(company);
    }
  });

  it('creates a company (201), trimmed, with or without a website', async () => {
    const created = await request(svc.url)
      .post('/api/all-companies')
      .set(auth)
      .send({ name: '  Thunder Labs ', website_url: 'https://thunderlabs.dev' })
      .expect(201);
    expect(created.body).toEqual({ data: { id: expect.any(String), name: 'Thunder Labs', website_url: 'https://thunderlabs.dev' } });
    const bare = await request(svc.url).post('/api/all-companies').set(auth).send({ name: 'No Site Ltd', website_url: '' }).expect(201);
    expect(bare.body.data).toEqual({ id: expect.any(String), name: 'No Site Ltd', website_url: null });
    const list = await request(svc.url).get('/api/all-companies').set(auth).expect(200);
    expect(list.body).toEqual(expect.arrayContaining([created.body.data, bare.body.data]));
  });

  it('returns the existing company (200) for the same name, trimmed and ignoring case, and announces it once', async () => {
    const created = await request(svc.url)
      .post('/api/all-companies')
      .set(auth)
      .send({ name: 'Same Name Inc', website_url: 'https://same.example' })
      .expect(201);
    for (const name of ['Same Name Inc', '  same name INC ', 'SAME NAME INC']) {
      const again = await request(svc.url).post('/api/all-companies').set(auth).send({ name, website_url: 'https://other.example' }).expect(200);
      expect(again.body).toEqual({ data: created.body.data });
    }
    const seeded = await request(svc.url).post('/api/all-companies').set(auth).send({ name: 'google' }).expect(200);
    expect(seeded.body.data).toMatchObject({ name: 'Google', website_url: 'https://www.google.com' });

    const list = await request(svc.url).get('/api/all-companies').set(auth).expect(200);
    expect(list.body.filter((c: { name: string }) => c.name.toLowerCase() === 'same name inc')).toHaveLength(1);
    const names = await namesAnnounced();
    expect(names.filter((n) => n === 'Same Name Inc')).toHaveLength(1);
    expect(names.filter((n) => n === 'Google')).toHaveLength(1);
  });

  it.each([[{}], [{ name: '' }], [{ name: '   ' }], [{ name: null }], [{ name: 42 }], [{ website_url: 'https://x.io' }]])(
    'requires a name: %j',
    async (body) => {
      const res = await request(svc.url).post('/api/all-companies').set(auth).send(body).expect(400);
      expect(res.body).toEqual({ error: { code: 'validation_failed', message: 'Company name is required', fields: { name: 'Company name is required' } } });
    },
  );

  it.each(['not a url', 'javascript:alert(1)', 'ftp://files.example.com', 'https://'])('refuses the website %j', async (website_url) => {
    const res = await request(svc.url).post('/api/all-companies').set(auth).send({ name: 'Bad Site Inc', website_url }).expect(400);
    expect(res.body.error).toEqual({ code: 'validation_failed', message: 'Please enter a valid URL.', fields: { website_url: 'Please enter a valid URL.' } });
  });

  it('refuses a name over 200 characters rather than cutting it', async () => {
    const res = await request(svc.url)
      .post('/api/all-companies')
      .set(auth)
      .send({ name: 'x'.repeat(201) })
      .expect(400);
    expect(res.body.error.fields).toEqual({ name: 'Company name must not be longer than 200 characters' });
  });

  it.each([
    ['Goog1e', 'Company name looks like the existing company "Google"'],
    ['Gооgle', 'Company name mixes letters of different scripts'],
  ])('refuses %p, which imitates a known company with look-alike characters', async (name, message) => {
    const res = await request(svc.url).post('/api/all-companies').set(auth).send({ name }).expect(400);
    expect(res.body.error).toEqual({ code: 'validation_failed', message, fields: { name: message } });
    expect((await request(svc.url).get('/api/all-companies').set(auth).expect(200)).body.map((c: { name: string }) => c.name)).not.toContain(name);
  });

  it('keeps concurrent creations of one name to one company and one event', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        request(svc.url)
          .post('/api/all-companies')
          .set(auth)
          .send({ name: i % 2 ? 'Race Condition Co' : ' race condition co' }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(7);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect((await namesAnnounced()).filter((n) => n.toLowerCase().trim() === 'race condition co')).toHaveLength(1);
  });

  it('seeds once: a restart neither duplicates companies nor announces them again', async () => {
    const before = await announced();
    const count = (await svc.db.query<{ n: string }>('SELECT count(*) AS n FROM companies')).rows[0].n;
    await restartInterviews();
    expect((await svc.db.query<{ n: string }>('SELECT count(*) AS n FROM companies')).rows[0].n).toBe(count);
    expect(await announced()).toHaveLength(before.length);
  });
});
