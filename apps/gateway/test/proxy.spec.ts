import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import request from 'supertest';
import { startGateway } from '../src/app';
import { deadPort, es256Token, raw, Seen, Stack, startStack } from './helpers';

describe('gateway proxy', () => {
  let stack: Stack;
  let auth: string;
  /** Resolved by the profile service when the first chunk of an upload arrives. */
  let firstChunk: () => void = () => undefined;
  const servedOn = new WeakMap<object, number>();

  beforeAll(async () => {
    stack = await startStack(
      { UPSTREAM_RESPONSE_TIMEOUT_MS: '400' },
      {
        extra: {
          practice: (req) => req.url === '/api/error-types/hang', // accepts, never answers
          community: (req) => {
            // Closes a kept-alive connection instead of answering: a stale pooled socket.
            const served = (servedOn.get(req.socket) ?? 0) + 1;
            servedOn.set(req.socket, served);
            if (!req.url?.startsWith('/api/pathfinder/stale') || served === 1) return false;
            req.socket.destroy();
            return true;
          },
          profile: (req, res) => {
            if (req.url !== '/api/profile/upload') return false;
            let bytes = 0;
            req.on('data', (chunk: Buffer) => {
              if (bytes === 0) firstChunk();
              bytes += chunk.length;
            });
            req.on('end', () => res.end(JSON.stringify({ bytes })));
            return true;
          },
        },
      },
    );
    auth = `Bearer ${await es256Token(stack.keys, randomUUID())}`;
  });
  afterAll(() => stack.close());

  it.each([
    ['/auth/v1/user', 'identity'],
    ['/api/all-companies', 'interviews'],
    ['/api/candidate-interviews?company_id=a&company_id=b&limit=5', 'interviews'],
    ['/api/leetcode-questions/4b9e0c5a-1b7e-4c55-8f3c-2a7f4f0d9a11/sessions', 'practice'],
    ['/api/error-types', 'practice'],
    ['/api/pathfinder', 'community'],
    ['/api/feature-requests/1/interactions', 'community'],
    ['/api/external-resources', 'community'],
    ['/api/profile', 'profile'],
    ['/api/elevenlabs/signed-url', 'voice'],
    ['/api/voice/credits', 'voice'],
  ])('routes %s to %s with the path unchanged', async (path, upstream) => {
    const res = await request(stack.gateway.url).get(path).set('Authorization', auth).expect(200);
    expect(res.body).toMatchObject({ upstream, url: path, method: 'GET' });
  });

  it('answers an unknown /api route with a 404 envelope, prefixes matching whole segments only', async () => {
    for (const path of ['/api/nope', '/api/profiles', '/api', '/api/voicex/1']) {
      const res = await request(stack.gateway.url).get(path).set('Authorization', auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: 'No such API route' } });
    }
  });

  it('refuses dot segments, encoded slashes and backslashes before routing', async () => {
    for (const path of ['/api/profile/../leetcode-questions', '/api/profile/%2e%2e/x', '/api/profile%2F..%2Fx', '/auth/v1/..%5cx']) {
      const res = await raw(stack.gateway.url, 'GET', path, { authorization: auth });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
    }
  });

  it('carries a valid request id through, replaces an invalid one, and sets X-Forwarded-*', async () => {
    const res = await request(stack.gateway.url)
      .get('/api/profile')
      .set('Authorization', auth)
      .set('X-Request-Id', 'req-123.abc')
      .set('X-Forwarded-For', '6.6.6.6')
      .set('X-Forwarded-Proto', 'https')
      .set('X-Real-IP', '6.6.6.6')
      .set('X-Gateway-Proof', `${Math.floor(Date.now() / 1000)}.${'A'.repeat(43)}`)
      .set('Host', 'app.example.com')
      .expect(200);
    const seen = res.body as Seen;
    expect(res.headers['x-request-id']).toBe('req-123.abc');
    expect(seen.headers['x-request-id']).toBe('req-123.abc');
    // TRUST_PROXY is off: the client's forwarding claims are replaced by what the gateway saw.
    expect(seen.headers['x-forwarded-for']).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(seen.headers['x-forwarded-host']).toBe('app.example.com');
    expect(seen.headers['x-real-ip']).toBeUndefined();
    // No GATEWAY_SECRET here: nothing vouches for the client's address, least of all the client.
    expect(seen.headers['x-gateway-proof']).toBeUndefined();

    const bad = await request(stack.gateway.url).get('/api/profile').set('Authorization', auth).set('X-Request-Id', 'has spaces <script>').expect(200);
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bad.body.headers['x-request-id']).toBe(bad.headers['x-request-id']);
  });

  it('reuses keep-alive connections to a service', async () => {
    const connections: Socket[] = [];
    const count = (socket: Socket) => connections.push(socket);
    stack.upstreams.interviews.server.on('connection', count);
    try {
      for (let i = 0; i < 20; i++) await request(stack.gateway.url).get('/api/all-companies').set('Authorization', auth).expect(200);
    } finally {
      stack.upstreams.interviews.server.off('connection', count);
    }
    expect(connections.length).toBeLessThanOrEqual(1);
  });

  it('retries a GET whose pooled connection the service had closed, but never a request with a body', async () => {
    await request(stack.gateway.url).get('/api/pathfinder').set('Authorization', auth).expect(200); // pools a connection
    const res = await request(stack.gateway.url).get('/api/pathfinder/stale').set('Authorization', auth).expect(200);
    expect(res.body).toMatchObject({ upstream: 'community', url: '/api/pathfinder/stale' });

    await request(stack.gateway.url).get('/api/pathfinder').set('Authorization', auth).expect(200);
    const post = await request(stack.gateway.url).post('/api/pathfinder/stale').set('Authorization', auth).send({ title: 'x' });
    expect(post.status).toBe(502);
    expect(post.body).toEqual({ error: { code: 'upstream_unavailable', message: 'The community service failed to answer' } });
  });

  it('refuses a chunked upload past the body bound with 413 before the service sees any of it', async () => {
    const chunk = Buffer.alloc(256 * 1024, 'x');
    let reachedService = false;
    firstChunk = () => (reachedService = true);
    const { hostname, port } = new URL(stack.gateway.url);
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          hostname,
          port,
          method: 'POST',
          path: '/api/profile/upload',
          headers: { authorization: auth, 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
        },
        (answer) => {
          let body = '';
          answer.on('data', (d) => (body += d));
          answer.on('end', () => resolve({ status: answer.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.write(chunk);
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'payload_too_large', message: 'Request body is larger than 100 KB' } });
    expect(reachedService).toBe(false);
  });

  it('answers 503 upstream_unavailable within 2 s when a service is down', async () => {
    const gateway = await startGateway({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SUPABASE_JWT_SECRET: 'secret-secret-secret-secret',
      COMMUNITY_URL: `http://127.0.0.1:${await deadPort()}`,
      WEB_DIST: '/nonexistent',
    });
    try {
      const started = performance.now();
      const res = await request(gateway.url).post('/api/contact-form').send({ message: 'hi' });
      const ms = performance.now() - started;
      console.warn(`upstream down → ${res.status} in ${ms.toFixed(1)} ms`);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: { code: 'upstream_unavailable', message: expect.stringContaining('community') } });
      expect(ms).toBeLessThan(2_000);
    } finally {
      await gateway.close(500);
    }
  });

  it('answers 504 upstream_unavailable when a service does not answer in time', async () => {
    const started = performance.now();
    const res = await request(stack.gateway.url).get('/api/error-types/hang').set('Authorization', auth);
    const ms = performance.now() - started;
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ error: { code: 'upstream_unavailable', message: 'The practice service did not answer in time' } });
    expect(ms).toBeGreaterThanOrEqual(350);
    expect(ms).toBeLessThan(2_000);
  });

  it('proxies a websocket upgrade under /api/voice/ without client identity headers', async () => {
    const { hostname, port } = new URL(stack.gateway.url);
    const result = await new Promise<{ headers: http.IncomingHttpHeaders; echo: string }>((resolve, reject) => {
      const req = http.request({
        hostname,
        port,
        path: '/api/voice/agent?token=abc',
        headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'X-User-Id': 'forged', 'X-Request-Id': 'ws-1' },
      });
      req.on('upgrade', (res, socket) => {
        socket.once('data', (d) => {
          resolve({ headers: res.headers, echo: d.toString() });
          socket.destroy();
        });
        socket.write('hello');
      });
      req.on('response', (res) => reject(new Error(`no upgrade: ${res.statusCode}`)));
      req.on('error', reject);
      req.end();
    });
    expect(result.headers['x-upstream']).toBe('voice');
    expect(result.headers['x-seen-url']).toBe('/api/voice/agent?token=abc');
    expect(result.headers['x-seen-user-id']).toBe('-');
    expect(result.headers['x-seen-request-id']).toBe('ws-1');
    expect(result.echo).toBe('echo:hello');
  });

  it('refuses websocket upgrades elsewhere', async () => {
    const { hostname, port } = new URL(stack.gateway.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({ hostname, port, path: '/api/profile', headers: { Connection: 'Upgrade', Upgrade: 'websocket' } });
      req.on('upgrade', () => reject(new Error('upgraded')));
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(404);
  });
});
