import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { EventInput } from '@app/contracts';
import { publishEvent, waitFor } from '@app/service-kit/testing';
import { readMailbox } from '../src';
import { env, mailSettled, signUpMember, startIdentity, svc } from './fixtures';

jest.setTimeout(60_000);

/**
 * community.feature_request.status_changed and community.submission.rejected → one e-mail to each
 * member who wants that kind (their settings, defaults as Fider's) at a confirmed address, saying
 * why, with a one-click unsubscribe (RFC 8058) that turns off that kind for that member alone.
 */
describe('identity: e-mails about the feature board, as each member chose', () => {
  const mailbox = mkdtempSync(path.join(tmpdir(), 'identity-mailbox-'));

  // Settings are read with the test environment's tokens (HS256), not identity's own keys.
  startIdentity({
    MAILBOX_DIR: mailbox,
    SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
    SITE_URL: 'http://app.example/',
    PUBLIC_URL: 'http://app.example',
    AUTH_JWKS_URL: '',
  });

  const signUp = (options?: { confirmed?: boolean }) => signUpMember('member', options);
  const mailsTo = async (to: string, subject: string) => (await readMailbox(mailbox, to)).filter((m) => m.subject === subject);
  /** All but the sign-up's own confirmation. */
  const noticesTo = async (to: string) => (await readMailbox(mailbox, to)).filter((m) => m.subject !== 'Confirm your e-mail address');
  const statusChanged = (title: string, data: Partial<EventInput<'community.feature_request.status_changed'>>) =>
    publishEvent(env, 'community.feature_request.status_changed', {
      feature_request_id: randomUUID(),
      title,
      status: 'planned',
      subscriber_ids: [],
      changed_at: new Date().toISOString(),
      ...data,
    });
  const settled = mailSettled;

  it('mails a follower and a voter each once, saying why, and nobody unconfirmed, unwanted or deleted', async () => {
    const [follower, voter, turnedOff, unconfirmed, bystander] = [
      await signUp(),
      await signUp(),
      await signUp(),
      await signUp({ confirmed: false }),
      await signUp(),
    ];
    await request(svc.url).put('/api/email-notifications').set(turnedOff.auth).send({ kind: 'voted_status', enabled: false }).expect(200);
    const event = await statusChanged('Dark mode for the timer', {
      subscriber_ids: [follower.id, voter.id, turnedOff.id, unconfirmed.id, randomUUID()],
      follower_ids: [follower.id],
    });
    // A redelivery (past JetStream's duplicate window) queues nothing twice.
    await publishEvent(env, 'community.feature_request.status_changed', event.data, { id: event.id, msgId: `${event.id}-again` });
    const subject = 'Feature request "Dark mode for the timer" is now planned';
    await waitFor(async () => (await mailsTo(follower.email, subject)).length > 0 && (await mailsTo(voter.email, subject)).length > 0, 30_000);
    await settled();

    const [toFollower] = await mailsTo(follower.email, subject);
    const [toVoter] = await mailsTo(voter.email, subject);
    expect(toFollower.text).toContain(`See it on the feature board: http://app.example/feature-requests/${event.data.feature_request_id}`);
    expect(toFollower.text).toContain(
      'You get this e-mail because you follow this feature request, and "Status changes of feature requests I follow" is on in your e-mail settings: http://app.example/settings#email',
    );
    expect(toVoter.text).toContain('because you voted for this feature request, and "Status changes of feature requests I voted on" is on');
    expect(toVoter.listUnsubscribe).toMatch(/^<http:\/\/app\.example\/api\/email-notifications\/unsubscribe\?token=[A-Za-z0-9_-]+>$/);
    expect(toVoter.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    for (const who of [follower, voter]) expect(await mailsTo(who.email, subject)).toHaveLength(1);
    for (const who of [turnedOff, unconfirmed, bystander]) expect(await noticesTo(who.email)).toEqual([]);
  });

  it("unsubscribes in one click without a session: that member's kind only, and a changed token is refused", async () => {
    const [voter, other] = [await signUp(), await signUp()];
    await statusChanged('Keyboard shortcuts', { status: 'started', subscriber_ids: [voter.id, other.id] });
    const subject = 'Feature request "Keyboard shortcuts" is now in progress';
    const [mail] = await waitFor(async () => {
      const mails = await mailsTo(voter.email, subject);
      return mails.length > 0 && mails;
    }, 30_000);
    const address = new URL(mail.listUnsubscribe!.slice(1, -1));
    const oneClick = `${address.pathname}${address.search}`;

    const tampered = oneClick.slice(0, -2) + (oneClick.endsWith('AA') ? 'BB' : 'AA');
    const refused = await request(svc.url).post(tampered).type('form').send('List-Unsubscribe=One-Click').expect(404);
    expect(refused.body.error.message).toBe('This unsubscribe link is not valid or has expired. Turn the e-mail off in Settings instead.');

    // A person clicking the address in a mail client (a GET) is sent to the page that names the kind and asks first; nothing changes.
    const opened = await request(svc.url).get(oneClick).expect(303);
    expect(opened.headers.location).toBe(`http://app.example/email-notifications/unsubscribe?token=${address.searchParams.get('token')}&kind=voted_status`);
    expect((await request(svc.url).get(tampered).expect(303)).headers.location).toBe('http://app.example/email-notifications/unsubscribe?invalid=1');
    expect((await request(svc.url).get('/api/email-notifications').set(voter.auth).expect(200)).body.settings.voted_status).toBe(true);

    const done = await request(svc.url).post(oneClick).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(done.body).toEqual({ data: { kind: 'voted_status', enabled: false } });
    await request(svc.url).post(oneClick).type('form').send('List-Unsubscribe=One-Click').expect(200);

    const mine = (await request(svc.url).get('/api/email-notifications').set(voter.auth).expect(200)).body;
    expect(mine).toEqual({
      settings: { voted_status: false, followed_status: true, submission_rejected: true, comment_replies: false, ask_digest: true },
      address_confirmed: true,
    });
    const theirs = (await request(svc.url).get('/api/email-notifications').set(other.auth).expect(200)).body;
    expect(theirs.settings.voted_status).toBe(true);

    // Off at once: the next change mails the other voter and not this one.
    await statusChanged('Keyboard shortcuts', { status: 'completed', subscriber_ids: [voter.id, other.id] });
    const next = 'Feature request "Keyboard shortcuts" is now completed';
    await waitFor(async () => (await mailsTo(other.email, next)).length > 0, 30_000);
    await settled();
    expect(await mailsTo(voter.email, next)).toEqual([]);
  });

  it('does not send a mail queued before its member turned the kind off or their address stopped being confirmed, and says why', async () => {
    const [turnedOff, unconfirmed, wanting] = [await signUp(), await signUp(), await signUp()];
    const cause = randomUUID();
    // Queued, then waiting for its next attempt (an SMTP server that refused it): the choice is made meanwhile.
    for (const [who, kind] of [
      [turnedOff, 'voted_status'],
      [unconfirmed, 'followed_status'],
      [wanting, 'voted_status'],
    ] as const)
      await svc.db.query(
        `INSERT INTO mail_outbox (idempotency_key, user_id, kind, recipient, subject, body, next_attempt_at) VALUES ($1, $2, $3, $4, 'Queued before', 'Hello', now() + interval '1 hour')`,
        [`${cause}:${who.id}:${kind}`, who.id, kind, who.email],
      );
    await request(svc.url).put('/api/email-notifications').set(turnedOff.auth).send({ kind: 'voted_status', enabled: false }).expect(200);
    await svc.db.query('UPDATE users SET email_confirmed_at = NULL WHERE id = $1', [unconfirmed.id]);
    await svc.db.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE idempotency_key LIKE $1', [`${cause}:%`]);
    await settled();

    const { rows } = await svc.db.query<{ user_id: string; sent: boolean; skip_reason: string | null }>(
      'SELECT user_id, sent_at IS NOT NULL AS sent, skip_reason FROM mail_outbox WHERE idempotency_key LIKE $1',
      [`${cause}:%`],
    );
    const byUser = Object.fromEntries(rows.map((r) => [r.user_id, { sent: r.sent, skip_reason: r.skip_reason }]));
    expect(byUser).toEqual({
      [turnedOff.id]: { sent: false, skip_reason: 'turned off by the member' },
      [unconfirmed.id]: { sent: false, skip_reason: 'address not confirmed' },
      [wanting.id]: { sent: true, skip_reason: null },
    });
    expect(await mailsTo(wanting.email, 'Queued before')).toHaveLength(1);
    for (const who of [turnedOff, unconfirmed]) expect(await mailsTo(who.email, 'Queued before')).toEqual([]);
  });

  it("mails a rejection with the moderator's reason, unless the submitter turned it off", async () => {
    const [author, quiet] = [await signUp(), await signUp()];
    await request(svc.url).put('/api/email-notifications').set(quiet.auth).send({ kind: 'submission_rejected', enabled: false }).expect(200);
    for (const who of [author, quiet])
      await publishEvent(env, 'community.submission.rejected', {
        user_id: who.id,
        kind: 'resource',
        item_id: randomUUID(),
        title: 'My blog',
        reason: 'Not about interviews',
        action: 'rejected',
        rejected_at: new Date().toISOString(),
      });
    const subject = 'Your resource "My blog" was not approved';
    const [mail] = await waitFor(async () => {
      const mails = await mailsTo(author.email, subject);
      return mails.length > 0 && mails;
    }, 30_000);
    expect(mail.text).toContain("The moderator's reason: Not about interviews");
    expect(mail.text).toContain('because a moderator turned down something you submitted');
    await settled();
    expect(await noticesTo(quiet.email)).toEqual([]);
  });

  it('mails a new comment only to those who turned comment e-mail on (off until chosen)', async () => {
    const [keen, quiet] = [await signUp(), await signUp()];
    await request(svc.url).put('/api/email-notifications').set(keen.auth).send({ kind: 'comment_replies', enabled: true }).expect(200);
    const request1 = randomUUID();
    await publishEvent(env, 'community.notification.requested', {
      user_ids: [keen.id, quiet.id],
      kind: 'comment',
      title: 'Ann commented on "Offline mode"',
      body: 'Yes please, for the train.',
      link: `/feature-requests/${request1}`,
    });
    const subject = 'Ann commented on "Offline mode"';
    const [mail] = await waitFor(async () => {
      const mails = await mailsTo(keen.email, subject);
      return mails.length > 0 && mails;
    }, 30_000);
    expect(mail.text).toContain(`Yes please, for the train.\n\nRead it: http://app.example/feature-requests/${request1}`);
    expect(mail.text).toContain('because you wrote or commented on this feature request');
    await settled();
    expect(await noticesTo(quiet.email)).toEqual([]);
  });
});
