import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, NatsConnection } from 'nats';
import { identityService } from '@app/identity';
import { RunningService, sessionEndingsSubject } from '@app/service-kit';
import { natsConnectionOptions, TestEnvironment, testIssuer } from '@app/service-kit/testing';

const root = path.resolve(__dirname, '../..');

/**
 * A token verifier in a process of its own, as the gateway and each service replica run one: the
 * kit's build, identity B's JWKS and revocation list, identity's announcements on NATS, and its poll
 * of the list set to once a minute, so only an announcement can tell it of a logout within 1 s.
 */
const VERIFIER = `
const kit = require(process.env.KIT);
const logger = kit.createLogger('verifier', 'silent');
const proof = new kit.GatewayProof(process.env.GATEWAY_SECRET);
const verifier = new kit.TokenVerifier({
  jwksUrl: process.env.JWKS_URL,
  hs256Secret: process.env.HS256_SECRET,
  issuer: process.env.ISSUER,
  audience: 'authenticated',
  revocationsHeaders: () => ({ [kit.GATEWAY_PROOF_HEADER]: proof.current() }),
  revocationsPollMs: 60000,
  revocationsFallbackPollMs: 60000,
  sessionEndings: new kit.SessionEndings({ url: process.env.NATS_URL, prefix: process.env.PREFIX, name: 'verifier', logger }),
});
process.on('message', ({ id, token }) =>
  verifier.verify(token).then(() => process.send({ id, status: 200 }), (err) => process.send({ id, status: err.status ?? 500 })),
);
process.on('disconnect', () => process.exit(0));
`;

describe('a logout on one identity replica, at a verifier in another process', () => {
  let env: TestEnvironment;
  let identityA: RunningService;
  let identityB: RunningService;
  let verifier: ChildProcess;
  let nc: NatsConnection;
  const mailbox = mkdtempSync(path.join(tmpdir(), 'session-endings-mailbox-'));
  let asked = 0;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    identityA = await env.start(identityService, { MAILBOX_DIR: mailbox });
    identityB = await env.start(identityService, { MAILBOX_DIR: mailbox });
    nc = await connect(natsConnectionOptions(env.natsUrl));
    verifier = spawn(process.execPath, ['-e', VERIFIER], {
      env: {
        ...process.env,
        KIT: path.join(root, 'libs/service-kit/dist/core.js'),
        JWKS_URL: `${identityB.url}/auth/v1/.well-known/jwks.json`,
        HS256_SECRET: env.jwtSecret,
        ISSUER: testIssuer,
        GATEWAY_SECRET: env.gatewaySecret,
        NATS_URL: env.natsUrl,
        PREFIX: env.prefix,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  });
  afterAll(async () => {
    verifier.disconnect();
    await nc.close();
    await env.close();
    rmSync(mailbox, { recursive: true, force: true });
  });

  /** The verifier's answer to `token`: 200, or the status of its refusal. */
  const verify = (token: string) =>
    new Promise<number>((resolve) => {
      const id = ++asked;
      const answer = (message: { id: number; status: number }) => {
        if (message.id !== id) return;
        verifier.off('message', answer);
        resolve(message.status);
      };
      verifier.on('message', answer);
      verifier.send({ id, token });
    });

  it('is refused there within 1 s, with its poll of the revocation list set to once a minute', async () => {
    // Listening: an ending announced on NATS (as identity does) is heard, tried until it is.
    const probe = await env.token(env.newUser(), { session_id: randomUUID() });
    const probeSession = JSON.parse(Buffer.from(probe.split('.')[1], 'base64url').toString()).session_id as string;
    for (const deadline = Date.now() + 10_000; ;) {
      nc.publish(sessionEndingsSubject(env.prefix), JSON.stringify([{ session_id: probeSession, expires_at: Math.floor(Date.now() / 1000) + 3600 }]));
      if ((await verify(probe)) === 401) break;
      if (Date.now() > deadline) throw new Error('the verifier never heard an announced ending');
      await new Promise((r) => setTimeout(r, 100));
    }

    const timings: number[] = [];
    for (let round = 0; round < 3; round++) {
      const signUp = await fetch(`${identityA.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: `ended-${randomBytes(4).toString('hex')}@example.com`, password: 'secret123' }),
      });
      const { access_token: token } = (await signUp.json()) as { access_token: string };
      // Believed, and remembered, first: the refusal comes from the announcement.
      expect(await verify(token)).toBe(200);
      expect(await verify(token)).toBe(200);
      const logout = await fetch(`${identityA.url}/auth/v1/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
      expect(logout.status).toBe(204);
      const loggedOutAt = Date.now();
      for (;;) {
        const status = await verify(token);
        if (status === 401) break;
        expect(status).toBe(200);
        if (Date.now() - loggedOutAt > 5_000) throw new Error('still believed 5 s after the logout');
        await new Promise((r) => setTimeout(r, 5));
      }
      timings.push(Date.now() - loggedOutAt);
    }
    console.warn(`ms from a logout on identity A to the refusal at a verifier in another process (poll once a minute), 3 rounds: ${timings.join(', ')}`);
    expect(Math.max(...timings)).toBeLessThanOrEqual(1000);
  });
});
