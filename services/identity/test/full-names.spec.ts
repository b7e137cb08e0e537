import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startIdentity, svc } from './fixtures';

jest.setTimeout(30_000);

const email = () => `name-${randomBytes(4).toString('hex')}@example.com`;
const password = 'secret123';

/** Issue 35 item 4: the full name is shown on comments and in the bell, so it may not claim to speak for Thunderprep. */
describe('identity: full names', () => {
  startIdentity({ MAILBOX_DIR: mkdtempSync(path.join(tmpdir(), 'identity-names-')), SIGNUPS_PER_ADDRESS_PER_HOUR: '1000' });

  it('refuses a reserved word in the full name at sign-up and on a change, naming the word, and takes an ordinary name', async () => {
    const refused = await request(svc.url)
      .post('/auth/v1/signup')
      .send({ email: email(), password, data: { full_name: 'Thunderprep Team (Moderator)' } })
      .expect(400);
    expect(refused.body).toMatchObject({
      error_code: 'validation_failed',
      msg: `A name cannot use "thunderprep": it is kept for Thunderprep's own accounts, whose posts the app marks`,
    });

    const signedUp = await request(svc.url)
      .post('/auth/v1/signup')
      .send({ email: email(), password, data: { full_name: 'Ada Lovelace' } })
      .expect(200);
    const token = signedUp.body.access_token as string;
    const change = (full_name: string) => request(svc.url).put('/auth/v1/user').set('Authorization', `Bearer ${token}`).send({ data: { full_name } });
    const support = await change('Ada (Support)').expect(400);
    expect(support.body.msg).toBe(`A name cannot use "support": it is kept for Thunderprep's own accounts, whose posts the app marks`);
    expect((await change('Ada King').expect(200)).body.user_metadata).toMatchObject({ full_name: 'Ada King' });
  });
});
