import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { RunningService } from '@app/service-kit';
import { TestEnvironment } from '@app/service-kit/testing';
import { identityService } from '../src';

jest.setTimeout(90_000);

const email = () => `replica-${randomBytes(4).toString('hex')}@example.com`;
const password = 'secret123';

/** Two replicas of identity on one database, as in production (2–6 pods): a sign-up limit is one figure. */
describe('identity: sign-up limits shared by every replica', () => {
  let env: TestEnvironment;
  let replicas: RunningService[];
  const config = { MAILBOX_DIR: mkdtempSync(path.join(tmpdir(), 'identity-mailbox-')), SIGNUPS_PER_ADDRESS_PER_HOUR: '10' };

  beforeAll(async () => {
    env = await TestEnvironment.create();
    replicas = [await env.start(identityService, config), await env.start(identityService, config)];
  });
  afterAll(() => env.close());

  const signUp = (svc: RunningService, from: string) => request(svc.url).post('/auth/v1/signup').set(env.fromGateway(from)).send({ email: email(), password });

  it('refuses the 11th sign-up from one address across both replicas (429, Retry-After), and still after a restart', async () => {
    const from = '198.51.100.60';
    for (let i = 0; i < 10; i++) await signUp(replicas[i % 2], from).expect(200);
    for (const svc of replicas) {
      const refused = await signUp(svc, from).expect(429);
      expect(refused.body.error_code).toBe('over_request_rate_limit');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    }
    await signUp(replicas[1], '198.51.100.61').expect(200);

    // A rollout replaces every pod: the count is in Postgres, not in the pods.
    for (const svc of replicas.splice(0)) await env.stop(svc);
    replicas.push(await env.start(identityService, config));
    await signUp(replicas[0], from).expect(429);
  });
});
