import { connect, StringCodec } from 'nats';
import request from 'supertest';
import { RunningService } from '@app/service-kit';
import { TestEnvironment } from '@app/service-kit/testing';
import { interviewsService } from '../src';

describe('interviews: companies', () => {
  let env: TestEnvironment;
  let svc: RunningService;
  let auth: { Authorization: string };

  beforeAll(async () => {
    env = await TestEnvironment.create();
    svc = await env.start(interviewsService);
    auth = await env.authHeader(env.newUser());
  });
  afterAll(() => env.close());

  const createdEvents = async () => {
    const nc = await connect({ servers: env.natsUrl });
    try {
      const jsm = await nc.jetstreamManager();
      const consumer = await jsm.consumers.add(`${env.prefix}_EVENTS`, { filter_subject: `${env.prefix}.interviews.company.created`, ack_policy: 'none' as never });
      const js = nc.jetstream();
      const c = await js.consumers.get(`${env.prefix}_EVENTS`, consumer.name);
      const names: string[] = [];
      for (let pending = consumer.num_pending; pending > 0; pending--) {
        const msg = await c.next({ expires: 2000 });
        if (!msg) break;
        names.push(JSON.parse(StringCodec().decode(msg.data)).data.name);
      }
      return names;
    } finally {
      await nc.close();
    }
  };

  it('needs a token', async () => {
    await request(svc.url).get('/api/all-companies').expect(401);
  });

  it('lists the seeded companies by name, the carousel’s five among them', async () => {
    const res = await request(svc.url).get('/api/all-companies').set(auth).expect(200);
    const names = res.body.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Google', 'Meta', 'Amazon', 'Apple', 'Microsoft']));
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(res.body[0]).toEqual({ id: expect.any(String), name: expect.any(String), website_url: expect.stringMatching(/^https:\/\//) });
  });

  it('creates a company (201), returns the existing one for the same name (200), and announces it once', async () => {
    const created = await request(svc.url).post('/api/all-companies').set(auth).send({ name: 'Thunder Labs', website_url: 'https://thunderlabs.dev' }).expect(201);
    expect(created.body.data).toEqual({ id: expect.any(String), name: 'Thunder Labs', website_url: 'https://thunderlabs.dev' });
    const again = await request(svc.url).post('/api/all-companies').set(auth).send({ name: '  thunder LABS ' }).expect(200);
    expect(again.body.data.id).toBe(created.body.data.id);
    const list = await request(svc.url).get('/api/all-companies').set(auth).expect(200);
    expect(list.body.filter((c: { name: string }) => c.name.toLowerCase() === 'thunder labs')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    const names = await createdEvents();
    expect(names.filter((n) => n === 'Thunder Labs')).toHaveLength(1);
    expect(names).toEqual(expect.arrayContaining(['Google', 'Microsoft']));
  });

  it.each([[{}], [{ name: '' }], [{ name: '   ' }]])('requires a name: %j', async (body) => {
    const res = await request(svc.url).post('/api/all-companies').set(auth).send(body).expect(400);
    expect(res.body).toEqual({ error: { code: 'validation_failed', message: 'Company name is required', fields: { name: 'Company name is required' } } });
  });

  it('refuses a website that is not a URL', async () => {
    const res = await request(svc.url).post('/api/all-companies').set(auth).send({ name: 'Bad Site Inc', website_url: 'not a url' }).expect(400);
    expect(res.body.error.fields).toEqual({ website_url: 'Please enter a valid URL.' });
  });

  it('keeps concurrent creations of one name to one company', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => request(svc.url).post('/api/all-companies').set(auth).send({ name: 'Race Condition Co' })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
  });
});
