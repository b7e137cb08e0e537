import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startIdentity, svc } from './fixtures';

jest.setTimeout(30_000);

/** Bad input on /auth/v1 is a 4xx in GoTrue's shape, and metadata stays small enough for the token to be sent back. */
describe('identity: bad input and bounded metadata', () => {
  const email = () => `bad-input-${randomBytes(4).toString('hex')}@example.com`;

  startIdentity({
    MAILBOX_DIR: mkdtempSync(path.join(tmpdir(), 'identity-mailbox-')),
    SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
    USER_REQUESTS_PER_SECOND: '1',
    USER_REQUEST_BURST: '10',
  });

  it.each([
    ['sign-up', 'post', '/auth/v1/signup'],
    ['sign-in', 'post', '/auth/v1/token?grant_type=password'],
    ['user update', 'put', '/auth/v1/user'],
  ] as const)('answers a JSON null %s body with a 400 in GoTrue’s shape', async (_name, method, url) => {
    const res = await request(svc.url)[method](url).set('Content-Type', 'application/json').send('null').expect(400);
    expect(res.body).toMatchObject({ code: 400, error_code: 'validation_failed' });
    expect(res.headers['x-sb-error-code']).toBe('validation_failed');
  });

  it('answers NUL characters, 5,000 levels of nesting and a body that is not its gzip with 400s in GoTrue’s shape', async () => {
    const nul = await request(svc.url).post('/auth/v1/signup').send({ email: 'a\u0000@example.com', password: 'secret123' }).expect(400);
    expect(nul.body).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Must not contain NUL characters' });
    const deep = `{"email":"${email()}","password":"secret123","data":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    const nested = await request(svc.url).post('/auth/v1/signup').set('Content-Type', 'application/json').send(deep).expect(400);
    expect(nested.body.msg).toBe('Request body is nested too deeply (at most 32 levels)');
    const gzip = await fetch(`${svc.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: JSON.stringify({ email: email(), password: 'secret123' }),
    });
    expect(gzip.status).toBe(400);
    expect(await gzip.json()).toMatchObject({ error_code: 'validation_failed', msg: 'Request body does not match its Content-Encoding' });
  });

  it('meters each signed-in user: past the burst, 429 in GoTrue’s shape with Retry-After; others are still served', async () => {
    const session = async () =>
      (await request(svc.url).post('/auth/v1/signup').send({ email: email(), password: 'secret123' }).expect(200)).body.access_token as string;
    const heavy = { Authorization: `Bearer ${await session()}` };
    const answers = await Promise.all(Array.from({ length: 30 }, () => request(svc.url).get('/auth/v1/user').set(heavy)));
    const limited = answers.filter((r) => r.status === 429);
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(10);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0].body).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: 'Too many requests from this account, please slow down' });
    expect(Number(limited[0].headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await request(svc.url)
      .get('/auth/v1/user')
      .set({ Authorization: `Bearer ${await session()}` })
      .expect(200);
  });

  it('refuses sign-up metadata over 8 KB, and an update that would take the merged metadata over it', async () => {
    const big = await request(svc.url)
      .post('/auth/v1/signup')
      .send({ email: email(), password: 'secret123', data: { bio: 'x'.repeat(90_000) } })
      .expect(400);
    expect(big.body).toMatchObject({ error_code: 'validation_failed', msg: 'User metadata must be at most 8 KB of JSON' });

    const signedUp = await request(svc.url)
      .post('/auth/v1/signup')
      .send({ email: email(), password: 'secret123', data: { bio: 'x'.repeat(5_000) } })
      .expect(200);
    const auth = { Authorization: `Bearer ${signedUp.body.access_token}` };
    // Each change alone is under the bound; merged with what is stored, it is over.
    const merged = await request(svc.url)
      .put('/auth/v1/user')
      .set(auth)
      .send({ data: { notes: 'y'.repeat(5_000) } })
      .expect(400);
    expect(merged.body.msg).toBe('User metadata must be at most 8 KB of JSON');
    await request(svc.url)
      .put('/auth/v1/user')
      .set(auth)
      .send({ data: { bio: 'shorter', notes: 'y'.repeat(5_000) } })
      .expect(200);
  });
});
