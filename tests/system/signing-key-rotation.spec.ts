import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { upstreamUrlVariable } from '@app/contracts';
import { RunningGateway, startGateway } from '@app/gateway';
import { identityService } from '@app/identity';
import { profileService } from '@app/profile';
import { RunningService } from '@app/service-kit';
import { TestEnvironment } from '@app/service-kit/testing';
import { nodeCommand } from './commands';

const kidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()) as { kid: string }).kid;

/**
 * `npm run admin -- rotate-signing-key` while two identity replicas run behind the gateway: both
 * sign with the new key within 30 s, no restart, and tokens of the old key are believed everywhere
 * until they expire.
 */
describe('rotating the signing key', () => {
  let env: TestEnvironment;
  const identity: RunningService[] = [];
  let gateway: RunningGateway;
  const mailbox = mkdtempSync(path.join(tmpdir(), 'rotation-mailbox-'));

  beforeAll(async () => {
    env = await TestEnvironment.create();
    for (let i = 0; i < 2; i++) identity.push(await env.start(identityService, { MAILBOX_DIR: mailbox }));
    // Profile checks tokens against the second replica's JWKS, the gateway against the first's.
    const profile = await env.start(profileService, { SUPABASE_JWT_SECRET: '', AUTH_JWKS_URL: `${identity[1].url}/auth/v1/.well-known/jwks.json` });
    gateway = await startGateway({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      AUTH_ISSUER: env.env('gateway').AUTH_ISSUER,
      [upstreamUrlVariable('identity')]: identity.map((replica) => replica.url).join(','),
      [upstreamUrlVariable('profile')]: profile.url,
      READY_UPSTREAMS: 'identity,profile',
      GATEWAY_SECRET: env.gatewaySecret,
    });
  });
  afterAll(async () => {
    await gateway.close();
    await env.close();
    rmSync(mailbox, { recursive: true, force: true });
  });

  const profileWith = (token: string) => fetch(`${gateway.url}/api/profile`, { headers: { Authorization: `Bearer ${token}` } }).then((res) => res.status);
  const userAt = (replica: RunningService, token: string) =>
    fetch(`${replica.url}/auth/v1/user`, { headers: { Authorization: `Bearer ${token}` } }).then((res) => res.status);
  const refreshAt = async (replica: RunningService, refreshToken: string) => {
    const res = await fetch(`${replica.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { access_token: string; refresh_token: string };
  };

  it('is signed with by both identity replicas within 30 s, while tokens of the old key stay valid', async () => {
    const signUp = await fetch(`${gateway.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `rotation-${randomBytes(4).toString('hex')}@example.com`, password: 'secret123' }),
    });
    let session = (await signUp.json()) as { access_token: string; refresh_token: string };
    const old = session.access_token;
    for (const deadline = Date.now() + 15_000; (await profileWith(old)) !== 200; await new Promise((r) => setTimeout(r, 100))) {
      if (Date.now() > deadline) throw new Error('the profile never came');
    }

    const rotatedAt = Date.now();
    const rotation = await nodeCommand(path.resolve(__dirname, '../../scripts/admin.mjs'), ['rotate-signing-key'], {
      ...process.env,
      DATABASE_URL: env.databaseUrl,
      IDENTITY_DATABASE_SCHEMA: identity[0].db.schema,
      SIGNING_KEY_ENCRYPTION_KEY: env.signingKeyEncryptionKey,
    });
    expect(rotation).toMatchObject({ status: 0 });
    const kid = /signing key ([0-9a-f-]{36}): published now/.exec(rotation.stderr)?.[1];
    expect(kid).toBeDefined();
    expect(kid).not.toBe(kidOf(old));

    // Each replica's next tokens (a refresh, as the browser makes every hour) until both carry the new key.
    const firstUsedMs: Array<number | undefined> = [undefined, undefined];
    for (let i = 0; firstUsedMs.some((ms) => ms === undefined); i++) {
      const replica = i % 2;
      session = await refreshAt(identity[replica], session.refresh_token);
      if (kidOf(session.access_token) === kid) firstUsedMs[replica] ??= Date.now() - rotatedAt;
      expect(Date.now() - rotatedAt).toBeLessThan(30_000);
      await new Promise((r) => setTimeout(r, 250));
    }
    console.warn(`a new signing key, first used by identity's two replicas ${firstUsedMs.join(' and ')} ms after the rotation command (no restart)`);

    // Both keys are published by both replicas; tokens of either are believed by the gateway, by
    // profile (another replica's JWKS) and by each identity replica.
    for (const replica of identity) {
      const jwks = (await (await fetch(`${replica.url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string }> };
      expect(jwks.keys.map((k) => k.kid).sort()).toEqual([kid, kidOf(old)].sort());
    }
    for (const token of [old, session.access_token]) {
      expect(await profileWith(token)).toBe(200);
      for (const replica of identity) expect(await userAt(replica, token)).toBe(200);
    }
  }, 60_000);
});
