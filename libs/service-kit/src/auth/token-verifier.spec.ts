import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, KeyLike, SignJWT } from 'jose';
import { AppError } from '../errors';
import { waitFor } from '../testing/events';
import { TokenVerifier } from './token-verifier';

const token = async () => {
  const { privateKey } = await generateKeyPair('ES256');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setSubject('8a1f3c1e-0c4b-4f0e-9d7a-1c2b3d4e5f60')
    .setAudience('authenticated')
    .setExpirationTime('1h')
    .sign(privateKey);
};

describe('TokenVerifier when the key server is unreachable', () => {
  it('answers 503 (try again), not 401, when nothing listens', async () => {
    const verifier = new TokenVerifier({ jwksUrl: 'http://127.0.0.1:1/jwks.json', audience: 'authenticated' });
    const err = await verifier.verify(await token()).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(503);
  });

  it('gives up on a hanging key server within 2 s', async () => {
    const server = http.createServer(() => undefined).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const verifier = new TokenVerifier({ jwksUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`, audience: 'authenticated' });
      const started = Date.now();
      const err = await verifier.verify(await token()).catch((e) => e);
      expect(Date.now() - started).toBeLessThan(2000);
      expect((err as AppError).status).toBe(503);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("TokenVerifier over identity's replicas", () => {
  it('takes the keys from another replica when the first does not answer, and verifies the token', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    const server = http
      .createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })))
      .listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const up = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
      const verifier = new TokenVerifier({ jwksUrl: `http://127.0.0.1:1/jwks.json,${up}`, audience: 'authenticated', revocationsUrl: false });
      const signed = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setSubject('8a1f3c1e-0c4b-4f0e-9d7a-1c2b3d4e5f60')
        .setAudience('authenticated')
        .setExpirationTime('1h')
        .sign(privateKey);
      expect((await verifier.verify(signed)).id).toBe('8a1f3c1e-0c4b-4f0e-9d7a-1c2b3d4e5f60');
    } finally {
      server.close();
    }
  });
});

describe('TokenVerifier when the key server answers badly', () => {
  // A key server that is starting, overloaded or broken is not the caller's fault: a 401 would end
  // a valid session in the browser (a service restarting under load answered one).
  const keyServer = async (answer: (res: http.ServerResponse) => void) => {
    const server = http.createServer((_req, res) => answer(res)).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`, close: () => server.close() };
  };

  it.each([
    ['a 500', (res: http.ServerResponse) => res.writeHead(500).end('starting')],
    ['a body that is not a key set', (res: http.ServerResponse) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"keys":"none"}')],
    ['a connection cut mid-answer', (res: http.ServerResponse) => res.socket?.destroy()],
  ])('answers 503, not 401, for %s', async (_name, answer) => {
    const server = await keyServer(answer);
    try {
      const err = await new TokenVerifier({ jwksUrl: server.url, audience: 'authenticated' }).verify(await token()).catch((e) => e);
      expect((err as AppError).status).toBe(503);
    } finally {
      server.close();
    }
  });

  it('still answers 401 for a token signed by a key the key server does not hold', async () => {
    const { publicKey } = await generateKeyPair('ES256');
    const server = await keyServer(
      (res) =>
        void exportJWK(publicKey).then((jwk) =>
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [{ ...jwk, kid: 'other', alg: 'ES256' }] })),
        ),
    );
    try {
      const err = await new TokenVerifier({ jwksUrl: server.url, audience: 'authenticated' }).verify(await token()).catch((e) => e);
      expect((err as AppError).status).toBe(401);
    } finally {
      server.close();
    }
  });
});

describe('TokenVerifier remembering verified tokens', () => {
  const secret = 'a-test-secret-of-at-least-32-characters!';
  const sign = (expiresAt: number, sub = '8a1f3c1e-0c4b-4f0e-9d7a-1c2b3d4e5f60') =>
    new SignJWT({ email: 'ada@example.com', app_metadata: { role: 'moderator' } })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setAudience('authenticated')
      .setIssuedAt(Math.floor(expiresAt / 1000) - 3600)
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(new TextEncoder().encode(secret));
  const clock = (start: number) => {
    const c = { t: start, now: () => c.t };
    return c;
  };

  it('answers a repeated token from memory, with a user nobody can change', async () => {
    const c = clock(Date.parse('2026-11-22T10:00:00Z'));
    const verifier = new TokenVerifier({ hs256Secret: secret, audience: 'authenticated', now: c.now });
    const jwt = await sign(c.t + 3600_000);
    const first = await verifier.verify(jwt);
    expect(await verifier.verify(jwt)).toBe(first);
    expect(Object.isFrozen(first.app_metadata)).toBe(true);
    expect(() => {
      (first.app_metadata as Record<string, unknown>).role = 'admin';
    }).toThrow(TypeError);
    c.t += 60_001;
    const again = await verifier.verify(jwt);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('never lets a remembered token outlive its expiry and the 30 s skew', async () => {
    const c = clock(Date.parse('2026-11-22T10:00:00Z'));
    const verifier = new TokenVerifier({ hs256Secret: secret, audience: 'authenticated', now: c.now });
    const jwt = await sign(c.t + 10_000);
    await verifier.verify(jwt);
    c.t += 10_000 + 29_000;
    await expect(verifier.verify(jwt)).resolves.toMatchObject({ email: 'ada@example.com' });
    c.t += 2_000;
    await expect(verifier.verify(jwt)).rejects.toMatchObject({ status: 401, message: 'Token has expired' });
  });

  it('remembers a bounded number of tokens, dropping the oldest', async () => {
    const c = clock(Date.parse('2026-11-22T10:00:00Z'));
    const verifier = new TokenVerifier({ hs256Secret: secret, audience: 'authenticated', now: c.now, maxRemembered: 2 });
    const [a, b, d] = await Promise.all(
      ['8a1f3c1e-0c4b-4f0e-9d7a-1c2b3d4e5f61', '8a1f3c1e-0c4b-4f0e-9d7a-1c2b3d4e5f62', '8a1f3c1e-0c4b-4f0e-9d7a-1c2b3d4e5f63'].map((sub) =>
        sign(c.t + 3600_000, sub),
      ),
    );
    const userA = await verifier.verify(a);
    const userB = await verifier.verify(b);
    await verifier.verify(d);
    expect(await verifier.verify(b)).toBe(userB);
    expect(await verifier.verify(a)).not.toBe(userA);
  });

  it('does not remember a token it refused', async () => {
    const c = clock(Date.parse('2026-11-22T10:00:00Z'));
    const verifier = new TokenVerifier({ hs256Secret: secret, audience: 'authenticated', now: c.now });
    const jwt = await sign(c.t + 3600_000);
    const forged = `${jwt.slice(0, -4)}AAAA`;
    await expect(verifier.verify(forged)).rejects.toMatchObject({ status: 401, message: 'Invalid token' });
    await expect(verifier.verify(forged)).rejects.toMatchObject({ status: 401, message: 'Invalid token' });
  });
});

describe('TokenVerifier honouring revoked sessions', () => {
  const secret = 'a-test-secret-of-at-least-32-characters!';
  const sessionId = '3f2a1b0c-0000-4000-8000-000000000001';
  const sign = () =>
    new SignJWT({ session_id: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('8a1f3c1e-0c4b-4f0e-9d7a-1c2b3d4e5f60')
      .setAudience('authenticated')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));

  /** A revocation list server: `answer` decides each reply; `asked` counts the polls, `proofs` what each sent as X-Gateway-Proof. */
  async function listServer(answer: (since: string | null) => { status: number; body?: unknown }) {
    const state = { asked: 0, proofs: [] as Array<string | undefined> };
    const server = http.createServer((req, res) => {
      state.asked += 1;
      state.proofs.push(req.headers['x-gateway-proof'] as string | undefined);
      const { status, body } = answer(new URL(req.url!, 'http://x').searchParams.get('since'));
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body ?? {}));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/internal/revocations`, state, close: () => server.close() };
  }

  it('refuses a remembered token once its session is on the list, within a poll', async () => {
    let revoked = false;
    const list = await listServer(() => ({
      status: 200,
      body: { cursor: Date.now(), revocations: revoked ? [{ session_id: sessionId, expires_at: Math.floor(Date.now() / 1000) + 3600 }] : [] },
    }));
    const verifier = new TokenVerifier({ hs256Secret: secret, audience: 'authenticated', revocationsUrl: list.url, revocationsPollMs: 50 });
    try {
      const jwt = await sign();
      await verifier.verify(jwt);
      revoked = true;
      // Within a poll: once a poll asked after the flip and the next one has begun, the first one's
      // answer is applied (polls run one after another). A fixed 200 ms was too short on a loaded machine.
      const asked = list.state.asked;
      await waitFor(() => list.state.asked > asked + 1);
      await expect(verifier.verify(jwt)).rejects.toMatchObject({ status: 401, message: 'Session has ended' });
    } finally {
      verifier.close();
      list.close();
    }
  });

  it("sends the gateway's proof with every poll (identity answers the list to nobody else)", async () => {
    const list = await listServer(() => ({ status: 200, body: { cursor: Date.now(), revocations: [] } }));
    let proof = 0;
    const verifier = new TokenVerifier({
      hs256Secret: secret,
      audience: 'authenticated',
      revocationsUrl: list.url,
      revocationsPollMs: 20,
      revocationsHeaders: () => ({ 'x-gateway-proof': `proof-${++proof}` }),
    });
    try {
      await verifier.verify(await sign());
      await waitFor(() => list.state.asked >= 2);
      expect(list.state.proofs.slice(0, 2)).toEqual(['proof-1', 'proof-2']);
    } finally {
      verifier.close();
      list.close();
    }
  });

  it('asks nothing while no token arrives, and checks a fresh list before believing the first token after a pause', async () => {
    let revoked = false;
    const list = await listServer(() => ({
      status: 200,
      body: { cursor: Date.now(), revocations: revoked ? [{ session_id: sessionId, expires_at: Math.floor(Date.now() / 1000) + 3600 }] : [] },
    }));
    const c = { t: Date.now() };
    const verifier = new TokenVerifier({ hs256Secret: secret, audience: 'authenticated', revocationsUrl: list.url, revocationsPollMs: 20, now: () => c.t });
    try {
      const jwt = await sign();
      await verifier.verify(jwt);
      await waitFor(() => list.state.asked >= 3);
      // No token for longer than the poll's active window: the poll stops.
      c.t += 11_000;
      await new Promise((r) => setTimeout(r, 100));
      const idle = list.state.asked;
      await new Promise((r) => setTimeout(r, 200));
      expect(list.state.asked).toBe(idle);
      // The session ends while the process is idle; its next call is refused at once, not a poll later.
      c.t += 1_000;
      revoked = true;
      await expect(verifier.verify(jwt)).rejects.toMatchObject({ status: 401, message: 'Session has ended' });
      expect(list.state.asked).toBe(idle + 1);
    } finally {
      verifier.close();
      list.close();
    }
  });

  it('answers a remembered token at once only while nothing is to be waited for: not unverified, after a pause, or once its session ended', async () => {
    let revoked = false;
    const list = await listServer(() => ({
      status: 200,
      body: { cursor: Date.now(), revocations: revoked ? [{ session_id: sessionId, expires_at: Math.floor(Date.now() / 1000) + 3600 }] : [] },
    }));
    const c = { t: Date.now() };
    const verifier = new TokenVerifier({ hs256Secret: secret, audience: 'authenticated', revocationsUrl: list.url, revocationsPollMs: 20, now: () => c.t });
    try {
      const jwt = await sign();
      const header = `Bearer ${jwt}`;
      expect(verifier.rememberedUser(header)).toBeUndefined();
      const user = await verifier.verifyHeader(header);
      expect(verifier.rememberedUser(header)).toBe(user);
      expect(verifier.rememberedUser(`Bearer ${jwt.slice(0, -4)}AAAA`)).toBeUndefined();
      // After a pause the list is fetched before a token is believed: verifyHeader's to do.
      c.t += 11_000;
      await new Promise((r) => setTimeout(r, 100));
      expect(verifier.rememberedUser(header)).toBeUndefined();
      await verifier.verifyHeader(header);
      expect(verifier.rememberedUser(header)).toBe(user);
      revoked = true;
      const asked = list.state.asked;
      await waitFor(() => list.state.asked > asked + 1);
      expect(verifier.rememberedUser(header)).toBeUndefined();
      await expect(verifier.verifyHeader(header)).rejects.toMatchObject({ status: 401, message: 'Session has ended' });
    } finally {
      verifier.close();
      list.close();
    }
  });

  it('answers 503 while the list was never fetched and cannot be', async () => {
    const list = await listServer(() => ({ status: 500 }));
    const verifier = new TokenVerifier({ hs256Secret: secret, audience: 'authenticated', revocationsUrl: list.url });
    try {
      await expect(verifier.verify(await sign())).rejects.toMatchObject({ status: 503 });
    } finally {
      verifier.close();
      list.close();
    }
  });

  it('stops asking a key server that has no list (404: a hosted Supabase project)', async () => {
    const list = await listServer(() => ({ status: 404 }));
    const verifier = new TokenVerifier({ hs256Secret: secret, audience: 'authenticated', revocationsUrl: list.url, revocationsPollMs: 20 });
    try {
      await verifier.verify(await sign());
      await new Promise((r) => setTimeout(r, 150));
      await verifier.verify(await sign());
      expect(list.state.asked).toBe(1);
    } finally {
      verifier.close();
      list.close();
    }
  });
});

describe('TokenVerifier with a Supabase project on asymmetric signing keys', () => {
  const order = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');
  const sValue = (jwt: string) => BigInt(`0x${Buffer.from(jwt.split('.')[2], 'base64url').subarray(32).toString('hex')}`);
  /** The same token with s replaced by n − s: the other valid encoding of the same signature. */
  const otherForm = (jwt: string) => {
    const [header, payload, signature] = jwt.split('.');
    const bytes = Buffer.from(signature, 'base64url');
    const flipped = Buffer.from((order - sValue(jwt)).toString(16).padStart(64, '0'), 'hex');
    return `${header}.${payload}.${Buffer.concat([bytes.subarray(0, 32), flipped]).toString('base64url')}`;
  };
  let server: http.Server;
  let origin: string;
  let privateKey: KeyLike;
  const kid = 'b9a2c6f0-4e0d-4b1a-9c3e-2f7d1a5e8c40';

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    privateKey = pair.privateKey;
    // As GoTrue serves it: the public key with kid, alg, use and key_ops; no revocation list (404).
    const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] }] };
    server = http.createServer((req, res) => {
      if (req.url === '/auth/v1/.well-known/jwks.json') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const supabaseToken = (sub: string) =>
    new SignJWT({ role: 'authenticated', session_id: randomUUID(), email: 'ada@example.com', aal: 'aal1', is_anonymous: false })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .setIssuer(`${origin}/auth/v1`)
      .setSubject(sub)
      .setAudience('authenticated')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);

  it('accepts a valid ES256 signature whether its s is low or high (Go does not normalise it)', async () => {
    const verifier = new TokenVerifier({ jwksUrl: `${origin}/auth/v1/.well-known/jwks.json`, issuer: `${origin}/auth/v1`, audience: 'authenticated' });
    const sub = randomUUID();
    const signed = await supabaseToken(sub);
    const forms = [signed, otherForm(signed)];
    // One form of each pair has s above n/2; both must verify.
    expect(forms.map((t) => sValue(t) > order >> 1n).sort()).toEqual([false, true]);
    for (const form of forms) await expect(verifier.verify(form)).resolves.toMatchObject({ id: sub, email: 'ada@example.com' });
    verifier.close();
  });

  it('still refuses a signature that does not verify, another issuer, or an unknown kid', async () => {
    const verifier = new TokenVerifier({ jwksUrl: `${origin}/auth/v1/.well-known/jwks.json`, issuer: `${origin}/auth/v1`, audience: 'authenticated' });
    const signed = await supabaseToken(randomUUID());
    const [header, payload, signature] = signed.split('.');
    const bytes = Buffer.from(signature, 'base64url');
    bytes[40] ^= 1;
    await expect(verifier.verify(`${header}.${payload}.${bytes.toString('base64url')}`)).rejects.toMatchObject({ status: 401 });
    const strange = new TokenVerifier({
      jwksUrl: `${origin}/auth/v1/.well-known/jwks.json`,
      issuer: 'https://elsewhere.supabase.co/auth/v1',
      audience: 'authenticated',
    });
    await expect(strange.verify(signed)).rejects.toMatchObject({ status: 401 });
    const other = await generateKeyPair('ES256');
    const unknownKid = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'not-in-the-jwks' })
      .setIssuer(`${origin}/auth/v1`)
      .setSubject(randomUUID())
      .setAudience('authenticated')
      .setExpirationTime('1h')
      .sign(other.privateKey);
    await expect(verifier.verify(unknownKid)).rejects.toMatchObject({ status: 401 });
    verifier.close();
    strange.close();
  });
});
