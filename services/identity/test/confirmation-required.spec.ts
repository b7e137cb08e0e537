import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { supabaseClient, waitFor } from '@app/service-kit/testing';
import { readMailbox } from '../src';
import { startIdentity, svc } from './fixtures';

jest.setTimeout(30_000);

/** Supabase's "Confirm email" setting: no session before the address is proven, as a real project answers. */
describe('identity: EMAIL_CONFIRMATION_REQUIRED', () => {
  const mailbox = mkdtempSync(path.join(tmpdir(), 'identity-mailbox-'));

  startIdentity({ MAILBOX_DIR: mailbox, EMAIL_CONFIRMATION_REQUIRED: 'true', SIGNUPS_PER_ADDRESS_PER_HOUR: '1000' });

  it('signs up without a session, refuses the password until the mailed code is used, then signs in', async () => {
    const email = `required-${randomBytes(4).toString('hex')}@example.com`;
    const client = supabaseClient(svc.url);
    const signedUp = await client.auth.signUp({ email, password: 'secret123' });
    expect(signedUp.error).toBeNull();
    expect(signedUp.data.session).toBeNull();
    expect(signedUp.data.user).toMatchObject({ email, email_confirmed_at: null });
    expect(signedUp.data.user?.confirmation_sent_at).toBeTruthy();

    const refused = await request(svc.url).post('/auth/v1/token?grant_type=password').send({ email, password: 'secret123' }).expect(400);
    expect(refused.body).toMatchObject({ error_code: 'email_not_confirmed', msg: 'Email not confirmed' });
    // A wrong password still says nothing about the account.
    const wrong = await request(svc.url).post('/auth/v1/token?grant_type=password').send({ email, password: 'wrong1234' }).expect(400);
    expect(wrong.body.error_code).toBe('invalid_credentials');

    const [mail] = await waitFor(async () => {
      const found = await readMailbox(mailbox, email);
      return found.length > 0 && found;
    });
    const verified = await client.auth.verifyOtp({ type: 'email', email, token: mail.code! });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email_confirmed_at).toBeTruthy();

    const signedIn = await client.auth.signInWithPassword({ email, password: 'secret123' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.access_token).toBeTruthy();
  });
});
