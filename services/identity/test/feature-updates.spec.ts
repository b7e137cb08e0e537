import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { publishEvent, waitFor } from '@app/service-kit/testing';
import { readMailbox } from '../src';
import { env, startIdentity, svc } from './fixtures';

jest.setTimeout(60_000);

const subject = 'Feature request "Dark mode for the timer" is now planned';

/** community.feature_request.status_changed → one e-mail to each subscriber's own address, nobody else. */
describe("identity: e-mails about a followed feature request's status", () => {
  const mailbox = mkdtempSync(path.join(tmpdir(), 'identity-mailbox-'));

  startIdentity({ MAILBOX_DIR: mailbox, SIGNUPS_PER_ADDRESS_PER_HOUR: '1000', SITE_URL: 'http://app.example/' });

  const signUp = async () => {
    const email = `follower-${randomBytes(4).toString('hex')}@example.com`;
    const { user } = (await request(svc.url).post('/auth/v1/signup').send({ email, password: 'secret123' }).expect(200)).body;
    return { id: user.id as string, email };
  };
  const updatesTo = async (to: string) => (await readMailbox(mailbox, to)).filter((m) => m.subject === subject);

  it('mails each subscriber once, with the board link, and no one else', async () => {
    const [alice, bob, carol] = [await signUp(), await signUp(), await signUp()];
    const id = randomUUID();
    await publishEvent(env, 'community.feature_request.status_changed', {
      feature_request_id: id,
      title: 'Dark mode for the timer',
      status: 'planned',
      // An account deleted since it subscribed is skipped, and the others still get theirs.
      subscriber_ids: [alice.id, randomUUID(), bob.id],
      changed_at: new Date().toISOString(),
    });

    await waitFor(async () => (await updatesTo(alice.email)).length > 0 && (await updatesTo(bob.email)).length > 0, 30_000);
    for (const who of [alice, bob]) {
      const mails = await updatesTo(who.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].to).toBe(who.email);
      expect(mails[0].text).toContain('The feature request "Dark mode for the timer" you follow is now planned.');
      expect(mails[0].text).toContain('http://app.example/feature-request');
    }
    expect(await updatesTo(carol.email)).toEqual([]);
  });

  it('names the new status as the board’s badge does: "started" is "in progress"', async () => {
    const reader = await signUp();
    await publishEvent(env, 'community.feature_request.status_changed', {
      feature_request_id: randomUUID(),
      title: 'Keyboard shortcuts',
      status: 'started',
      subscriber_ids: [reader.id],
      changed_at: new Date().toISOString(),
    });
    const [mail] = await waitFor(async () => {
      const mails = (await readMailbox(mailbox, reader.email)).filter((m) => m.subject.startsWith('Feature request'));
      return mails.length > 0 && mails;
    }, 30_000);
    expect(mail.subject).toBe('Feature request "Keyboard shortcuts" is now in progress');
    expect(mail.text).toContain('The feature request "Keyboard shortcuts" you follow is now in progress.');
  });
});
