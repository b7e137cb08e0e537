import { randomBytes } from 'node:crypto';
import { supabaseClient } from '@app/service-kit/testing';
import { startStack, Stack } from './stack';

/** A session the user ends is refused everywhere within seconds: at the gateway and at a service reached directly. */
describe('ending sessions, through the gateway and at the services', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  const email = () => `s.${randomBytes(4).toString('hex')}@example.com`;
  const get = (base: string, token: string) => fetch(`${base}/api/profile`, { headers: { Authorization: `Bearer ${token}` } });

  /** Milliseconds until both the gateway and the profile service answer 401 to `token`. */
  async function refusedEverywhere(token: string): Promise<number> {
    const started = Date.now();
    for (;;) {
      const [viaGateway, direct] = await Promise.all([get(stack.url, token), get(stack.services.profile.url, token)]);
      if (viaGateway.status === 401 && direct.status === 401) return Date.now() - started;
      if (Date.now() - started > 10_000) throw new Error(`still answered ${viaGateway.status}/${direct.status} after 10 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('signOut (global) refuses the access token within a few seconds', async () => {
    const supabase = supabaseClient(stack.url);
    const { data } = await supabase.auth.signUp({ email: email(), password: 'secret123' });
    const token = data.session!.access_token;
    // Believed (and remembered by both verifiers) before the logout.
    expect((await get(stack.url, token)).status).toBe(200);
    expect((await get(stack.services.profile.url, token)).status).toBe(200);
    expect((await supabase.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect(await refusedEverywhere(token)).toBeLessThan(5000);
  });

  it('a password change refuses the other sessions’ tokens within a few seconds and keeps the changer’s', async () => {
    const address = email();
    const phone = supabaseClient(stack.url);
    const { data: signedUp } = await phone.auth.signUp({ email: address, password: 'secret123' });
    const laptop = supabaseClient(stack.url);
    const { data: other } = await laptop.auth.signInWithPassword({ email: address, password: 'secret123' });
    expect((await get(stack.url, other.session!.access_token)).status).toBe(200);
    expect((await get(stack.services.profile.url, other.session!.access_token)).status).toBe(200);

    const { error } = await phone.auth.updateUser({ password: 'newpass456', current_password: 'secret123' });
    expect(error).toBeNull();
    expect(await refusedEverywhere(other.session!.access_token)).toBeLessThan(5000);
    expect((await laptop.auth.refreshSession()).error).not.toBeNull();
    expect((await get(stack.url, signedUp.session!.access_token)).status).toBe(200);
  });
});
