import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startGateway } from '../src/app';
import type { RunningGateway } from '../src/app';
import { NOT_BUILT_PAGE } from '../src/static/spa';
import { deadPort, es256Token, Stack, startStack } from './helpers';

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';

describe('gateway: the SPA, security headers, health', () => {
  let stack: Stack;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log("app")');
    fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js.br'), zlib.brotliCompressSync('console.log("app")'));
    fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js.gz'), zlib.gzipSync('console.log("app")'));
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    stack = await startStack({
      WEB_DIST: dist,
      CORS_ORIGINS: 'https://app.example.com',
      SUPABASE_URL: 'https://abcd.supabase.co',
      CSP_CONNECT_SRC: 'wss://api.elevenlabs.io',
    });
  });
  afterAll(async () => {
    await stack.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/settings', '/interviews/4b9e0c5a-1b7e-4c55-8f3c-2a7f4f0d9a11'])('serves index.html for the history route %s, never cached', async (route) => {
    const res = await request(stack.gateway.url).get(route).set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the build’s precompressed assets to browsers that accept them', async () => {
    const br = await request(stack.gateway.url)
      .get('/assets/index-Ab12Cd34.js')
      .set('Accept-Encoding', 'br, gzip')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toContain('Accept-Encoding');
    // supertest decodes brotli itself: the body is the original file.
    expect(br.body.toString()).toBe('console.log("app")');
    const gzip = await request(stack.gateway.url).get('/assets/index-Ab12Cd34.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe('console.log("app")');
    const plain = await request(stack.gateway.url).get('/assets/index-Ab12Cd34.js').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('serves hashed assets as immutable for a year, other files revalidated', async () => {
    const asset = await request(stack.gateway.url).get('/assets/index-Ab12Cd34.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const icon = await request(stack.gateway.url).get('/favicon.svg').expect(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file, a non-HTML request and /api paths with JSON, not index.html', async () => {
    for (const [route, accept] of [
      ['/assets/missing-123.js', '*/*'],
      ['/robots.txt', 'text/html'],
      ['/settings', 'application/json'],
      ['/auth/v2/x', 'text/html'],
    ]) {
      const res = await request(stack.gateway.url).get(route).set('Accept', accept);
      expect({ route, status: res.status, body: res.body }).toEqual({ route, status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
    }
    const api = await request(stack.gateway.url).get('/api/profile').set('Accept', 'text/html');
    expect(api.status).toBe(401);
    expect(api.body.error.code).toBe('unauthorized');
  });

  it("sets a page's security headers on pages", async () => {
    for (const route of ['/settings', '/api/docs']) {
      const res = await request(stack.gateway.url).get(route).set('Accept', 'text/html');
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: https:");
      expect(csp).toContain("connect-src 'self' https://abcd.supabase.co wss://abcd.supabase.co wss://api.elevenlabs.io");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined(); // plain http
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("sets only what a service's answer needs on API answers, the gateway's own and the service's alike", async () => {
    const token = await es256Token(stack.keys, randomUUID());
    const refused = await request(stack.gateway.url).get('/api/profile').set('Accept', 'text/html').expect(401);
    const answered = await request(stack.gateway.url).get('/api/profile').set('Authorization', `Bearer ${token}`).expect(200);
    for (const res of [refused, answered]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      // A document's headers: no browser reads them on a fetch()ed answer.
      expect(res.headers['referrer-policy']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['x-xss-protection']).toBeUndefined();
    }
  });

  it('answers CORS preflights for the configured origins only', async () => {
    const ok = await request(stack.gateway.url)
      .options('/api/profile')
      .set('Origin', 'https://app.example.com')
      .set('Access-Control-Request-Method', 'PUT')
      .set('Access-Control-Request-Headers', 'authorization, content-type')
      .expect(204);
    expect(ok.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(ok.headers['access-control-allow-headers']).toBe('authorization, content-type');
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    const other = await request(stack.gateway.url)
      .options('/api/profile')
      .set('Origin', 'https://evil.example.com')
      .set('Access-Control-Request-Method', 'PUT');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.status).toBe(401);
  });

  it('/healthz answers 200, /readyz 200 when every service answers, naming none of them to an anonymous caller', async () => {
    await request(stack.gateway.url).get('/healthz').expect(200, { status: 'ok' });
    const ready = await request(stack.gateway.url).get('/readyz').expect(200);
    expect(ready.body).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });
});

describe('gateway: degraded and unbuilt', () => {
  const DETAILS_TOKEN = 'operator-readiness-token-1';
  let gateway: RunningGateway;
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({}, { extra: { practice: (req) => req.url === '/readyz' } }); // practice hangs on /readyz
    gateway = await startGateway({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'loopback',
      IDENTITY_URL: stack.upstreams.identity.url,
      INTERVIEWS_URL: stack.upstreams.interviews.url,
      PRACTICE_URL: stack.upstreams.practice.url,
      COMMUNITY_URL: stack.upstreams.community.url,
      PROFILE_URL: `http://127.0.0.1:${await deadPort()}`,
      VOICE_URL: stack.upstreams.voice.url,
      WEB_DIST: path.join(os.tmpdir(), 'no-such-web-dist'),
      READY_DETAILS_TOKEN: DETAILS_TOKEN,
    });
  });
  afterAll(async () => {
    await gateway.close(500);
    await stack.close();
  });

  it('/readyz stays 200 while services are down (the gateway can serve), saying degraded within about a second, naming no service to an anonymous caller', async () => {
    const started = performance.now();
    const res = await request(gateway.url).get('/readyz');
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'degraded' });
    expect(ms).toBeLessThan(1_800);
  });

  it('/readyz names the services that are down to the operator (READY_DETAILS_TOKEN), and only with the right token', async () => {
    const res = await request(gateway.url).get('/readyz').set('X-Ready-Details-Token', DETAILS_TOKEN).expect(200);
    expect(res.body).toEqual({
      status: 'degraded',
      upstreams: { identity: 'up', interviews: 'up', practice: 'down', community: 'up', profile: 'down', voice: 'up' },
    });
    const wrong = await request(gateway.url).get('/readyz').set('X-Ready-Details-Token', `${DETAILS_TOKEN}x`).expect(200);
    expect(wrong.body).toEqual({ status: 'degraded' });
  });

  it('serves a small page saying the web app is not built yet', async () => {
    const res = await request(gateway.url).get('/settings').set('Accept', 'text/html').expect(200);
    expect(res.text).toBe(NOT_BUILT_PAGE);
    expect(res.text).toContain('not built');
  });

  it('sends HSTS only for requests that came over https through a trusted proxy', async () => {
    const https = await request(gateway.url).get('/healthz').set('X-Forwarded-Proto', 'https').expect(200);
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await request(gateway.url).get('/healthz').expect(200);
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});
