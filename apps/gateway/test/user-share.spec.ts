import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { es256Token, Stack, startStack } from './helpers';

/** Each signed-in user's share of the gateway: past it a 429 answered at the door, which no service pays for. */
describe("a user's share of the gateway", () => {
  let stack: Stack;
  const reachedProfile: string[] = [];

  beforeAll(async () => {
    // One call every 4 s on average: the burst's eight calls cannot earn a token back even on a slow
    // day (at 2 a second, a load average of 12 made one of them a 200).
    stack = await startStack(
      { USER_REQUESTS_PER_SECOND: '0.25', USER_REQUEST_BURST: '5' },
      {
        extra: {
          profile: (req) => {
            if (req.url === '/api/profile') reachedProfile.push(String(req.headers.authorization));
            return false;
          },
        },
      },
    );
  });
  afterAll(() => stack.close());

  it('answers 429 with Retry-After past the burst, before the service, while another user is still served', async () => {
    const heavy = `Bearer ${await es256Token(stack.keys, randomUUID())}`;
    const light = `Bearer ${await es256Token(stack.keys, randomUUID())}`;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await request(stack.gateway.url).get('/api/profile').set('Authorization', heavy)).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    expect(reachedProfile.filter((a) => a === heavy)).toHaveLength(5);

    const refused = await request(stack.gateway.url).get('/api/leetcode-questions').set('Authorization', heavy).expect(429);
    expect(refused.body).toEqual({ error: { code: 'rate_limited', message: 'Too many requests from this account, please slow down' } });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(4);
    expect(refused.headers['cache-control']).toBe('no-store');

    await request(stack.gateway.url).get('/api/profile').set('Authorization', light).expect(200);
    // Retry-After is the truth: waited, the next call is served.
    await new Promise((r) => setTimeout(r, retryAfter * 1000));
    await request(stack.gateway.url).get('/api/profile').set('Authorization', heavy).expect(200);
  });

  it('does not meter anonymous routes or calls refused for their token', async () => {
    for (let i = 0; i < 8; i++) await request(stack.gateway.url).get('/api/profile').set('Authorization', 'Bearer nonsense').expect(401);
    for (let i = 0; i < 8; i++)
      await request(stack.gateway.url)
        .post('/api/contact-form')
        .send({})
        .expect((res) => expect(res.status).not.toBe(429));
  });
});
