import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@app/service-kit';
import { metricValue, scrapeMetrics, waitFor } from '@app/service-kit/testing';
import { IdentityConfig, readMailbox } from '../src';
import { MailOutbox, QueuedMail } from '../src/mail/mail-outbox';
import { mailCounts, stuckMail } from '../src/mail/mail-report';
import { Mail, Mailer } from '../src/mail/mailer';
import { startIdentity, svc } from './fixtures';

jest.setTimeout(30_000);

/** One mail per person per cause: queued with its cause, sent after commit, and a sender that dies mid-way costs nobody a second mail. */
describe('identity: the mail outbox', () => {
  const mailbox = mkdtempSync(path.join(tmpdir(), 'identity-outbox-'));
  const logger = createLogger('mail-outbox-test', 'silent');

  // The service's own sender only wakes for its own commits here: these tests run senders of their own.
  startIdentity({ MAILBOX_DIR: mailbox, MAIL_POLL_INTERVAL_MS: '3600000', METRICS_PORT: '0' });

  const config = () => ({ ...(svc.config as IdentityConfig), MAIL_SEND_LEASE_SECONDS: 1 });
  const accounts = async (n: number) => {
    const { rows } = await svc.db.query<{ id: string; email: string }>(
      `INSERT INTO users (email, encrypted_password, email_confirmed_at)
       SELECT 'outbox-' || $1 || '-' || i || '@example.com', 'x', now() FROM generate_series(1, $2) i RETURNING id, email`,
      [randomBytes(4).toString('hex'), n],
    );
    return rows;
  };
  const mailsFor = (cause: string, users: Array<{ id: string; email: string }>): QueuedMail[] =>
    users.map((u) => ({ key: `${cause}:${u.id}:test`, userId: u.id, kind: 'test', to: u.email, subject: `About ${cause}`, text: 'Hello' }));
  const received = async (cause: string) => (await readMailbox(mailbox)).filter((m) => m.subject === `About ${cause}`);

  it('sends each of n mails exactly once though the sender dies after k of them, the k-th sent but not yet marked', async () => {
    const [n, k] = [30, 7];
    const users = await accounts(n);
    const cause = `crash-${randomBytes(3).toString('hex')}`;
    // A retried transaction and a redelivered cause queue the same keys again: nothing more.
    for (let run = 0; run < 3; run += 1) await svc.db.transaction((tx) => sendersOutbox(new Mailer(config(), logger)).queue(tx, mailsFor(cause, users)));

    // The first sender delivers k mails and then dies: the k-th is in the mailbox but its row is not marked sent, the rest of its batch never leaves.
    const real = new Mailer(config(), logger);
    let calls = 0;
    const dying = {
      send: async (mail: Mail) => {
        calls += 1;
        if (calls <= k) await real.send(mail);
        if (calls >= k) await new Promise(() => undefined);
      },
    } as Mailer;
    void sendersOutbox(dying).drain();
    await waitFor(async () => (await received(cause)).length === k);

    // Another sender takes the rest once the dead one's lease ends, the k-th again among them.
    const next = sendersOutbox(real);
    await waitFor(async () => {
      await next.drain();
      return (await received(cause)).length === n;
    }, 15_000);
    const mails = await received(cause);
    expect(mails).toHaveLength(n);
    expect(new Set(mails.map((m) => m.to)).size).toBe(n);
    const { rows } = await svc.db.query<{ sent: string; body: string }>(
      `SELECT count(*) FILTER (WHERE sent_at IS NOT NULL) AS sent, count(body) AS body FROM mail_outbox WHERE idempotency_key LIKE $1`,
      [`${cause}:%`],
    );
    // Sent, and the text (a confirmation's link and code) no longer kept.
    expect(rows[0]).toEqual({ sent: String(n), body: '0' });
  });

  it('retries a mail the server refused, with backoff, until it goes', async () => {
    const [user] = await accounts(1);
    const cause = `retry-${randomBytes(3).toString('hex')}`;
    const real = new Mailer(config(), logger);
    let failures = 2;
    const flaky = { send: (mail: Mail) => (failures-- > 0 ? Promise.reject(new Error('421 try again later')) : real.send(mail)) } as Mailer;
    const outbox = sendersOutbox(flaky);
    await svc.db.transaction((tx) => outbox.queue(tx, mailsFor(cause, [user])));
    expect(await outbox.drain()).toBe(0);
    // Refused, kept with why and how often (the commit's own wake-up may have tried it too, when its
    // backoff drew a wait of 0).
    const [row] = (await svc.db.query('SELECT attempts, last_error, sent_at FROM mail_outbox WHERE user_id = $1', [user.id])).rows;
    expect(row).toMatchObject({ last_error: '421 try again later', sent_at: null });
    expect([1, 2]).toContain(row.attempts);
    await waitFor(async () => (await outbox.drain()) === 1 || null, 10_000);
    expect(await received(cause)).toHaveLength(1);
  });

  it("queues a sign-up's confirmation with the account: a commit's mail goes out whichever sender is alive", async () => {
    const email = `signup-${randomBytes(3).toString('hex')}@example.com`;
    const res = await fetch(`${svc.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123' }),
    });
    expect(res.status).toBe(200);
    const [row] = (await svc.db.query('SELECT kind, recipient FROM mail_outbox WHERE recipient = $1', [email])).rows;
    expect(row).toEqual({ kind: 'signup', recipient: email });
    await waitFor(async () => (await readMailbox(mailbox, email)).length === 1);
  });

  it('shows the operator stuck mail (counts per state, the oldest waiting, the metrics) and warns once it waited past MAIL_STUCK_ALERT_SECONDS', async () => {
    const [user] = await accounts(1);
    const cause = `stuck-${randomBytes(3).toString('hex')}`;
    const before = await mailCounts(svc.db);
    // Queued two hours ago and refused ever since, its next attempt later.
    const { rows } = await svc.db.query<{ id: string }>(
      `INSERT INTO mail_outbox (idempotency_key, user_id, kind, recipient, subject, body, created_at, next_attempt_at, attempts, last_error)
       VALUES ($1, $2, 'test', $3, 'Stuck', 'Hello', now() - interval '2 hours', now() + interval '1 hour', 5, '421 try again later') RETURNING id`,
      [`${cause}:${user.id}:test`, user.id, user.email],
    );
    try {
      const counts = await mailCounts(svc.db);
      expect(counts.retrying).toBe(before.retrying + 1);
      expect(counts.oldestPendingSeconds).toBeGreaterThanOrEqual(7200);
      expect(await stuckMail(svc.db)).toContainEqual(
        expect.objectContaining({ id: rows[0].id, kind: 'test', state: 'retrying', attempts: 5, lastError: '421 try again later' }),
      );
      // What an alert rule on the scrape reads.
      const scraped = await scrapeMetrics(svc.metricsUrl!);
      expect(metricValue(scraped, 'mail_outbox_unsent', { service: 'identity' })).toBe(counts.waiting + counts.retrying);
      expect(metricValue(scraped, 'mail_outbox_oldest_unsent_age_seconds', { service: 'identity' })).toBeGreaterThanOrEqual(7200);

      const warnings: Array<{ fields: Record<string, unknown>; message: string }> = [];
      // The silent logger, but for its warnings, which the operator's alert is.
      const watching = (threshold: number) =>
        new MailOutbox(
          svc.db,
          new Mailer(config(), logger),
          { ...config(), MAIL_STUCK_ALERT_SECONDS: threshold },
          Object.assign(Object.create(logger) as typeof logger, {
            warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }),
          }),
        );
      expect(await watching(3 * 3600).warnIfStuck()).toBe(false);
      expect(await watching(3600).warnIfStuck()).toBe(true);
      expect(warnings).toHaveLength(1);
      expect(warnings[0].message).toMatch(/^mail is stuck/);
      expect(warnings[0].fields).toMatchObject({ retrying: counts.retrying, threshold_seconds: 3600 });
      expect(warnings[0].fields.oldestPendingSeconds).toBeGreaterThanOrEqual(7200);
    } finally {
      await svc.db.query('DELETE FROM mail_outbox WHERE id = $1', [rows[0].id]);
    }
  });

  const sendersOutbox = (mailer: Mailer) => new MailOutbox(svc.db, mailer, config(), logger);
});
