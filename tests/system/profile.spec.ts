import { supabaseClient } from '@app/service-kit/testing';
import { randomBytes } from 'node:crypto';
import { body, confirmEmail, startStack, Stack } from './stack';

/** Sign-up with supabase-js through the gateway, then the profile and company calls a candidate makes. */
describe('profile and companies across services, through the gateway', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  const signUp = async (email: string, confirmed = true) => {
    const supabase = supabaseClient(stack.url);
    const { data, error } = await supabase.auth.signUp({ email, password: 'secret123' });
    expect(error).toBeNull();
    // The owner of the address opens the mailed link; only its session's token claims the address.
    const token = confirmed ? (await confirmEmail(stack, email)).access_token : data.session!.access_token;
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${stack.url}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
      });
    return { call, user: data.user! };
  };

  const tag = () => randomBytes(3).toString('hex');

  it('gives a new account a profile at once, its username nothing from the e-mail', async () => {
    const local = `ada.${tag()}`;
    const { call } = await signUp(`${local}@example.com`);
    const res = await call('/api/profile');
    expect(res.status).toBe(200);
    const profile = await body(res);
    expect(profile.username).toMatch(/^member-[0-9a-f]{8}$/);
    expect(profile).toMatchObject({ current_company_id: null, verified_company: false, years_of_experience: null });
  });

  it('verifies the company only for an e-mail on its domain, whatever the client sends', async () => {
    const domain = `acme-${tag()}.io`;
    const insider = await signUp(`grace@eng.${domain}`);
    const created = await insider.call('/api/all-companies', {
      method: 'POST',
      body: JSON.stringify({ name: `Acme ${domain}`, website_url: `https://www.${domain}` }),
    });
    expect(created.status).toBe(201);
    const company = (await body(created)).data;

    const put = async (who: typeof insider, verified_company: boolean) => {
      // The company reaches profile's read model through an event: wait for it the way a user would retry.
      for (let i = 0; i < 50; i++) {
        const res = await who.call('/api/profile', {
          method: 'PUT',
          body: JSON.stringify({ username: `u${tag()}`, current_company_id: company.id, verified_company }),
        });
        if (res.status !== 400) return res;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('company never reached the profile service');
    };

    const mine = await put(insider, false);
    expect(mine.status).toBe(200);
    expect((await body(mine)).data).toMatchObject({ current_company_id: company.id, verified_company: true });

    const outsider = await signUp(`mallory@not${domain}`);
    const theirs = await put(outsider, true);
    expect(theirs.status).toBe(200);
    expect((await body(theirs)).data).toMatchObject({ current_company_id: company.id, verified_company: false });
  });

  it('does not verify an address nobody has confirmed, whatever it claims (sign-up or e-mail change)', async () => {
    const pending = await signUp(`ceo.${tag()}@google.com`, false);
    const companies = await body(await pending.call('/api/all-companies'));
    const google = companies.find((c: { name: string }) => c.name === 'Google');
    const put = () =>
      pending.call('/api/profile', { method: 'PUT', body: JSON.stringify({ username: `p${tag()}`, current_company_id: google.id, verified_company: true }) });
    const unconfirmed = await put();
    expect(unconfirmed.status).toBe(200);
    expect((await body(unconfirmed)).data.verified_company).toBe(false);

    // A confirmed account that asks for a google.com address keeps its old one until the new one is confirmed.
    const mover = await signUp(`mover.${tag()}@example.com`);
    const { data } = await supabaseClient(stack.url).auth.signInWithPassword({ email: mover.user.email!, password: 'secret123' });
    const target = `mover.${tag()}@google.com`;
    const change = await fetch(`${stack.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${data.session!.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: target }),
    });
    expect(await body(change)).toMatchObject({ email: mover.user.email, new_email: target });
    const refreshed = await fetch(`${stack.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: data.session!.refresh_token }),
    });
    const claims = JSON.parse(Buffer.from((await body(refreshed)).access_token.split('.')[1], 'base64url').toString());
    expect(claims.email).toBe(mover.user.email);
  });

  it('refuses the same call without a token, in the envelope', async () => {
    const res = await fetch(`${stack.url}/api/profile`);
    expect(res.status).toBe(401);
    expect((await body(res)).error.code).toBe('unauthorized');
  });
});
