import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startGateway } from '../src/app';
import type { RunningGateway } from '../src/app';
import { deadPort, es256Token, Stack, startStack } from './helpers';

/** Answers `path` after `ms`, or never when `ms` is Infinity (a frozen service). */
const slowRoute = (routes: Record<string, number>) => (req: { url?: string }, res: { setHeader(n: string, v: string): void; end(b: string): void }) => {
  const ms = routes[req.url ?? ''];
  if (ms === undefined) return false;
  if (Number.isFinite(ms)) {
    setTimeout(() => {
      res.setHeader('content-type', 'application/json');
      res.end('{"late":true}');
    }, ms);
  }
  return true;
};

/** What a raw socket reads back for `text` sent as it is (no client library to tidy it up). */
function rawExchange(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

const splitAnswer = (answer: string) => {
  const [head, body] = answer.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { statusLine, headers, body: JSON.parse(body) as unknown };
};

describe('gateway: upstream deadlines', () => {
  let stack: Stack;
  let auth: string;

  beforeAll(async () => {
    stack = await startStack(
      { UPSTREAM_RESPONSE_TIMEOUT_MS: '300' },
      {
        extra: {
          // Well past the 300 ms deadline: undici's header timer ticks every half second.
          voice: slowRoute({ '/api/elevenlabs/signed-url': 2_500, '/api/voice/credits': 2_500 }),
          practice: slowRoute({ '/api/error-types/frozen': Infinity }),
        },
      },
    );
    auth = `Bearer ${await es256Token(stack.keys, randomUUID())}`;
  });
  afterAll(() => stack.close());

  it('lets a route that declares a longer deadline take it, while an ordinary call of the same service gets 504', async () => {
    const signed = await request(stack.gateway.url).get('/api/elevenlabs/signed-url').set('Authorization', auth);
    expect(signed.status).toBe(200);
    expect(signed.body).toEqual({ late: true });
    const credits = await request(stack.gateway.url).get('/api/voice/credits').set('Authorization', auth);
    expect(credits.status).toBe(504);
    expect(credits.body).toEqual({ error: { code: 'upstream_unavailable', message: 'The voice service did not answer in time' } });
  });

  it('answers a frozen service with a 504 by the ordinary deadline of 5 s when nothing is configured', async () => {
    let gateway: RunningGateway | undefined;
    try {
      gateway = await startGateway({
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        PRACTICE_URL: stack.upstreams.practice.url,
        AUTH_JWKS_URL: `${stack.upstreams.identity.url}/auth/v1/.well-known/jwks.json`,
        AUTH_ISSUER: 'http://test.local/auth/v1',
      });
      const started = performance.now();
      const res = await request(gateway.url).get('/api/error-types/frozen').set('Authorization', auth);
      const ms = performance.now() - started;
      expect(res.status).toBe(504);
      expect(res.body).toEqual({ error: { code: 'upstream_unavailable', message: 'The practice service did not answer in time' } });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(ms).toBeGreaterThanOrEqual(4_900);
      expect(ms).toBeLessThan(6_500);
    } finally {
      await gateway?.close(500);
    }
  }, 15_000);
});

describe('gateway: Cache-Control on API and auth answers', () => {
  let stack: Stack;
  let auth: string;

  beforeAll(async () => {
    stack = await startStack(
      {},
      {
        extra: {
          community: (req, res) => {
            if (req.url !== '/api/external-resources') return false;
            res.setHeader('cache-control', 'public, max-age=60');
            res.end('[]');
            return true;
          },
        },
      },
    );
    auth = `Bearer ${await es256Token(stack.keys, randomUUID())}`;
  });
  afterAll(() => stack.close());

  it.each([
    ['a service answer under /api', '/api/profile', true, 200],
    ['a token answer of identity', '/auth/v1/token?grant_type=password', false, 200],
    ['the gateway’s own 401', '/api/profile', false, 401],
    ['the gateway’s own 404 for an unknown API route', '/api/no-such-thing', true, 404],
  ])('is no-store on %s', async (_what, route, withToken, status) => {
    const req = route.startsWith('/auth') ? request(stack.gateway.url).post(route).send({}) : request(stack.gateway.url).get(route);
    const res = await (withToken ? req.set('Authorization', auth) : req);
    expect(res.status).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is the service’s own when it sets one', async () => {
    const res = await request(stack.gateway.url).get('/api/external-resources').set('Authorization', auth).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('is no-store, with Retry-After, on the 503 for a service that cannot be reached, in the shape of its path', async () => {
    const gateway = await startGateway({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      IDENTITY_URL: `http://127.0.0.1:${await deadPort()}`,
    });
    try {
      const res = await request(gateway.url).post('/auth/v1/token?grant_type=password').send({});
      expect(res.status).toBe(503);
      // GoTrue's shape, as identity answers on /auth/v1: supabase-js shows the message.
      expect(res.body).toEqual({ code: 503, error_code: 'unexpected_failure', msg: 'The identity service is unavailable, please try again shortly' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await gateway.close(500);
    }
  });
});

describe('gateway: requests Node cannot parse, and paths that are not pages', () => {
  let stack: Stack;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    stack = await startStack({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await stack.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers a malformed request line with a 400 in the envelope', async () => {
    const answer = splitAnswer(await rawExchange(stack.gateway.url, 'GET /api/profile HTTP/1.1 extra\r\nHost: x\r\n\r\n'));
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
    expect(answer.body).toEqual({ error: { code: 'validation_failed', message: 'Malformed HTTP request' } });
  });

  it('answers headers too large with a 431 in the envelope', async () => {
    const answer = splitAnswer(await rawExchange(stack.gateway.url, `GET /api/profile HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.body).toEqual({ error: { code: 'validation_failed', message: 'Request headers are too large' } });
  });

  it.each(['/metrics', '/metrics/', '/internal/revocations'])('answers %s with a 404 in the envelope, never the app page', async (route) => {
    const res = await request(stack.gateway.url).get(route).set('Accept', 'text/html,*/*;q=0.8');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    expect(res.text).not.toContain('<!doctype html>');
  });

  it('answers /healthz and /readyz with JSON to a browser too, and a page route with the app', async () => {
    for (const probe of ['/healthz', '/readyz']) {
      const res = await request(stack.gateway.url).get(probe).set('Accept', 'text/html');
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
    const page = await request(stack.gateway.url).get('/settings').set('Accept', 'text/html').expect(200);
    expect(page.text).toContain('<title>app</title>');
  });
});
