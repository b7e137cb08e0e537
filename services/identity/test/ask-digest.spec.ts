import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { publishEvent, waitFor } from '@app/service-kit/testing';
import { readMailbox } from '../src';
import { env, mailSettled, signUpMember, startIdentity, svc } from './fixtures';

jest.setTimeout(60_000);

/** community.ask_digest.due → one weekly mail of unread Ask a SWE updates, to a confirmed address that wants it. */
describe('identity: the weekly Ask a SWE digest mail', () => {
  const mailbox = mkdtempSync(path.join(tmpdir(), 'identity-mailbox-'));

  startIdentity({
    MAILBOX_DIR: mailbox,
    SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
    SITE_URL: 'http://app.example/',
    PUBLIC_URL: 'http://app.example',
    AUTH_JWKS_URL: '',
  });

  const signUp = (options?: { confirmed?: boolean }) => signUpMember('asker', options);
  const digestsTo = async (to: string) => (await readMailbox(mailbox, to)).filter((m) => m.subject.startsWith('Your week on Ask a SWE'));
  const settled = mailSettled;
  const question = randomUUID();
  const digestFor = (userId: string, total = 12) =>
    publishEvent(env, 'community.ask_digest.due', {
      user_id: userId,
      week: '2026-11-23',
      total,
      items: [
        { title: '2 new answers on "How many rounds does Initech have?"', link: `/ask-a-swe/${question}` },
        { title: 'New question about Initech: "Is the onsite remote?"', link: `/ask-a-swe/${randomUUID()}` },
      ],
    });

  it('mails the unread updates with their links, says why, offers a one-click unsubscribe, and mails each digest once', async () => {
    const member = await signUp();
    const event = await digestFor(member.id);
    // A redelivery (past JetStream's duplicate window) queues nothing twice.
    await publishEvent(env, 'community.ask_digest.due', event.data, { id: event.id, msgId: `${event.id}-again` });
    const [mail] = await waitFor(async () => {
      const mails = await digestsTo(member.email);
      return mails.length > 0 && mails;
    }, 30_000);
    await settled();
    expect(await digestsTo(member.email)).toHaveLength(1);
    expect(mail.subject).toBe('Your week on Ask a SWE: 12 unread updates');
    expect(mail.text).toContain('These 12 updates in what you follow on Ask a SWE are still unread this week:');
    expect(mail.text).toContain(`- 2 new answers on "How many rounds does Initech have?"\n  http://app.example/ask-a-swe/${question}`);
    expect(mail.text).toContain('- and 10 more: http://app.example/ask-a-swe');
    expect(mail.text).toContain('"A weekly digest of unread Ask a SWE updates" is on in your e-mail settings: http://app.example/settings#email');
    expect(mail.listUnsubscribe).toMatch(/^<http:\/\/app\.example\/api\/email-notifications\/unsubscribe\?token=[A-Za-z0-9_-]+>$/);
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');

    // The one click turns the digest off for this member; the next week's is not mailed.
    const oneClick = mail.listUnsubscribe!.slice(1, -1).replace('http://app.example', '');
    await request(svc.url).post(oneClick).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect((await request(svc.url).get('/api/email-notifications').set(member.auth).expect(200)).body.settings.ask_digest).toBe(false);
    await digestFor(member.id, 3);
    await settled();
    expect(await digestsTo(member.email)).toHaveLength(1);
  });

  it('mails no unconfirmed address and nobody who turned it off in Settings', async () => {
    const [unconfirmed, turnedOff] = [await signUp({ confirmed: false }), await signUp()];
    await request(svc.url).put('/api/email-notifications').set(turnedOff.auth).send({ kind: 'ask_digest', enabled: false }).expect(200);
    const witness = await signUp();
    for (const who of [unconfirmed, turnedOff, witness]) await digestFor(who.id, 1);
    await waitFor(async () => (await digestsTo(witness.email)).length > 0, 30_000);
    await settled();
    const [toWitness] = await digestsTo(witness.email);
    expect(toWitness.subject).toBe('Your week on Ask a SWE: 1 unread update');
    expect(toWitness.text).toContain('This update in what you follow on Ask a SWE is still unread this week:');
    for (const who of [unconfirmed, turnedOff]) expect(await digestsTo(who.email)).toEqual([]);
  });
});
