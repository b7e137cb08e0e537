import net from 'node:net';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { DatabaseLink, TestEnvironment } from '../src/testing';
import { RunningService } from '../src';
import { fixtureService } from './fixture/fixture.service';

/** Sends raw bytes to `port` and returns what the server answered before closing. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe("the kit's edge: bad input, a database outage and one user's share", () => {
  let env: TestEnvironment;
  let svc: RunningService;
  let link: DatabaseLink;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    link = await DatabaseLink.open(env.databaseUrl);
    svc = await env.start(fixtureService, { DATABASE_URL: link.urlFor(env.databaseUrl), USER_REQUESTS_PER_SECOND: '2', USER_REQUEST_BURST: '5' });
  });
  afterAll(async () => {
    await env.close();
    await link.cut();
  });

  describe('bad input is a 400 in the envelope, never a 500', () => {
    let auth: { Authorization: string };
    beforeEach(async () => {
      // A user per test, so the share of requests (burst 5) never limits these.
      auth = await env.authHeader(env.newUser());
    });

    it('refuses a NUL character in a string or a field name, naming the field', async () => {
      const value = await request(svc.url).post('/api/notes').set(auth).send({ name: 'a\u0000b' }).expect(400);
      expect(value.body).toEqual({
        error: { code: 'validation_failed', message: 'Must not contain NUL characters', fields: { name: 'Must not contain NUL characters' } },
      });
      const key = await request(svc.url).post('/api/notes').set(auth).send({ name: 'ok', 'x\u0000': 1 }).expect(400);
      expect(key.body.error.message).toBe('Field names must not contain NUL characters');
    });

    it('refuses a NUL character in the address', async () => {
      const res = await request(svc.url).get('/api/notes/open?q=a%00b').expect(400);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', message: 'The address must not contain NUL characters' });
    });

    it('refuses JSON nested deeper than 32 levels, 5,000 levels included', async () => {
      const nested = (levels: number) => `{"name":"x","meta":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}`;
      const deep = await request(svc.url).post('/api/notes').set(auth).set('Content-Type', 'application/json').send(nested(5000)).expect(400);
      expect(deep.body.error.message).toBe('Request body is nested too deeply (at most 32 levels)');
      await request(svc.url).post('/api/notes').set(auth).set('Content-Type', 'application/json').send(nested(20)).expect(201);
    });

    it('answers a body that claims gzip and is not with a 400, and takes one that is', async () => {
      const post = (body: Buffer) =>
        fetch(`${svc.url}/api/notes`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body });
      const bad = await post(Buffer.from('{"name":"not gzip"}'));
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ error: { code: 'validation_failed', message: 'Request body does not match its Content-Encoding' } });
      expect((await post(gzipSync('{"name":"gzipped"}'))).status).toBe(201);
    });

    it('answers a JSON null where an object is declared with a 400', async () => {
      const res = await request(svc.url).post('/api/notes').set(auth).set('Content-Type', 'application/json').send('null').expect(400);
      expect(res.body.error.code).toBe('validation_failed');
    });

    it("answers what Node's parser refuses (headers too large, a malformed request) in the envelope", async () => {
      const tooLarge = await rawExchange(svc.port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(tooLarge).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(tooLarge.slice(tooLarge.indexOf('\r\n\r\n') + 4))).toEqual({
        error: { code: 'validation_failed', message: 'Request headers are too large' },
      });
      const malformed = await rawExchange(svc.port, 'GET /healthz HTTP/1.1\r\nHost x\r\n\r\n');
      expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
      expect(malformed).toContain('{"error":{"code":"validation_failed","message":"Malformed HTTP request"}}');
    });
  });

  describe('one user cannot take every request', () => {
    it('answers 429 with Retry-After past the burst, and other users are served meanwhile', async () => {
      const heavy = await env.authHeader(env.newUser());
      const statuses = await Promise.all(Array.from({ length: 12 }, () => request(svc.url).get('/api/notes/me').set(heavy)));
      // The burst of 5, and what the bucket refilled (2 a second) while these were under way.
      expect(statuses.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(5);
      const limited = statuses.find((r) => r.status === 429);
      if (!limited) throw new Error(`no 429 among ${statuses.map((r) => r.status).join(', ')}`);
      expect(limited.body.error).toEqual({ code: 'rate_limited', message: 'Too many requests from this account, please slow down' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      await request(svc.url)
        .get('/api/notes/me')
        .set(await env.authHeader(env.newUser()))
        .expect(200);
      // The share's window (5 calls in 2.5 s) has ended when Retry-After says.
      await new Promise((r) => setTimeout(r, Number(limited.headers['retry-after']) * 1000));
      await request(svc.url).get('/api/notes/me').set(heavy).expect(200);
    });

    it('holds a user to the share whatever the replica: two replicas on one database admit the burst once', async () => {
      const second = await env.start(fixtureService, { DATABASE_URL: env.databaseUrl, USER_REQUESTS_PER_SECOND: '2', USER_REQUEST_BURST: '5' });
      const heavy = await env.authHeader(env.newUser());
      const replicas = [svc, second];
      const statuses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          request(replicas[i % 2].url)
            .get('/api/notes/me')
            .set(heavy),
        ),
      );
      // Per replica it was 5 each, 10 in all; shared, the 5 of the share (12 calls take far less than its 2.5 s).
      expect(statuses.filter((r) => r.status === 200)).toHaveLength(5);
      expect(statuses.filter((r) => r.status === 429)).toHaveLength(7);
    });

    it('holds a larger share within 10 % across two replicas, though each takes its calls from Postgres a twentieth of the burst at a time', async () => {
      const share = { DATABASE_URL: env.databaseUrl, USER_REQUESTS_PER_SECOND: '4', USER_REQUEST_BURST: '200' };
      const replicas = [await env.start(fixtureService, share), await env.start(fixtureService, share)];
      const heavy = await env.authHeader(env.newUser());
      const statuses: number[] = [];
      for (let i = 0; i < 240; i += 20) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, j) =>
            request(replicas[(i + j) % 2].url)
              .get('/api/notes/me')
              .set(heavy),
          ),
        );
        statuses.push(...answers.map((r) => r.status));
      }
      const admitted = statuses.filter((s) => s === 200).length;
      expect(admitted).toBeLessThanOrEqual(200);
      expect(admitted).toBeGreaterThanOrEqual(180);
      expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    });
  });

  describe('a database outage is a 503 with Retry-After, answered within seconds, and passes', () => {
    const write = async () =>
      request(svc.url)
        .post('/api/notes')
        .set(await env.authHeader(env.newUser()))
        .send({ name: 'during an outage' });

    it('while Postgres refuses connections', async () => {
      expect((await write()).status).toBe(201);
      await link.cut();
      const startedAt = Date.now();
      const res = await write();
      expect(res.status).toBe(503);
      expect(res.body.error).toEqual({ code: 'upstream_unavailable', message: 'The service is temporarily unavailable, please try again shortly' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Date.now() - startedAt).toBeLessThan(2000);
      await link.restore();
      expect((await write()).status).toBe(201);
    });

    it('while Postgres accepts connections and never answers', async () => {
      link.freeze();
      const startedAt = Date.now();
      const res = await write();
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(Date.now() - startedAt).toBeLessThan(5000);
      await link.restore();
      expect((await write()).status).toBe(201);
    });
  });
});
