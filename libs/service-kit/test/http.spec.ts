import request from 'supertest';
import { TestEnvironment } from '../src/testing';
import { RunningService } from '../src';
import { fixtureService } from './fixture/fixture.service';

describe('HTTP plumbing every service shares', () => {
  let env: TestEnvironment;
  let svc: RunningService;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    svc = await env.start(fixtureService);
  });
  afterAll(() => env.close());

  it('refuses a request without a token, and ignores forged identity headers', async () => {
    const res = await request(svc.url).get('/api/notes/me').set('X-User-Id', env.newUser().id).expect(401);
    expect(res.body).toEqual({ error: { code: 'unauthorized', message: 'Authentication required' } });
  });

  it('refuses a token signed with another secret', async () => {
    const other = await TestEnvironment.create();
    const res = await request(svc.url)
      .get('/api/notes/me')
      .set(await other.authHeader(env.newUser()))
      .expect(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('knows the caller from a valid token', async () => {
    const user = env.newUser();
    const res = await request(svc.url)
      .get('/api/notes/me')
      .set(await env.authHeader(user))
      .expect(200);
    expect(res.body).toMatchObject({ id: user.id, email: user.email, role: 'authenticated' });
  });

  it('answers public routes without a token', async () => {
    await request(svc.url).get('/api/notes/open').expect(200, { open: true });
  });

  it('turns validation failures into the envelope with field messages', async () => {
    const res = await request(svc.url)
      .post('/api/notes')
      .set(await env.authHeader(env.newUser()))
      .send({ name: '' })
      .expect(400);
    expect(res.body).toEqual({ error: { code: 'validation_failed', message: 'Name is required', fields: { name: 'Name is required' } } });
  });

  it('answers malformed JSON, a wrong content type, an oversized body and an unknown route in the envelope', async () => {
    const auth = await env.authHeader(env.newUser());
    const malformed = await request(svc.url).post('/api/notes').set(auth).set('Content-Type', 'application/json').send('{"name":').expect(400);
    expect(malformed.body.error).toEqual({ code: 'validation_failed', message: 'Request body is not valid JSON' });
    const wrongType = await request(svc.url).post('/api/notes').set(auth).set('Content-Type', 'text/plain').send('name=x').expect(415);
    expect(wrongType.body.error.code).toBe('unsupported_media_type');
    const big = await request(svc.url)
      .post('/api/notes')
      .set(auth)
      .send({ name: 'x'.repeat(101 * 1024) })
      .expect(413);
    expect(big.body.error.code).toBe('payload_too_large');
    const unknown = await request(svc.url).get('/api/nothing-here').set(auth).expect(404);
    expect(unknown.body).toEqual({ error: { code: 'not_found', message: 'Route not found' } });
  });

  it('keeps the bytes of a JSON body as sent beside the parsed body, for signatures over them', async () => {
    // Spacing, key order and escapes a re-serialisation would change.
    const sent = '{ "b":1,\n  "a" : "caf\\u00e9" }';
    const res = await request(svc.url).post('/api/notes/raw').set('Content-Type', 'application/json').send(sent).expect(201);
    expect(res.body).toEqual({ raw: sent, parsed: { b: 1, a: 'café' } });
    const none = await request(svc.url).post('/api/notes/raw').expect(201);
    expect(none.body.raw).toBe('');
  });

  it('passes the request id on, or makes one', async () => {
    const given = await request(svc.url).get('/healthz').set('X-Request-Id', 'abc-123').expect(200);
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await request(svc.url).get('/healthz').expect(200);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports readiness of its database and broker', async () => {
    await request(svc.url).get('/readyz').expect(200, { status: 'ready', database: 'up', events: 'nats', broker: 'up' });
  });
});
