import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { RunningService } from '@app/service-kit';
import { DatabaseLink, TestEnvironment } from '@app/service-kit/testing';
import { identityService } from '../src';

jest.setTimeout(30_000);

/** With Postgres down, sign-in answers a fast, retryable 503 in GoTrue's shape, and works again once it is back. */
describe('identity: a database outage', () => {
  let env: TestEnvironment;
  let link: DatabaseLink;
  let svc: RunningService;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    link = await DatabaseLink.open(env.databaseUrl);
    svc = await env.start(identityService, { DATABASE_URL: link.urlFor(env.databaseUrl), MAILBOX_DIR: mkdtempSync(path.join(tmpdir(), 'identity-mailbox-')) });
  });
  afterAll(async () => {
    await env.close();
    await link.cut();
  });

  it('answers 503 with Retry-After while Postgres is unreachable, then signs in again', async () => {
    const credentials = { email: `outage-${randomBytes(4).toString('hex')}@example.com`, password: 'secret123' };
    await request(svc.url).post('/auth/v1/signup').send(credentials).expect(200);

    await link.cut();
    const startedAt = Date.now();
    const down = await request(svc.url).post('/auth/v1/token?grant_type=password').send(credentials);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ code: 503, error_code: 'unexpected_failure', msg: 'The service is temporarily unavailable, please try again shortly' });
    expect(Number(down.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Date.now() - startedAt).toBeLessThan(2000);

    await link.restore();
    await request(svc.url).post('/auth/v1/token?grant_type=password').send(credentials).expect(200);
  });
});
