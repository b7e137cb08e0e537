import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { waitFor } from '@app/service-kit/testing';
import { identityService, MailboxMessage, readMailbox } from '../src';
import { delayAfter } from '../src/accounts/sign-in-guard';
import { env, startIdentity, svc } from './fixtures';

jest.setTimeout(120_000);

const email = () => `owner-${randomBytes(4).toString('hex')}@example.com`;
const password = 'secret123';
let addressCounter = 0;
/** A fresh client address, as the gateway names it. */
const newAddress = () => `10.20.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;
const modeOf = (file: string) => statSync(file).mode & 0o777;

/**
 * Limits that slow a guesser but never lock the owner out (issue 20, item 5): of sign-in, wrong
 * confirmation codes and resends, with the figures of the defaults unless a test says otherwise.
 */
describe('identity: limits that never lock the owner out', () => {
  // A mailbox the service has to make itself: under a directory that does not exist yet.
  const mailbox = path.join(mkdtempSync(path.join(tmpdir(), 'identity-owner-')), 'data', 'mailbox');

  startIdentity({ MAILBOX_DIR: mailbox, SIGNUPS_PER_ADDRESS_PER_HOUR: '1000' });

  const signUp = async (url = svc.url, who = email()) => {
    const res = await request(url).post('/auth/v1/signup').set(env.fromGateway(newAddress())).send({ email: who, password }).expect(200);
    return { email: who, session: res.body as { access_token: string } };
  };
  const attempt = (from: string, who: string, secret: string, url = svc.url) =>
    request(url).post('/auth/v1/token?grant_type=password').set(env.fromGateway(from)).send({ email: who, password: secret });
  /** An attempt as a client sends it: a 503 (every connection busy on a loaded machine; nothing counted) is sent again. */
  const answeredAttempt = async (from: string, who: string, secret: string) => {
    for (;;) {
      const res = await attempt(from, who, secret);
      if (res.status !== 503) return res;
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  const verifyCode = (who: string, code: string, url = svc.url) => request(url).post('/auth/v1/verify').send({ type: 'email', email: who, token: code });
  const resend = (who: string, url = svc.url) => request(url).post('/auth/v1/resend').send({ type: 'signup', email: who });
  async function mailTo(to: string, count = 1, dir = mailbox): Promise<MailboxMessage> {
    return waitFor(async () => {
      const messages = await readMailbox(dir, to);
      return messages.length >= count && messages[0];
    });
  }
  const wrongFor = (code: string) => (code === '000000' ? '000001' : '000000');

  describe('sign-in', () => {
    it('after 5 wrong passwords from the owner’s own address, the right one works again within 60 s', async () => {
      const { email: owner } = await signUp();
      const home = newAddress();
      await attempt(home, owner, password).expect(200);
      for (let i = 0; i < 5; i++) await attempt(home, owner, 'wrong123').expect(400);
      // Held briefly (so a guesser there is slowed too), never for the 15 minutes of before.
      const held = await attempt(home, owner, password).expect(429);
      expect(held.body.error_code).toBe('over_request_rate_limit');
      const retryAfter = Number(held.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const heldAt = Date.now();
      await waitFor(async () => (await attempt(home, owner, password)).status === 200, 60_000);
      expect(Date.now() - heldAt).toBeLessThan(60_000);
    });

    it('waits 2 s after the 5th failure in a row, doubling, never more than 60 s', () => {
      const defaults = { perAccountAndAddress: 5, maxDelaySeconds: 60 };
      expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1000].map((n) => delayAfter(n, defaults))).toEqual([0, 0, 0, 0, 2, 4, 8, 16, 32, 60, 60, 60]);
    });

    it('a guesser who keeps failing from one address is held each time, no longer than SIGNIN_DELAY_MAX_SECONDS; a wait is not a try', async () => {
      const capped = await env.start(identityService, { MAILBOX_DIR: mailbox, SIGNIN_DELAY_MAX_SECONDS: '1' });
      const { email: victim } = await signUp(capped.url);
      const guesser = newAddress();
      for (let i = 0; i < 5; i++) await attempt(guesser, victim, 'wrong123', capped.url).expect(400);
      for (let round = 0; round < 3; round++) {
        const held = await attempt(guesser, victim, 'wrong123', capped.url).expect(429);
        expect(Number(held.headers['retry-after'])).toBe(1);
        // Refused without a password check: the right password while held says nothing.
        await attempt(guesser, victim, password, capped.url).expect(429);
        await waitFor(async () => (await attempt(guesser, victim, 'wrong123', capped.url)).status === 400, 10_000);
      }
      // The owner elsewhere was never held.
      await attempt(newAddress(), victim, password, capped.url).expect(200);
      await env.stop(capped);
    });

    it('once failing in a row, guesses sent at once from that address get one try per wait, not one each', async () => {
      const slow = await env.start(identityService, { MAILBOX_DIR: mailbox, SIGNIN_DELAY_MAX_SECONDS: '3' });
      const { email: victim } = await signUp(slow.url);
      const guesser = newAddress();
      for (let i = 0; i < 5; i++) await attempt(guesser, victim, 'wrong123', slow.url).expect(400);
      const held = await attempt(guesser, victim, 'wrong123', slow.url).expect(429);
      // Waiting as told, as a client would: the turn opens, and the next failure holds it 3 s, ample for the burst's checks.
      await new Promise((r) => setTimeout(r, Number(held.headers['retry-after']) * 1000 + 200));
      const burst = await Promise.all(Array.from({ length: 8 }, () => attempt(guesser, victim, 'wrong123', slow.url)));
      expect(burst.map((res) => res.status).sort()).toEqual([400, 429, 429, 429, 429, 429, 429, 429]);
      await env.stop(slow);
    });

    it('a guesser gets about 100 tries a day at one account, from any number of addresses; the owner’s own address still gets in', async () => {
      const { email: owner } = await signUp();
      const home = newAddress();
      await attempt(home, owner, password).expect(200);
      // 25 addresses, 4 tries each: under every per-address limit, so only the account's daily cap can stop them.
      const guessers = Array.from({ length: 25 }, newAddress);
      await Promise.all(
        guessers.map(async (from) => {
          for (let i = 0; i < 4; i++) expect((await answeredAttempt(from, owner, 'wrong123')).status).toBe(400);
        }),
      );
      const refused = await attempt(newAddress(), owner, 'wrong123').expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      // Refused before the password is checked, so the right one from a new address tells a guesser nothing either.
      await attempt(guessers[0], owner, password).expect(429);
      await attempt(home, owner, password).expect(200);
    });

    it('counts are shared by every replica (they are in Postgres)', async () => {
      // A second process on the same schema, as a second replica is.
      const other = await env.start(identityService, { MAILBOX_DIR: mailbox });
      const { email: victim } = await signUp();
      const guesser = newAddress();
      for (let i = 0; i < 5; i++) await attempt(guesser, victim, 'wrong123', i % 2 ? svc.url : other.url).expect(400);
      await attempt(guesser, victim, 'wrong123', other.url).expect(429);
      await attempt(guesser, victim, 'wrong123', svc.url).expect(429);
      await env.stop(other);
    });
  });

  describe('confirmation codes and resends', () => {
    it('wrong codes hold the code back for a short lockout, never burn it', async () => {
      const short = await env.start(identityService, { MAILBOX_DIR: mailbox, CONFIRMATION_CODE_LOCKOUT_SECONDS: '1' });
      const { email: owner } = await signUp(short.url);
      const { code } = await mailTo(owner);
      for (let i = 0; i < 5; i++) await verifyCode(owner, wrongFor(code!), short.url).expect(403);
      const held = await verifyCode(owner, code!, short.url).expect(429);
      expect(Number(held.headers['retry-after'])).toBe(1);
      const confirmed = await waitFor(async () => {
        const res = await verifyCode(owner, code!, short.url);
        return res.status === 200 && res;
      });
      expect(confirmed.body.user.email_confirmed_at).toBeTruthy();
      await env.stop(short);
    });

    it('codes sent at once get no more tries than codes sent one by one', async () => {
      const { email: owner } = await signUp();
      const { code } = await mailTo(owner);
      const burst = await Promise.all(Array.from({ length: 12 }, () => verifyCode(owner, wrongFor(code!))));
      expect(burst.map((res) => res.status).sort()).toEqual([...Array(5).fill(403), ...Array(7).fill(429)]);
    });

    it('the signed-in owner gets a fresh code after anonymous resends used up theirs, and it works at once despite others’ wrong guesses', async () => {
      const { email: owner, session } = await signUp();
      const first = await mailTo(owner);
      // Someone else guesses (the 15-minute lockout holds every code for this e-mail)…
      for (let i = 0; i < 5; i++) await verifyCode(owner, wrongFor(first.code!)).expect(403);
      await verifyCode(owner, first.code!).expect(429);
      // …and uses up the anonymous resends, with or without a bearer that is no session (supabase-js's API key).
      await resend(owner).expect(200);
      await resend(owner).expect(429);
      await resend(owner).set({ Authorization: 'Bearer public-anon-key' }).expect(429);
      const anonymous = await mailTo(owner, 2);
      await verifyCode(owner, anonymous.code!).expect(429);

      const owned = { Authorization: `Bearer ${session.access_token}` };
      await resend(owner).set(owned).expect(200);
      const fresh = await mailTo(owner, 3);
      expect(fresh.code).toMatch(/^\d{6}$/);
      // The owner's own requests are limited too, apart from everyone else's.
      const again = await resend(owner).set(owned).expect(429);
      expect(again.body.error_code).toBe('over_email_send_rate_limit');
      const confirmed = await verifyCode(owner, fresh.code!).expect(200);
      expect(confirmed.body.user.email_confirmed_at).toBeTruthy();
    });

    it('a signed-in user asking for someone else’s confirmation is anyone', async () => {
      const { email: target } = await signUp();
      const { session } = await signUp();
      await mailTo(target);
      await resend(target).expect(200);
      await resend(target)
        .set({ Authorization: `Bearer ${session.access_token}` })
        .expect(429);
    });
  });

  describe('developer mailbox', () => {
    it('is its owner’s alone: folder 0700, messages 0600', async () => {
      const { email: who } = await signUp();
      const message = await mailTo(who);
      expect(modeOf(mailbox)).toBe(0o700);
      expect(modeOf(path.join(mailbox, message.file))).toBe(0o600);
    });

    it('closes a mailbox folder left open (0755) from before', async () => {
      const open = path.join(mkdtempSync(path.join(tmpdir(), 'identity-open-')), 'mailbox');
      mkdirSync(open);
      chmodSync(open, 0o755);
      const other = await env.start(identityService, { MAILBOX_DIR: open });
      const { email: who } = await signUp(other.url);
      await mailTo(who, 1, open);
      expect(modeOf(open)).toBe(0o700);
      expect(readdirSync(open).map((f) => modeOf(path.join(open, f)))).toEqual([0o600]);
      await env.stop(other);
    });
  });
});
