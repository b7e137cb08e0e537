import { RunningService } from '@app/service-kit';
import { TestEnvironment } from '@app/service-kit/testing';
import request from 'supertest';
import { communityService } from '../src';

jest.setTimeout(60_000);

/** Two replicas of community on one database, as in production (2–6 pods): the README's figures hold across them. */
describe('community: contact limits shared by every replica', () => {
  let env: TestEnvironment;
  let replicas: RunningService[];

  beforeAll(async () => {
    env = await TestEnvironment.create();
    // The default figures (10 an hour per address and per account), as the README states them.
    replicas = [await env.start(communityService), await env.start(communityService)];
  });
  afterAll(() => env.close());

  const send = (svc: RunningService, headers: Record<string, string>, message: string) =>
    request(svc.url).post('/api/contact-form').set(headers).send({ subject: 'Feedback', message });

  it('refuses the 11th message from one address across both replicas (429, Retry-After), and still after a restart', async () => {
    const address = env.fromGateway('198.51.100.40');
    for (let i = 0; i < 10; i++) await send(replicas[i % 2], address, `note ${i}`).expect(201);
    for (const svc of replicas) {
      const refused = await send(svc, address, 'one too many').expect(429);
      expect(refused.body).toEqual({ error: { code: 'rate_limited', message: 'Too many requests, please try again later' } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    }
    await send(replicas[1], env.fromGateway('198.51.100.41'), 'another client').expect(201);

    // A rollout replaces every pod: the count is in Postgres, not in the pods.
    for (const svc of replicas.splice(0)) await env.stop(svc);
    replicas.push(await env.start(communityService), await env.start(communityService));
    await send(replicas[0], address, 'after the rollout').expect(429);
    const { rows } = await replicas[0].db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM contact_form_submissions WHERE message = 'one too many' OR message = 'after the rollout'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('refuses a signed-in sender’s 11th message across both replicas, sent at once', async () => {
    const auth = await env.authHeader(env.newUser());
    // Concurrent sends on both replicas: the count is taken atomically, so exactly ten pass.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => send(replicas[i % 2], { ...env.fromGateway(`198.51.100.${50 + i}`), ...auth }, `signed in ${i}`)),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(2);
  });

  it('keeps no client address in the clear', async () => {
    const { rows } = await replicas[0].db.query<{ key: string }>('SELECT key FROM rate_limits');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.key).join(' ')).not.toContain('198.51.100');
  });
});
