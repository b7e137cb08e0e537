import { randomUUID } from 'node:crypto';
import { upstreamUrlVariable } from '@app/contracts';
import { startGateway } from '../src/app';
import type { RunningGateway } from '../src/app';
import { UPSTREAM_NAMES, UpstreamName } from '../src/routing/prefix-table';
import { deadPort, es256Token, ISSUER, Stack, startStack } from './helpers';

const DETAILS_TOKEN = 'operator-readiness-token-1';

/**
 * The gateway is ready when it can serve: one service gone (nothing listens where it should, as
 * while it crash-loops) answers 503 on its own prefix, and only there.
 */
describe('gateway: ready when it can serve, whichever service is down', () => {
  let stack: Stack;
  let auth: string;
  const gateways: RunningGateway[] = [];

  beforeAll(async () => {
    stack = await startStack();
    auth = `Bearer ${await es256Token(stack.keys, randomUUID())}`;
  });
  afterAll(async () => {
    for (const gateway of gateways) await gateway.close(500);
    await stack.close();
  });

  /** A gateway in front of the stack's stand-ins, with `down` pointing at a port nothing listens on. */
  async function gatewayWithout(down: UpstreamName): Promise<RunningGateway> {
    const dead = `http://127.0.0.1:${await deadPort()}`;
    const gateway = await startGateway({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      AUTH_ISSUER: ISSUER,
      // The keys of the stack's identity, fetched whether or not the identity it routes to is up.
      AUTH_JWKS_URL: `${stack.upstreams.identity.url}/auth/v1/.well-known/jwks.json`,
      ...Object.fromEntries(UPSTREAM_NAMES.map((name) => [upstreamUrlVariable(name), name === down ? dead : stack.upstreams[name].url])),
      WEB_DIST: '/nonexistent-web-dist',
      READY_DETAILS_TOKEN: DETAILS_TOKEN,
    });
    gateways.push(gateway);
    return gateway;
  }

  it('with profile down: /readyz is 200 and says degraded, profile calls answer 503 at once, everything else is served', async () => {
    const { url } = await gatewayWithout('profile');

    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'degraded' });
    const details = await fetch(`${url}/readyz`, { headers: { 'X-Ready-Details-Token': DETAILS_TOKEN } });
    expect(await details.json()).toEqual({
      status: 'degraded',
      upstreams: { identity: 'up', interviews: 'up', practice: 'up', community: 'up', profile: 'down', voice: 'up' },
    });

    const started = performance.now();
    const profile = await fetch(`${url}/api/profile`, { headers: { authorization: auth } });
    // Refused connections answer at once (the margin is a loaded machine's, far short of the 5 s deadline).
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(profile.status).toBe(503);
    expect(profile.headers.get('retry-after')).toBe('5');
    expect(await profile.json()).toEqual({ error: { code: 'upstream_unavailable', message: 'The profile service is unavailable, please try again shortly' } });

    expect((await fetch(`${url}/api/leetcode-questions`, { headers: { authorization: auth } })).headers.get('x-upstream')).toBe('practice');
    expect((await fetch(`${url}/auth/v1/token?grant_type=password`, { method: 'POST', body: '{}' })).headers.get('x-upstream')).toBe('identity');
    expect((await fetch(`${url}/interviews`, { headers: { accept: 'text/html' } })).status).toBe(200);
  });

  it('with identity down: sign-in answers 503 in GoTrue shape, the page and the anonymous contact form are served', async () => {
    const { url } = await gatewayWithout('identity');

    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'degraded' });
    const signIn = await fetch(`${url}/auth/v1/token?grant_type=password`, { method: 'POST', body: '{}' });
    expect(signIn.status).toBe(503);
    expect(signIn.headers.get('retry-after')).toBe('5');
    expect(await signIn.json()).toMatchObject({ code: 503, msg: 'The identity service is unavailable, please try again shortly' });

    expect((await fetch(`${url}/`, { headers: { accept: 'text/html' } })).status).toBe(200);
    const contact = await fetch(`${url}/api/contact-form`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(contact.headers.get('x-upstream')).toBe('community');
  });
});
