import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { cors, securityHeaders } from './security';

const config = { SUPABASE_URL: 'https://abcd.supabase.co', CSP_CONNECT_SRC: ['wss://api.elevenlabs.io'] };

describe('security headers computed once', () => {
  it('are the headers helmet itself sends for the policy', async () => {
    const { always } = securityHeaders(config);
    // The same policy through helmet as a per-request middleware, on a real response.
    const server = http.createServer((req, res) => {
      const policy = helmet({
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
        strictTransportSecurity: false,
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        xFrameOptions: { action: 'deny' },
      });
      policy(req, res, () => res.end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const sent = await new Promise<http.IncomingHttpHeaders>((resolve) =>
      http.get({ port, host: '127.0.0.1', agent: false }, (res) => resolve(res.resume().headers)),
    );
    await new Promise((resolve) => server.close(resolve));
    for (const name of Object.keys(always)) {
      if (name !== 'content-security-policy') expect({ name, value: always[name] }).toEqual({ name, value: sent[name] });
    }
    expect(Object.keys(always).sort()).toEqual(
      Object.keys(sent)
        .filter((n) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(n))
        .sort(),
    );
    expect(always['content-security-policy']).toContain("connect-src 'self' https://abcd.supabase.co wss://abcd.supabase.co wss://api.elevenlabs.io");
  });

  it('include HSTS only in the set for https requests', () => {
    const { always, hsts } = securityHeaders(config);
    expect(always['strict-transport-security']).toBeUndefined();
    expect(hsts).toEqual({ 'strict-transport-security': 'max-age=31536000; includeSubDomains' });
  });
});

describe('CORS', () => {
  const request = (headers: Record<string, string>, method = 'GET') => ({ method, headers }) as unknown as http.IncomingMessage;

  it('adds nothing without configured origins', () => {
    const headers: Record<string, string> = {};
    expect(cors([])(request({ origin: 'https://app.example.com' }), headers)).toBe(false);
    expect(headers).toEqual({});
  });

  it('answers a listed origin, and fully answers its preflight', () => {
    const allow = cors(['https://app.example.com']);
    const simple: Record<string, string> = {};
    expect(allow(request({ origin: 'https://app.example.com' }), simple)).toBe(false);
    expect(simple).toMatchObject({ vary: 'Origin', 'access-control-allow-origin': 'https://app.example.com' });
    const preflight: Record<string, string> = {};
    const asked = request(
      { origin: 'https://app.example.com', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization' },
      'OPTIONS',
    );
    expect(allow(asked, preflight)).toBe(true);
    expect(preflight).toMatchObject({
      vary: 'Origin, Access-Control-Request-Headers',
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers': 'authorization',
      'access-control-max-age': '600',
    });
    const other: Record<string, string> = {};
    expect(allow(request({ origin: 'https://evil.example.com' }), other)).toBe(false);
    expect(other).toEqual({ vary: 'Origin' });
  });
});
