import { randomBytes } from 'node:crypto';
import { startStack, Stack } from './stack';

/**
 * Only the gateway is believed about the client (issue 20 item 6): identity's sign-up limit counts
 * the address the gateway names, a direct caller is counted at its real address whatever it claims,
 * and /internal/* answers only holders of GATEWAY_SECRET.
 */
describe('the client address, through the gateway and at a service reached directly', () => {
  let stack: Stack;
  // The test stands for the ingress in front of the gateway: the one proxy whose X-Forwarded-For it believes.
  beforeAll(async () => {
    stack = await startStack({ SIGNUPS_PER_ADDRESS_PER_HOUR: '2' }, { TRUST_PROXY: 'loopback' });
  });
  afterAll(() => stack.close());

  const signUp = (base: string, forwardedFor: string) =>
    fetch(`${base}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ email: `addr.${randomBytes(4).toString('hex')}@example.com`, password: 'secret123' }),
    });

  it('through the gateway, the real client address is counted', async () => {
    // The client's own claim (left) is not the ingress's word (right): the gateway names 203.0.113.10.
    const from = (client: string) => `192.0.2.99, ${client}`;
    expect((await signUp(stack.url, from('203.0.113.10'))).status).toBe(200);
    expect((await signUp(stack.url, from('203.0.113.10'))).status).toBe(200);
    const refused = await signUp(stack.url, from('203.0.113.10'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client behind the same ingress is not held back by the first one's limit.
    expect((await signUp(stack.url, from('203.0.113.11'))).status).toBe(200);
  });

  it('a direct call with a forged X-Forwarded-For is counted at its real (loopback) address', async () => {
    const identity = stack.services.identity.url;
    expect((await signUp(identity, '198.51.100.1')).status).toBe(200);
    expect((await signUp(identity, '198.51.100.2')).status).toBe(200);
    // A third fresh address claimed: still the same caller, past its limit.
    expect((await signUp(identity, '198.51.100.3')).status).toBe(429);
  });

  it('/internal/revocations answers 401 in the envelope without the proof, 200 with it; the gateway does not route it', async () => {
    const url = `${stack.services.identity.url}/internal/revocations`;
    const refused = await fetch(url);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
    const forged = await fetch(url, { headers: { 'X-Gateway-Proof': `${Math.floor(Date.now() / 1000)}.${'A'.repeat(43)}` } });
    expect(forged.status).toBe(401);
    const answered = await fetch(url, { headers: stack.env.fromGateway() });
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ cursor: expect.any(Number), revocations: expect.any(Array) });
    expect((await fetch(`${stack.url}/internal/revocations`, { headers: stack.env.fromGateway() })).status).toBe(404);
  });

  it('signed-in calls work through the gateway and at a service: every verifier polls the list with the proof', async () => {
    const session = (await (await signUp(stack.url, '203.0.113.20')).json()) as { access_token: string };
    const auth = { Authorization: `Bearer ${session.access_token}` };
    expect((await fetch(`${stack.url}/api/profile`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${stack.services.profile.url}/api/profile`, { headers: auth })).status).toBe(200);
  });
});
