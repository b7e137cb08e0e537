import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { RunningService, TokenVerifier } from '@app/service-kit';
import { TestEnvironment, testIssuer } from '@app/service-kit/testing';
import { identityService } from '../src';

jest.setTimeout(30_000);

const email = () => `sess-${randomBytes(4).toString('hex')}@example.com`;
const password = 'secret123';

/** Logout and password changes end sessions everywhere: the kit's TokenVerifier (gateway and services) refuses their tokens within seconds. */
describe('identity: ending sessions', () => {
  let env: TestEnvironment;
  let svc: RunningService;
  let verifier: TokenVerifier;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    svc = await env.start(identityService, { MAILBOX_DIR: mkdtempSync(path.join(tmpdir(), 'identity-mailbox-')), SIGNUPS_PER_ADDRESS_PER_HOUR: '1000' });
    // As the gateway and every service build it: from identity's JWKS URL (the revocation list is found next to it).
    verifier = new TokenVerifier({
      jwksUrl: `${svc.url}/auth/v1/.well-known/jwks.json`,
      issuer: testIssuer,
      audience: 'authenticated',
      revocationsHeaders: () => env.fromGateway(),
    });
  });
  afterAll(async () => {
    verifier.close();
    await env.close();
  });

  const signUp = async (address = email()) => (await request(svc.url).post('/auth/v1/signup').send({ email: address, password }).expect(200)).body;
  const signIn = async (address: string, secret = password) =>
    (await request(svc.url).post('/auth/v1/token?grant_type=password').send({ email: address, password: secret }).expect(200)).body;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  /** How long until the verifier refuses `token` (it was believed, and remembered, before). */
  async function refusedWithin(token: string, ms: number): Promise<number> {
    const started = Date.now();
    for (;;) {
      const err = await verifier.verify(token).then(
        () => undefined,
        (e: { status?: number; message?: string }) => e,
      );
      if (err) {
        expect(err).toMatchObject({ status: 401, message: 'Session has ended' });
        return Date.now() - started;
      }
      if (Date.now() - started > ms) throw new Error(`token still accepted after ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('logout (global) ends every session of the user: remembered tokens are refused within 3 s', async () => {
    const address = email();
    const first = await signUp(address);
    const second = await signIn(address);
    await verifier.verify(first.access_token);
    await verifier.verify(second.access_token);
    await request(svc.url).post('/auth/v1/logout?scope=global').set(bearer(first.access_token)).expect(204);
    expect(await refusedWithin(first.access_token, 3000)).toBeLessThan(3000);
    expect(await refusedWithin(second.access_token, 3000)).toBeLessThan(3000);
  });

  it('logout (others) ends the other sessions and keeps this one', async () => {
    const address = email();
    const mine = await signUp(address);
    const other = await signIn(address);
    await verifier.verify(other.access_token);
    await request(svc.url).post('/auth/v1/logout?scope=others').set(bearer(mine.access_token)).expect(204);
    await refusedWithin(other.access_token, 3000);
    await expect(verifier.verify(mine.access_token)).resolves.toMatchObject({ session_id: expect.any(String) });
    await request(svc.url).get('/auth/v1/user').set(bearer(mine.access_token)).expect(200);
  });

  it('a password change needs the current password', async () => {
    const session = await signUp();
    const missing = await request(svc.url).put('/auth/v1/user').set(bearer(session.access_token)).send({ password: 'newpass456' }).expect(400);
    expect(missing.body.error_code).toBe('current_password_required');
    const wrong = await request(svc.url)
      .put('/auth/v1/user')
      .set(bearer(session.access_token))
      .send({ password: 'newpass456', current_password: 'wrong123' })
      .expect(400);
    expect(wrong.body.error_code).toBe('current_password_mismatch');
    await request(svc.url).post('/auth/v1/token?grant_type=password').send({ email: session.user.email, password: 'newpass456' }).expect(400);
  });

  it('a password change ends the other sessions (tokens and refresh tokens) and keeps the changer’s', async () => {
    const address = email();
    const mine = await signUp(address);
    const stolen = await signIn(address);
    await verifier.verify(stolen.access_token);
    await request(svc.url).put('/auth/v1/user').set(bearer(mine.access_token)).send({ password: 'newpass456', current_password: password }).expect(200);
    expect(await refusedWithin(stolen.access_token, 3000)).toBeLessThan(3000);
    const refresh = await request(svc.url).post('/auth/v1/token?grant_type=refresh_token').send({ refresh_token: stolen.refresh_token }).expect(400);
    expect(refresh.body.error_code).toBe('refresh_token_not_found');
    await request(svc.url).get('/auth/v1/user').set(bearer(stolen.access_token)).expect(403);

    await verifier.verify(mine.access_token);
    await request(svc.url).post('/auth/v1/token?grant_type=refresh_token').send({ refresh_token: mine.refresh_token }).expect(200);
    await request(svc.url).post('/auth/v1/token?grant_type=password').send({ email: address, password }).expect(400);
    await signIn(address, 'newpass456');
  });

  it('serves the revocation list outside /auth/v1, from a cursor, only to holders of GATEWAY_SECRET', async () => {
    const refused = await request(svc.url).get('/internal/revocations').expect(401);
    expect(refused.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
    const session = await signUp();
    const before = await request(svc.url).get('/internal/revocations').set(env.fromGateway()).expect(200);
    await request(svc.url).post('/auth/v1/logout?scope=local').set(bearer(session.access_token)).expect(204);
    const sessionId = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString()).session_id;
    const after = await request(svc.url).get(`/internal/revocations?since=${before.body.cursor}`).set(env.fromGateway()).expect(200);
    expect(after.body.revocations).toContainEqual({ session_id: sessionId, expires_at: expect.any(Number) });
    expect(after.body.revocations.find((r: { session_id: string }) => r.session_id === sessionId).expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    await request(svc.url).get('/internal/revocations?since=yesterday').set(env.fromGateway()).expect(400);
  });

  it('accepts both ECDSA forms of its ES256 signatures (s and n − s), as verifiers of Supabase tokens must', async () => {
    const order = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');
    const { access_token: token } = await signUp();
    const [header, payload, signature] = token.split('.');
    const bytes = Buffer.from(signature, 'base64url');
    const s = BigInt(`0x${bytes.subarray(32).toString('hex')}`);
    const twin = `${header}.${payload}.${Buffer.concat([bytes.subarray(0, 32), Buffer.from((order - s).toString(16).padStart(64, '0'), 'hex')]).toString('base64url')}`;
    for (const form of [token, twin]) {
      await expect(verifier.verify(form)).resolves.toMatchObject({ session_id: JSON.parse(Buffer.from(payload, 'base64url').toString()).session_id });
      await request(svc.url).get('/auth/v1/user').set(bearer(form)).expect(200);
    }
  });
});
