import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, StringCodec } from 'nats';
import request from 'supertest';
import { RunningService, TokenVerifier } from '@app/service-kit';
import { supabaseClient, TestEnvironment, testIssuer } from '@app/service-kit/testing';
import { identityService } from '../src';
import { AccountsRepository } from '../src/accounts/accounts.repository';
import { deleteAccount } from '../src/accounts/erasure';

jest.setTimeout(30_000);

const email = () => `cand-${randomBytes(4).toString('hex')}@example.com`;
const password = 'secret123';
const mailbox = mkdtempSync(path.join(tmpdir(), 'identity-mailbox-'));

describe('identity: the Supabase-Auth-compatible /auth/v1', () => {
  let env: TestEnvironment;
  let svc: RunningService;
  const client = () => supabaseClient(svc.url);

  beforeAll(async () => {
    env = await TestEnvironment.create();
    svc = await env.start(identityService, { MAILBOX_DIR: mailbox, SIGNUPS_PER_ADDRESS_PER_HOUR: '1000' });
  });
  afterAll(() => env.close());

  /** The last `type` event on the stream once it is about `userId` (the outbox relays within ~1 s), or undefined after 10 s. */
  async function publishedEvent(type: string, userId: string): Promise<{ data: { user_id: string } } | undefined> {
    const nc = await connect({ servers: env.natsUrl });
    try {
      const jsm = await nc.jetstreamManager();
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
        try {
          const msg = await jsm.streams.getMessage(`${env.prefix}_EVENTS`, { last_by_subj: `${env.prefix}.${type}` });
          const event = JSON.parse(StringCodec().decode(msg.data));
          if (event.data.user_id === userId) return event;
        } catch {
          // not there yet
        }
      }
      return undefined;
    } finally {
      await nc.close();
    }
  }

  it('serves supabase-js: signUp, signInWithPassword, getSession, refreshSession, getUser, updateUser, signOut', async () => {
    const supabase = client();
    const address = email();
    const signUp = await supabase.auth.signUp({ email: address, password, options: { data: { full_name: 'Ada Lovelace' } } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session?.access_token).toBeTruthy();
    expect(signUp.data.user).toMatchObject({ email: address, aud: 'authenticated', user_metadata: { full_name: 'Ada Lovelace' } });

    const signIn = await supabase.auth.signInWithPassword({ email: address, password });
    expect(signIn.error).toBeNull();
    const { data: current } = await supabase.auth.getSession();
    expect(current.session?.access_token).toBe(signIn.data.session?.access_token);

    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(signIn.data.session?.refresh_token);

    const user = await supabase.auth.getUser();
    expect(user.error).toBeNull();
    expect(user.data.user?.id).toBe(signUp.data.user?.id);

    const updated = await supabase.auth.updateUser({ data: { avatar_url: 'https://img.example/a.png' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ full_name: 'Ada Lovelace', avatar_url: 'https://img.example/a.png' });

    const signOut = await supabase.auth.signOut();
    expect(signOut.error).toBeNull();
    const after = await request(svc.url).post('/auth/v1/token?grant_type=refresh_token').send({ refresh_token: refreshed.data.session!.refresh_token });
    expect(after.status).toBe(400);
    expect(after.body.error_code).toBe('refresh_token_not_found');
  });

  it('issues access tokens with Supabase claims that the shared verifier accepts through the JWKS', async () => {
    const res = await request(svc.url).post('/auth/v1/signup').send({ email: email(), password }).expect(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const jwks = await request(svc.url).get('/auth/v1/.well-known/jwks.json').expect(200);
    expect(jwks.headers['cache-control']).toBe('public, max-age=600');
    expect(jwks.body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.body.keys[0].d).toBeUndefined();
    const verifier = new TokenVerifier({
      jwksUrl: `${svc.url}/auth/v1/.well-known/jwks.json`,
      issuer: testIssuer,
      audience: 'authenticated',
      revocationsHeaders: () => env.fromGateway(),
    });
    const user = await verifier.verify(res.body.access_token);
    expect(user).toMatchObject({ id: res.body.user.id, email: res.body.user.email, role: 'authenticated' });
    const claims = JSON.parse(Buffer.from(res.body.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ aud: 'authenticated', iss: testIssuer, role: 'authenticated', aal: 'aal1', is_anonymous: false });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a taken e-mail, whatever its case', async () => {
    const address = email();
    await request(svc.url).post('/auth/v1/signup').send({ email: address, password }).expect(200);
    const again = await request(svc.url).post('/auth/v1/signup').send({ email: address.toUpperCase(), password }).expect(422);
    expect(again.body).toMatchObject({ code: 422, error_code: 'user_already_exists', msg: 'User already registered' });
    expect(again.headers['x-sb-error-code']).toBe('user_already_exists');
    const viaClient = await client().auth.signUp({ email: address, password });
    expect(viaClient.error?.message).toBe('User already registered');
  });

  it.each([
    ['abc1', 'Password must be at least 6 characters'],
    ['abcdefg', 'Password must contain at least one letter and one digit'],
    ['1234567', 'Password must contain at least one letter and one digit'],
    // Spaces and symbols are welcome (issue 22 item 4); what cannot be typed is not.
    ['abc\t123', 'Password can only contain characters you can type (no tabs or line breaks)'],
  ])('refuses the weak password %p', async (weak, message) => {
    const res = await request(svc.url).post('/auth/v1/signup').send({ email: email(), password: weak }).expect(422);
    expect(res.body).toMatchObject({ error_code: 'weak_password', msg: message, weak_password: { reasons: [message] } });
  });

  it('refuses an invalid e-mail', async () => {
    const res = await request(svc.url).post('/auth/v1/signup').send({ email: 'not-an-email', password }).expect(400);
    expect(res.body).toMatchObject({ error_code: 'validation_failed', msg: 'Invalid email address' });
  });

  it('answers a wrong password (or unknown account) with invalid_credentials', async () => {
    const address = email();
    await request(svc.url).post('/auth/v1/signup').send({ email: address, password }).expect(200);
    const wrong = await client().auth.signInWithPassword({ email: address, password: 'wrong123' });
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await request(svc.url).post('/auth/v1/token?grant_type=password').send({ email: email(), password }).expect(400);
    expect(unknown.body).toMatchObject({ error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  it('rotates refresh tokens, and a reused one ends the session', async () => {
    const first = await request(svc.url).post('/auth/v1/signup').send({ email: email(), password }).expect(200);
    const second = await request(svc.url).post('/auth/v1/token?grant_type=refresh_token').send({ refresh_token: first.body.refresh_token }).expect(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    const third = await request(svc.url).post('/auth/v1/token?grant_type=refresh_token').send({ refresh_token: second.body.refresh_token }).expect(200);

    // `first` was rotated two generations ago: theft, not a retry.
    const reused = await request(svc.url).post('/auth/v1/token?grant_type=refresh_token').send({ refresh_token: first.body.refresh_token }).expect(400);
    expect(reused.body.error_code).toBe('refresh_token_already_used');
    // …and the whole session is gone, the live token included.
    const live = await request(svc.url).post('/auth/v1/token?grant_type=refresh_token').send({ refresh_token: third.body.refresh_token }).expect(400);
    expect(live.body.error_code).toBe('refresh_token_not_found');
    await request(svc.url).get('/auth/v1/user').set('Authorization', `Bearer ${third.body.access_token}`).expect(403);
  });

  it('lets a client retry a refresh whose answer it lost, within the reuse window', async () => {
    const first = await request(svc.url).post('/auth/v1/signup').send({ email: email(), password }).expect(200);
    await request(svc.url).post('/auth/v1/token?grant_type=refresh_token').send({ refresh_token: first.body.refresh_token }).expect(200);
    const retry = await request(svc.url).post('/auth/v1/token?grant_type=refresh_token').send({ refresh_token: first.body.refresh_token }).expect(200);
    await request(svc.url).post('/auth/v1/token?grant_type=refresh_token').send({ refresh_token: retry.body.refresh_token }).expect(200);
  });

  it('logs out: the session’s refresh tokens stop working; unknown scopes are refused', async () => {
    const session = await request(svc.url).post('/auth/v1/signup').send({ email: email(), password }).expect(200);
    const auth = { Authorization: `Bearer ${session.body.access_token}` };
    await request(svc.url).post('/auth/v1/logout?scope=everything').set(auth).expect(400);
    await request(svc.url).post('/auth/v1/logout').set(auth).expect(204);
    const res = await request(svc.url).post('/auth/v1/token?grant_type=refresh_token').send({ refresh_token: session.body.refresh_token }).expect(400);
    expect(res.body.error_code).toBe('refresh_token_not_found');
    await request(svc.url).post('/auth/v1/logout').expect(401);
  });

  it('reports enabled providers in settings, and that e-mails are confirmed by mail', async () => {
    const res = await request(svc.url).get('/auth/v1/settings').expect(200);
    expect(res.body).toMatchObject({ external: { email: true, github: false, google: false }, disable_signup: false, mailer_autoconfirm: false });
  });

  it('publishes identity.user.registered through the outbox, with the user id and no address or name', async () => {
    const res = await request(svc.url)
      .post('/auth/v1/signup')
      .send({ email: email(), password, data: { full_name: 'Ann Lee' } })
      .expect(200);
    const found = await publishedEvent('identity.user.registered', res.body.user.id);
    expect(found).toMatchObject({ type: 'identity.user.registered', version: 1 });
    expect(found!.data).toEqual({ user_id: res.body.user.id, created_at: res.body.user.created_at });
  });

  it('grants and revokes the moderator role (the operator command’s repository call); new tokens carry it', async () => {
    const address = email();
    await request(svc.url).post('/auth/v1/signup').send({ email: address, password }).expect(200);
    const accounts = new AccountsRepository(svc.db);
    expect((await accounts.setRole(address.toUpperCase(), 'moderator'))?.app_metadata).toMatchObject({ role: 'moderator', provider: 'email' });
    const signedIn = await request(svc.url).post('/auth/v1/token?grant_type=password').send({ email: address, password }).expect(200);
    const claims = JSON.parse(Buffer.from(signedIn.body.access_token.split('.')[1], 'base64url').toString());
    expect(claims.app_metadata.role).toBe('moderator');
    await accounts.setRole(address, null);
    const after = await request(svc.url).post('/auth/v1/token?grant_type=refresh_token').send({ refresh_token: signedIn.body.refresh_token }).expect(200);
    expect(JSON.parse(Buffer.from(after.body.access_token.split('.')[1], 'base64url').toString()).app_metadata.role).toBeUndefined();
    expect(await accounts.setRole('nobody@example.com', 'moderator')).toBeUndefined();
  });

  it('deletes an account (the operator command’s call): sign-in and refresh stop, identity.user.deleted is published', async () => {
    const address = email();
    const signedUp = await request(svc.url).post('/auth/v1/signup').send({ email: address, password }).expect(200);
    expect(await deleteAccount(new AccountsRepository(svc.db), svc.events, address.toUpperCase(), 3600)).toBe(signedUp.body.user.id);
    expect(await deleteAccount(new AccountsRepository(svc.db), svc.events, address, 3600)).toBeUndefined();
    await request(svc.url).post('/auth/v1/token?grant_type=password').send({ email: address, password }).expect(400);
    await request(svc.url).post('/auth/v1/token?grant_type=refresh_token').send({ refresh_token: signedUp.body.refresh_token }).expect(400);
    const user = await request(svc.url).get('/auth/v1/user').set('Authorization', `Bearer ${signedUp.body.access_token}`).expect(403);
    expect(user.body.error_code).toBe('session_not_found');

    const found = await publishedEvent('identity.user.deleted', signedUp.body.user.id);
    expect(found).toMatchObject({ type: 'identity.user.deleted', version: 1, data: { user_id: signedUp.body.user.id } });
  });

  it('keeps its signing keys across a restart: earlier tokens still verify', async () => {
    const before = await request(svc.url).post('/auth/v1/signup').send({ email: email(), password }).expect(200);
    await env.stop(svc);
    svc = await env.start(identityService, { MAILBOX_DIR: mailbox });
    await request(svc.url).get('/auth/v1/user').set('Authorization', `Bearer ${before.body.access_token}`).expect(200);
  });
});
