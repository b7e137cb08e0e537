import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { emailNotificationKinds } from '@app/contracts';
import { sealToken, uuidToBytes } from '@app/service-kit';
import { mailTokenKeys } from '../src/email-notifications/token-keys';
import { startIdentity, svc } from './fixtures';

jest.setTimeout(60_000);

/** Issue 35 item 7: an unsubscribe token is sealed for its purpose with an expiry, and names nobody in the clear. */
describe('identity: unsubscribe tokens', () => {
  startIdentity({ SIGNUPS_PER_ADDRESS_PER_HOUR: '1000' });

  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
  const oneClick = (token: string) =>
    request(svc.url).post(`/api/email-notifications/unsubscribe?token=${token}`).type('form').send('List-Unsubscribe=One-Click');

  it('turns a kind off only with a token sealed for unsubscribing that has not expired; the member id is not in the token', async () => {
    const email = `member-${randomBytes(4).toString('hex')}@example.com`;
    const { user } = (await request(svc.url).post('/auth/v1/signup').send({ email, password: 'secret123' }).expect(200)).body;
    const [key] = await mailTokenKeys(svc.db);
    const payload = Buffer.concat([uuidToBytes(user.id), Buffer.from([emailNotificationKinds.indexOf('voted_status')])]);
    const seal = (purpose: string, expiresAt: Date) => sealToken(key, purpose, payload, expiresAt);

    const expired = await oneClick(seal('email-notification-unsubscribe', inDays(-1))).expect(404);
    expect(expired.body.error.message).toBe('This unsubscribe link is not valid or has expired. Turn the e-mail off in Settings instead.');
    // The same member and kind sealed for another purpose (the review e-mail's) opens nothing here.
    await oneClick(seal('review-email-unsubscribe', inDays(30))).expect(404);
    const { rows } = await svc.db.query('SELECT count(*)::int AS n FROM email_notification_choices WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ n: 0 }]);

    const valid = seal('email-notification-unsubscribe', inDays(30));
    for (const form of [user.id, user.id.replace(/-/g, ''), uuidToBytes(user.id).toString('base64url')]) expect(valid).not.toContain(form);
    expect((await oneClick(valid).expect(200)).body).toEqual({ data: { kind: 'voted_status', enabled: false } });
  });
});
