import http from 'node:http';
import { AddressInfo } from 'node:net';
import { SignJWT, generateKeyPair } from 'jose';
import { AppError } from '../errors';
import { TokenVerifier } from './token-verifier';

const token = async () => {
  const { privateKey } = await generateKeyPair('ES256');
  return new SignJWT({}).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).setSubject('8a1f3c1e-0c4b-4f0e-9d7a-1c2b3d4e5f60').setAudience('authenticated').setExpirationTime('1h').sign(privateKey);
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
