import { allEndpoints } from '@app/contracts';
import request from 'supertest';
import { startStack, Stack } from './helpers';

describe('gateway: the API describes itself', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it('serves the OpenAPI 3.1 document of every public endpoint at /api/openapi.json, without a token', async () => {
    const res = await request(stack.gateway.url).get('/api/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
    const operations = Object.values(res.body.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    );
    const published = allEndpoints().filter(({ endpoint }) => endpoint.visibility !== 'internal');
    expect(operations.sort()).toEqual(published.map(({ endpoint }) => endpoint.id).sort());
    // Revalidation costs nothing: the document only changes with a release.
    await request(stack.gateway.url).get('/api/openapi.json').set('If-None-Match', res.headers.etag).expect(304);
  });

  it('serves the reference page and its assets from the app itself (no CDN), allowed by its own CSP', async () => {
    await request(stack.gateway.url).get('/api/docs').expect(308).expect('Location', '/api/docs/');
    const page = await request(stack.gateway.url).get('/api/docs/').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    expect(sources.every((s) => s.startsWith('/api/docs/'))).toBe(true);
    for (const source of sources) await request(stack.gateway.url).get(source).expect(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).not.toMatch(/<script>(?!<\/script>)/);
  });

  it("loads its theme before Swagger UI paints: the app's stored theme, else the system's, on Swagger UI's dark mode", async () => {
    const page = await request(stack.gateway.url).get('/api/docs/').expect(200);
    // The theme script precedes Swagger UI's, so a dark page never flashes light.
    expect(page.text.indexOf('/api/docs/theme.js')).toBeLessThan(page.text.indexOf('/api/docs/swagger-ui-bundle.js'));
    const theme = await request(stack.gateway.url).get('/api/docs/theme.js').expect(200);
    expect(theme.text).toContain("localStorage.getItem('vite-ui-theme')");
    expect(theme.text).toContain("classList.toggle('dark-mode'");
    const css = await request(stack.gateway.url).get('/api/docs/theme.css').expect(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.text).toContain('html.dark-mode');
  });

  it('answers anything else under /api/docs as an unknown route', async () => {
    const res = await request(stack.gateway.url).get('/api/docs/package.json').expect(404);
    expect(res.body.error.code).toBe('not_found');
  });
});
