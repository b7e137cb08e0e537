import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { Client } from 'pg';
import request from 'supertest';
import { RunningService } from '@app/service-kit';
import { TestEnvironment } from '@app/service-kit/testing';
import { identityService } from '../src';

jest.setTimeout(30_000);

const mailbox = mkdtempSync(path.join(tmpdir(), 'identity-keys-mailbox-'));
const signUp = (svc: RunningService) =>
  request(svc.url)
    .post('/auth/v1/signup')
    .send({ email: `keys-${randomBytes(4).toString('hex')}@example.com`, password: 'secret123' })
    .expect(200);

describe('identity: private signing keys at rest', () => {
  let env: TestEnvironment;
  let db: Client;
  let schema: string;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    schema = env.env('identity').DATABASE_SCHEMA!;
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await env.close();
  });

  it('keeps the private key sealed (AES-256-GCM), not as a JWK, and still signs tokens that verify', async () => {
    const svc = await env.start(identityService, { MAILBOX_DIR: mailbox });
    const { rows } = await db.query(`SELECT kid, private_jwk, sealed_private_key, public_jwk FROM "${schema}".signing_keys`);
    expect(rows).toHaveLength(1);
    expect(rows[0].private_jwk).toBeNull();
    expect(rows[0].sealed_private_key).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    // Nothing of the private scalar `d` is readable, nor anything JSON-shaped.
    expect(rows[0].sealed_private_key).not.toMatch(/"d"|\{/);
    const session = await signUp(svc);
    await request(svc.url).get('/auth/v1/user').set('Authorization', `Bearer ${session.body.access_token}`).expect(200);
    await env.stop(svc);
  });

  it('seals a key stored in plaintext before (migration 0003) at start and goes on signing with it', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const kid = `legacy-${randomBytes(4).toString('hex')}`;
    const meta = { kid, alg: 'ES256', use: 'sig' };
    await db.query(`UPDATE "${schema}".signing_keys SET retired_at = now()`);
    await db.query(`INSERT INTO "${schema}".signing_keys (kid, private_jwk, public_jwk) VALUES ($1, $2, $3)`, [
      kid,
      { ...(await exportJWK(privateKey)), ...meta },
      { ...(await exportJWK(publicKey)), ...meta },
    ]);
    const svc = await env.start(identityService, { MAILBOX_DIR: mailbox });
    const { rows } = await db.query(`SELECT private_jwk, sealed_private_key FROM "${schema}".signing_keys WHERE kid = $1`, [kid]);
    expect(rows[0]).toEqual({ private_jwk: null, sealed_private_key: expect.stringMatching(/^v1\./) });
    const session = await signUp(svc);
    const header = JSON.parse(Buffer.from(session.body.access_token.split('.')[0], 'base64url').toString());
    expect(header.kid).toBe(kid);
    await request(svc.url).get('/auth/v1/user').set('Authorization', `Bearer ${session.body.access_token}`).expect(200);
    // A token signed with a key that is not identity's is refused, so the check above means something.
    const forged = await new SignJWT({ role: 'authenticated' })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setSubject(session.body.user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign((await generateKeyPair('ES256')).privateKey);
    await request(svc.url).get('/auth/v1/user').set('Authorization', `Bearer ${forged}`).expect(403);
    await env.stop(svc);
  });

  it('refuses to start without SIGNING_KEY_ENCRYPTION_KEY, or with another key than the one that sealed the keys', async () => {
    await expect(env.start(identityService, { MAILBOX_DIR: mailbox, SIGNING_KEY_ENCRYPTION_KEY: undefined })).rejects.toThrow(
      /SIGNING_KEY_ENCRYPTION_KEY: required/,
    );
    await expect(env.start(identityService, { MAILBOX_DIR: mailbox, SIGNING_KEY_ENCRYPTION_KEY: 'c2hvcnQ=' })).rejects.toThrow(
      /SIGNING_KEY_ENCRYPTION_KEY: must be 32 bytes/,
    );
    await expect(env.start(identityService, { MAILBOX_DIR: mailbox, SIGNING_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') })).rejects.toThrow(
      /does not open with SIGNING_KEY_ENCRYPTION_KEY/,
    );
  });
});
