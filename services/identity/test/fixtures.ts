import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { RunningService } from '@app/service-kit';
import { TestEnvironment, waitFor } from '@app/service-kit/testing';
import { identityService } from '../src';

/** The spec file's environment and identity service, set by startIdentity before its tests (read them in hooks and tests). */
export let env: TestEnvironment;
export let svc: RunningService;

/** Identity on the test Postgres and NATS for one spec file: started before its tests, with `config` over the defaults, closed after. */
export function startIdentity(config: Record<string, string>): void {
  // Starting a service runs its migrations: seconds on a loaded CI machine, past jest’s 5 s default for hooks.
  beforeAll(async () => {
    env = await TestEnvironment.create();
    svc = await env.start(identityService, config);
  }, 60_000);
  afterAll(() => env.close());
}

/** A member signed up through identity (confirmed unless said), with the test environment's token for the account. */
export async function signUpMember(prefix: string, { confirmed = true } = {}) {
  const email = `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
  const { user } = (await request(svc.url).post('/auth/v1/signup').send({ email, password: 'secret123' }).expect(200)).body;
  if (confirmed) await svc.db.query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [user.id]);
  // The test environment's token for that account (its services trust the environment's signing key).
  return { id: user.id as string, email, auth: { Authorization: `Bearer ${await env.token({ id: user.id as string, email })}` } };
}

/** Until the mail outbox has nothing left to send: what was not mailed by then is not coming. */
export const mailSettled = () =>
  waitFor(async () => (await svc.db.query('SELECT 1 FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL AND skipped_at IS NULL')).rowCount === 0);
