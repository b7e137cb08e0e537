import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { es256Keys, es256Token, hs256Token, ISSUER, noneToken, raw, Seen, Stack, startStack } from './helpers';

const expectUnauthorized = (res: request.Response) => {
  expect(res.status).toBe(401);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  expect(res.headers['x-upstream']).toBeUndefined(); // never reached a service
};

const now = () => Math.floor(Date.now() / 1000);

describe('gateway auth, JWKS (ES256) mode', () => {
  let stack: Stack;
  const userId = randomUUID();

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  const get = (authorization?: string) => {
    const req = request(stack.gateway.url).get('/api/profile');
    return authorization === undefined ? req : req.set('Authorization', authorization);
  };

  it('refuses a request without a token', async () => {
    expectUnauthorized(await get());
  });

  it.each([
    ['garbage', 'Bearer garbage'],
    ['three garbage parts', 'Bearer aaa.bbb.ccc'],
    ['a non-bearer scheme', 'Basic dXNlcjpwYXNz'],
  ])('refuses %s', async (_label, header) => {
    expectUnauthorized(await get(header));
  });

  it('refuses alg: none', async () => {
    expectUnauthorized(await get(`Bearer ${noneToken(userId)}`));
  });

  it('refuses HS256 signed with the public key (algorithm confusion), as PEM and as JWK bytes', async () => {
    const { publicPem, publicJwk, kid } = stack.keys;
    expectUnauthorized(await get(`Bearer ${hs256Token(publicPem, userId, {}, { kid })}`));
    expectUnauthorized(await get(`Bearer ${hs256Token(JSON.stringify(publicJwk), userId, {}, { kid })}`));
    expectUnauthorized(await get(`Bearer ${hs256Token(Buffer.from(publicJwk.x!, 'base64url'), userId, {}, { kid })}`));
  });

  it('refuses a token signed by another key, even under the published kid', async () => {
    const other = await es256Keys(stack.keys.kid);
    expectUnauthorized(await get(`Bearer ${await es256Token(other, userId)}`));
    const unknownKid = await es256Keys();
    expectUnauthorized(await get(`Bearer ${await es256Token(unknownKid, userId)}`));
  });

  it.each([
    ['expired beyond the 30 s skew', { exp: now() - 120 }],
    ['not valid before a future time', { nbf: now() + 120 }],
    ['of another issuer', { iss: 'https://evil.example.com/auth/v1' }],
    ['for another audience', { aud: 'anon' }],
    ['without a subject', { sub: null }],
    ['with a subject that is not a user id', { sub: 'admin' }],
  ])('refuses a token %s', async (_label, override) => {
    expectUnauthorized(await get(`Bearer ${await es256Token(stack.keys, userId, override)}`));
  });

  it('accepts a token that expired within the 30 s skew', async () => {
    const res = await get(`Bearer ${await es256Token(stack.keys, userId, { exp: now() - 10 })}`);
    expect(res.status).toBe(200);
  });

  it('forwards a valid token to the service, without the identity headers the client made up', async () => {
    const token = await es256Token(stack.keys, userId);
    const res = await request(stack.gateway.url)
      .get('/api/profile?x=1')
      .set('Authorization', `Bearer ${token}`)
      .set('X-User-Id', randomUUID())
      .set('X-User-Email', 'admin@example.com')
      .set('X-User-Role', 'moderator')
      .set('X-Authenticated-User', 'admin')
      .set('X-User-Anything', 'x')
      .set('X-Forwarded-User', 'admin')
      .expect(200);
    const seen = res.body as Seen;
    expect(seen.upstream).toBe('profile');
    expect(seen.url).toBe('/api/profile?x=1');
    expect(seen.headers.authorization).toBe(`Bearer ${token}`);
    for (const name of ['x-user-id', 'x-user-email', 'x-user-role', 'x-authenticated-user', 'x-user-anything', 'x-forwarded-user']) {
      expect(seen.headers[name]).toBeUndefined();
    }
  });

  it('lets POST /api/contact-form through without a token, and nothing else on that path', async () => {
    const res = await request(stack.gateway.url)
      .post('/api/contact-form')
      .set('Content-Type', 'application/json')
      .set('X-User-Id', randomUUID())
      .send({ name: 'A', email: 'a@example.com', subject: 'General', message: 'hi' })
      .expect(200);
    expect(res.body.upstream).toBe('community');
    expect(res.body.headers['x-user-id']).toBeUndefined();
    expectUnauthorized(await request(stack.gateway.url).get('/api/contact-form'));
    expectUnauthorized(await request(stack.gateway.url).post('/api/contact-form/x'));
    const traversal = await raw(stack.gateway.url, 'POST', '/api/contact-form/../profile');
    expect(traversal.status).toBe(400);
    expect(traversal.body).toEqual({ error: { code: 'validation_failed', message: 'Invalid request path' } });
  });

  it('passes /auth/v1 through to identity untouched, token or not', async () => {
    const res = await request(stack.gateway.url).post('/auth/v1/token?grant_type=password').send({ email: 'a@example.com', password: 'x' }).expect(200);
    expect(res.body.upstream).toBe('identity');
    expect(res.body.url).toBe('/auth/v1/token?grant_type=password');
  });
});

describe('gateway auth, HS256 secret mode (older Supabase projects)', () => {
  let stack: Stack;
  const secret = 'a-supabase-jwt-secret-of-some-length';
  const userId = randomUUID();

  beforeAll(async () => {
    stack = await startStack({ SUPABASE_JWT_SECRET: secret });
  });
  afterAll(() => stack.close());

  it('accepts an HS256 token signed with the secret', async () => {
    const token = hs256Token(secret, userId);
    const res = await request(stack.gateway.url).get('/api/leetcode-questions').set('Authorization', `Bearer ${token}`).expect(200);
    expect(res.body.upstream).toBe('practice');
    expect(res.body.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('refuses an HS256 token signed with another secret, and any asymmetric token', async () => {
    expectUnauthorized(
      await request(stack.gateway.url)
        .get('/api/leetcode-questions')
        .set('Authorization', `Bearer ${hs256Token('another-secret-of-some-length!!', userId)}`),
    );
    const es = await es256Token(stack.keys, userId);
    expectUnauthorized(await request(stack.gateway.url).get('/api/leetcode-questions').set('Authorization', `Bearer ${es}`));
  });

  it('refuses an HS256 token of the wrong issuer or expired', async () => {
    for (const override of [{ iss: `${ISSUER}x` }, { exp: now() - 120 }]) {
      expectUnauthorized(
        await request(stack.gateway.url)
          .get('/api/leetcode-questions')
          .set('Authorization', `Bearer ${hs256Token(secret, userId, override)}`),
      );
    }
  });
});
