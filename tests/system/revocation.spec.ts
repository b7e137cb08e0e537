import { randomBytes } from 'node:crypto';
import { supabaseClient } from '@app/service-kit/testing';
import { startStack, Stack } from './stack';

/** An endpoint of each service that answers a signed-in user 200 and anyone else 401. */
const signedInPaths: Record<string, string> = {
  identity: '/auth/v1/user',
  interviews: '/api/all-companies',
  practice: '/api/error-types',
  community: '/api/feature-requests',
  profile: '/api/profile',
  voice: '/api/voice/sessions',
};

/**
 * A logged-out token is refused by every service within 1 s: each verifier (gateway and services)
 * learns of ended sessions from identity's revocation list, fetched every 500 ms while tokens arrive
 * and before believing one when the list is older than 750 ms.
 */
describe('a logged-out token, at every service', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  const get = (base: string, path: string, token: string) => fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const targets = () => [
    ...Object.entries(stack.services).map(([name, svc]) => ({ name, base: svc.url, path: signedInPaths[name] })),
    { name: 'gateway', base: stack.url, path: signedInPaths.profile },
  ];

  it('is refused by the gateway and each service reached directly within 1 s of the logout', async () => {
    expect(Object.keys(stack.services).sort()).toEqual(Object.keys(signedInPaths).sort());
    const timings: Record<string, number[]> = {};
    for (let round = 0; round < 3; round++) {
      const supabase = supabaseClient(stack.url);
      const { data } = await supabase.auth.signUp({ email: `r.${randomBytes(4).toString('hex')}@example.com`, password: 'secret123' });
      const token = data.session!.access_token;
      // Believed (and remembered) everywhere first, so each refusal comes from the revocation list.
      for (const { name, base, path } of targets()) expect({ name, status: (await get(base, path, token)).status }).toEqual({ name, status: 200 });

      expect((await supabase.auth.signOut({ scope: 'global' })).error).toBeNull();
      const loggedOutAt = Date.now();
      await Promise.all(
        targets().map(async ({ name, base, path }) => {
          for (;;) {
            const status = (await get(base, path, token)).status;
            // Identity answers as GoTrue does: 403 session_not_found.
            if (status === 401 || (name === 'identity' && status === 403)) break;
            if (Date.now() - loggedOutAt > 10_000) throw new Error(`${name} still answered ${status} 10 s after the logout`);
            await new Promise((r) => setTimeout(r, 20));
          }
          (timings[name] ??= []).push(Date.now() - loggedOutAt);
        }),
      );
    }
    // Printed for the record (docs quote them); the bound is what the product promises.
    process.stdout.write(`ms from logout to refusal, 3 rounds: ${JSON.stringify(timings)}\n`);
    for (const [name, ms] of Object.entries(timings)) expect({ name, slowest: Math.max(...ms) <= 1000 }).toEqual({ name, slowest: true });
  });
});
