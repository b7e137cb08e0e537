import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { publishEvent, waitFor } from '@app/service-kit/testing';
import { readMailbox } from '../src';
import { env, startIdentity, svc } from './fixtures';

jest.setTimeout(60_000);

const token = randomBytes(48).toString('base64url');
const digestFor = (userId: string) => ({
  user_id: userId,
  date: '2026-03-10',
  due_count: 12,
  titles: ['Two Sum', 'LRU Cache', 'Merge Intervals', 'Word Ladder', 'Course Schedule', 'Coin Change', 'Top K', 'Jump Game', 'Min Stack', 'Trie'],
  unsubscribe_token: token,
});

/** practice.review_digest.due → the daily e-mail, to confirmed addresses only, once per event. */
describe('identity: the daily e-mail of reviews due', () => {
  const mailbox = mkdtempSync(path.join(tmpdir(), 'identity-mailbox-'));

  startIdentity({ MAILBOX_DIR: mailbox, SIGNUPS_PER_ADDRESS_PER_HOUR: '1000', SITE_URL: 'http://app.example/' });

  const digestsTo = async (to: string) => (await readMailbox(mailbox, to)).filter((m) => m.subject === '12 problems to review today');
  const signUp = async () => {
    const email = `reviewer-${randomBytes(4).toString('hex')}@example.com`;
    const { user } = (await request(svc.url).post('/auth/v1/signup').send({ email, password: 'secret123' }).expect(200)).body;
    return { id: user.id as string, email };
  };
  const confirmed = async () => {
    const account = await signUp();
    const { code } = await waitFor(async () => (await readMailbox(mailbox, account.email)).find((m) => m.code), 10_000);
    await request(svc.url).post('/auth/v1/verify').send({ type: 'email', email: account.email, token: code }).expect(200);
    return account;
  };

  it('mails a confirmed address the count, the titles, where to review, why it came, a link that asks before unsubscribing and a one-click unsubscribe (RFC 8058)', async () => {
    const reviewer = await confirmed();
    await publishEvent(env, 'practice.review_digest.due', digestFor(reviewer.id));

    const [mail] = await waitFor(async () => (await digestsTo(reviewer.email)).length > 0 && digestsTo(reviewer.email), 30_000);
    const link = `http://app.example/review-email/unsubscribe?token=${token}`;
    expect(mail.text).toContain('You have 12 problems to review today (2026-03-10):');
    expect(mail.text).toContain('- Two Sum\n- LRU Cache\n');
    expect(mail.text).toContain('- Trie\n- and 2 more\n');
    expect(mail.text).toContain('Start reviewing: http://app.example/leetcode/session');
    expect(mail.text.replace(/\s+/g, ' ')).toContain(
      'You get this e-mail because you turned "Daily review e-mail" on in your e-mail settings (http://app.example/settings#email)',
    );
    expect(mail.text.replace(/\s+/g, ' ')).toContain(`To stop it, open ${link}`);
    expect(mail.listUnsubscribe).toBe(`<http://app.example/api/leetcode-questions/review-email/unsubscribe?token=${token}>`);
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  });

  it('says how many are due and how many the daily limits take today when they cut it, with where to change them', async () => {
    const reviewer = await confirmed();
    await publishEvent(env, 'practice.review_digest.due', { ...digestFor(reviewer.id), due_count: 10, due_total: 77 });
    const mail = await waitFor(async () => (await readMailbox(mailbox, reviewer.email)).find((m) => m.subject === '10 of 77 problems to review today'), 30_000);
    expect(mail.text.replace(/\s+/g, ' ')).toContain(
      'You have 77 problems due; your daily limits take 10 today (2026-03-10), limit in Daily limits (http://app.example/leetcode#daily-limits):',
    );
  });

  it('mails a redelivered event once', async () => {
    const reviewer = await confirmed();
    const event = await publishEvent(env, 'practice.review_digest.due', digestFor(reviewer.id));
    await waitFor(async () => (await digestsTo(reviewer.email)).length > 0, 30_000);
    // A different message id gets past the broker's duplicate window: the consumer itself must absorb it.
    await publishEvent(env, 'practice.review_digest.due', event.data, { id: event.id, msgId: randomUUID() });
    const other = await confirmed();
    await publishEvent(env, 'practice.review_digest.due', digestFor(other.id));
    await waitFor(async () => (await digestsTo(other.email)).length > 0, 30_000);
    expect(await digestsTo(reviewer.email)).toHaveLength(1);
  });

  it('sends nothing to an unconfirmed address or a deleted account', async () => {
    const unconfirmed = await signUp();
    await publishEvent(env, 'practice.review_digest.due', digestFor(unconfirmed.id));
    await publishEvent(env, 'practice.review_digest.due', digestFor(randomUUID()));
    const reviewer = await confirmed();
    await publishEvent(env, 'practice.review_digest.due', digestFor(reviewer.id));
    await waitFor(async () => (await digestsTo(reviewer.email)).length > 0, 30_000);
    expect(await digestsTo(unconfirmed.email)).toEqual([]);
  });
  it('skips a digest once the member turned the e-mail off in practice, whatever order the changes arrive in, and sends again once it is back on', async () => {
    const reviewer = await confirmed();
    const at = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
    const choice = async () =>
      (await svc.db.query<{ enabled: boolean }>("SELECT enabled FROM email_notification_choices WHERE user_id = $1 AND kind = 'review_digest'", [reviewer.id]))
        .rows[0]?.enabled;
    await publishEvent(env, 'practice.review_email.changed', { user_id: reviewer.id, enabled: false, changed_at: at(0) });
    // An older change that arrives late does not turn it back on.
    await publishEvent(env, 'practice.review_email.changed', { user_id: reviewer.id, enabled: true, changed_at: at(-60) });
    await waitFor(async () => (await choice()) === false, 10_000);
    await publishEvent(env, 'practice.review_digest.due', digestFor(reviewer.id));
    const reason = await waitFor(
      async () =>
        (
          await svc.db.query<{ skip_reason: string }>(
            "SELECT skip_reason FROM mail_outbox WHERE user_id = $1 AND kind = 'review_digest' AND skipped_at IS NOT NULL",
            [reviewer.id],
          )
        ).rows[0]?.skip_reason,
      30_000,
    );
    expect(reason).toBe('turned off by the member');
    expect(await choice()).toBe(false);
    expect(await digestsTo(reviewer.email)).toEqual([]);

    await publishEvent(env, 'practice.review_email.changed', { user_id: reviewer.id, enabled: true, changed_at: at(1) });
    await waitFor(async () => (await choice()) === true, 10_000);
    await publishEvent(env, 'practice.review_digest.due', digestFor(reviewer.id));
    await waitFor(async () => (await digestsTo(reviewer.email)).length === 1, 30_000);
  });
});
