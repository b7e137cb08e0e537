import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { publishedEvents, supabaseClient, waitFor } from '@app/service-kit/testing';
import { identityService, MailboxMessage, readMailbox } from '../src';
import { env, startIdentity, svc } from './fixtures';

jest.setTimeout(30_000);

const email = () => `conf-${randomBytes(4).toString('hex')}@example.com`;
const password = 'secret123';
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

/** Proof of control of an address: nothing is confirmed until the mailed link or code is used. */
describe('identity: e-mail confirmation', () => {
  const mailbox = mkdtempSync(path.join(tmpdir(), 'identity-mailbox-'));

  startIdentity({ MAILBOX_DIR: mailbox, SIGNUPS_PER_ADDRESS_PER_HOUR: '1000', AUTH_ISSUER: 'http://app.example/auth/v1' });

  /** The newest mail to `to` (mail is written once the sign-up commits). */
  async function mailTo(to: string, count = 1): Promise<MailboxMessage> {
    for (const deadline = Date.now() + 5000; ; await new Promise((r) => setTimeout(r, 50))) {
      const messages = await readMailbox(mailbox, to);
      if (messages.length >= count) return messages[0];
      if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    }
  }
  const secretOf = (message: MailboxMessage) => new URL(message.link!).searchParams.get('token')!;
  const signUp = async (address = email()) => (await request(svc.url).post('/auth/v1/signup').send({ email: address, password }).expect(200)).body;

  it('signs up signed in but unconfirmed; the token does not claim the address; sign-in works before confirming', async () => {
    const address = email();
    const session = await signUp(address);
    expect(session.user).toMatchObject({ email: address, email_confirmed_at: null, confirmed_at: null });
    expect(claims(session.access_token)).toMatchObject({ email: address, email_verified: false });
    const signedIn = await request(svc.url).post('/auth/v1/token?grant_type=password').send({ email: address, password }).expect(200);
    expect(claims(signedIn.body.access_token).email_verified).toBe(false);

    const mail = await mailTo(address);
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.link).toMatch(/^http:\/\/app\.example\/auth\/v1\/verify\?token=[\w-]{43}&type=signup&redirect_to=/);
    expect(mail.code).toMatch(/^\d{6}$/);
  });

  it('confirms with the mailed link’s secret (supabase-js verifyOtp with token_hash), once', async () => {
    const address = email();
    await signUp(address);
    const secret = secretOf(await mailTo(address));
    await request(svc.url)
      .post('/auth/v1/verify')
      .send({ type: 'signup', token_hash: `${secret.slice(0, -2)}AA` })
      .expect(403);
    const { data, error } = await supabaseClient(svc.url).auth.verifyOtp({ type: 'email', token_hash: secret });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(claims(data.session!.access_token)).toMatchObject({ email: address, email_verified: true });
    const again = await request(svc.url).post('/auth/v1/verify').send({ type: 'signup', token_hash: secret }).expect(403);
    expect(again.body).toMatchObject({ error_code: 'otp_expired', msg: 'Token has expired or is invalid' });
    // Every later sign-in carries the proof.
    const signedIn = await request(svc.url).post('/auth/v1/token?grant_type=password').send({ email: address, password }).expect(200);
    expect(claims(signedIn.body.access_token).email_verified).toBe(true);
    // Announced with the confirmation (outbox), by the address's domain only: profile checks the company badge again.
    const [confirmed] = await waitFor(async () => {
      const events = (await publishedEvents(env, 'identity.user.confirmed')).filter((e) => e.data.user_id === data.user!.id);
      return events.length > 0 && events;
    });
    expect(confirmed.data).toEqual({ user_id: data.user!.id, email_domain: 'example.com', confirmed_at: expect.any(String) });
  });

  it('confirms by the link itself: to the site with the session in the fragment, never to another origin', async () => {
    const address = email();
    await signUp(address);
    const link = new URL((await mailTo(address)).link!);
    link.searchParams.set('redirect_to', 'https://evil.example/steal');
    const res = await request(svc.url).get(`${link.pathname}${link.search}`).expect(303);
    const landed = new URL(res.headers.location);
    expect(landed.origin).toBe('http://app.example');
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(claims(fragment.get('access_token')!).email_verified).toBe(true);
    expect(fragment.get('refresh_token')).toBeTruthy();
    const reused = await request(svc.url).get(`${link.pathname}${link.search}`).expect(303);
    expect(new URLSearchParams(new URL(reused.headers.location).hash.slice(1)).get('error_code')).toBe('otp_expired');
  });

  it('confirms with the e-mail and its code; five wrong codes hold every code of that e-mail back for a while', async () => {
    const address = email();
    await signUp(address);
    const { code } = await mailTo(address);
    const wrong = code === '000000' ? '000001' : '000000';
    await request(svc.url).post('/auth/v1/verify').send({ type: 'email', email: address, token: wrong }).expect(403);
    const ok = await request(svc.url).post('/auth/v1/verify').send({ type: 'email', email: address.toUpperCase(), token: code }).expect(200);
    expect(ok.body.user.email_confirmed_at).toBeTruthy();

    const other = email();
    await signUp(other);
    const mail = await mailTo(other);
    const bad = mail.code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) await request(svc.url).post('/auth/v1/verify').send({ type: 'email', email: other, token: bad }).expect(403);
    const held = await request(svc.url).post('/auth/v1/verify').send({ type: 'email', email: other, token: mail.code }).expect(429);
    expect(held.body.error_code).toBe('over_request_rate_limit');
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // A new code asked for by anyone does not bring new guesses for that address…
    await request(svc.url).post('/auth/v1/resend').send({ type: 'signup', email: other }).expect(200);
    const fresh = await mailTo(other, 2);
    await request(svc.url).post('/auth/v1/verify').send({ type: 'email', email: other, token: fresh.code }).expect(429);
    // …but the link still works: its secret cannot be guessed.
    await request(svc.url)
      .post('/auth/v1/verify')
      .send({ type: 'signup', token_hash: secretOf(fresh) })
      .expect(200);
  });

  it('a day’s wrong codes for one e-mail are capped across lockouts, whoever sends them', async () => {
    const capped = await env.start(identityService, { MAILBOX_DIR: mailbox, CONFIRMATION_CODE_LOCKOUT_SECONDS: '1', CONFIRMATION_CODE_FAILURES_PER_DAY: '7' });
    const address = email();
    await request(capped.url).post('/auth/v1/signup').send({ email: address, password }).expect(200);
    const { code } = await mailTo(address);
    const verify = (token: string) => request(capped.url).post('/auth/v1/verify').send({ type: 'email', email: address, token });
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) await verify(wrong).expect(403);
    await waitFor(async () => (await verify(wrong)).status === 403);
    await verify(wrong).expect(403);
    // Seven wrong in the day: the second lockout window holds only two, the day's cap is reached.
    const held = await verify(code!).expect(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    await env.stop(capped);
  });

  it('changes the e-mail only once the new address is confirmed (GoTrue’s new_email until then)', async () => {
    const address = email();
    const session = await signUp(address);
    const auth = { Authorization: `Bearer ${session.access_token}` };
    const target = `ceo-${randomBytes(3).toString('hex')}@google.com`;
    const changed = await request(svc.url).put('/auth/v1/user').set(auth).send({ email: target }).expect(200);
    expect(changed.body).toMatchObject({ email: address, new_email: target });
    expect(changed.body.email_change_sent_at).toBeTruthy();
    // Until confirmed, nothing signs as the new address.
    const refreshed = await request(svc.url).post('/auth/v1/token?grant_type=refresh_token').send({ refresh_token: session.refresh_token }).expect(200);
    expect(claims(refreshed.body.access_token)).toMatchObject({ email: address, email_verified: false });
    await request(svc.url).post('/auth/v1/token?grant_type=password').send({ email: target, password }).expect(400);

    const mail = await mailTo(target);
    expect(mail.subject).toBe('Confirm your new e-mail address');
    const confirmed = await request(svc.url)
      .post('/auth/v1/verify')
      .send({ type: 'email_change', token_hash: secretOf(mail) })
      .expect(200);
    expect(confirmed.body.user).toMatchObject({ email: target });
    expect(confirmed.body.user.new_email).toBeUndefined();
    expect(claims(confirmed.body.access_token)).toMatchObject({ email: target, email_verified: true });
    await request(svc.url).post('/auth/v1/token?grant_type=password').send({ email: target, password }).expect(200);
  });

  it('refuses a change to an address another account has', async () => {
    const taken = email();
    await signUp(taken);
    const session = await signUp();
    const res = await request(svc.url)
      .put('/auth/v1/user')
      .set({ Authorization: `Bearer ${session.access_token}` })
      .send({ email: taken.toUpperCase() })
      .expect(422);
    expect(res.body.error_code).toBe('email_exists');
  });

  it('resends the confirmation at most once a minute, and says nothing about unknown e-mails', async () => {
    const address = email();
    await signUp(address);
    await mailTo(address);
    await request(svc.url).post('/auth/v1/resend').send({ type: 'signup', email: address }).expect(200);
    const second = await mailTo(address, 2);
    await request(svc.url).post('/auth/v1/resend').send({ type: 'signup', email: address }).expect(429);
    // An address without an account is answered the same way.
    const nobody = email();
    await request(svc.url).post('/auth/v1/resend').send({ type: 'signup', email: nobody }).expect(200);
    await request(svc.url).post('/auth/v1/resend').send({ type: 'signup', email: nobody }).expect(429);
    // Only the newest link works.
    const [, first] = await readMailbox(mailbox, address);
    await request(svc.url)
      .post('/auth/v1/verify')
      .send({ type: 'signup', token_hash: secretOf(first) })
      .expect(403);
    await request(svc.url)
      .post('/auth/v1/verify')
      .send({ type: 'signup', token_hash: secretOf(second) })
      .expect(200);
  });

  it('marks every /auth/v1 answer no-store, except the public JWKS', async () => {
    const res = await request(svc.url).post('/auth/v1/signup').send({ email: email(), password });
    expect(res.headers['cache-control']).toBe('no-store');
    const failed = await request(svc.url).post('/auth/v1/token?grant_type=password').send({ email: email(), password });
    expect(failed.headers['cache-control']).toBe('no-store');
    expect((await request(svc.url).get('/auth/v1/.well-known/jwks.json')).headers['cache-control']).toBe('public, max-age=600');
  });
});
