import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { openApiDocument } from '@app/contracts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** Swagger UI's files, served by the gateway itself (no CDN); only these names are reachable. */
const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const page = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>ThunderPrep API reference</title>
    <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
    <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png" sizes="32x32">
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

// An external file, not an inline script: the gateway's CSP allows scripts from 'self' only.
const init = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '${OPENAPI_PATH}', dom_id: '#swagger-ui', deepLinking: true, layout: 'BaseLayout', presets: [SwaggerUIBundle.presets.apis] });
});
`;

interface Body {
  bytes: Buffer;
  type: string;
  etag: string;
}

const body = (bytes: Buffer, type: string): Body => ({ bytes, type, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` });

/**
 * GET /api/openapi.json (the document generated from libs/contracts' declarations) and the reference
 * page at /api/docs. Both are public: they describe the API, they hold no data. Answers true when
 * it handled the request.
 */
export function apiDocs(): (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => boolean {
  // Each answer is made on its first request and kept: none changes while the process runs.
  const cache = new Map<string, Body>();
  const make = (pathname: string): Body | undefined => {
    if (pathname === OPENAPI_PATH) return body(Buffer.from(JSON.stringify(openApiDocument())), 'application/json; charset=utf-8');
    if (pathname === `${DOCS_PATH}/`) return body(Buffer.from(page), 'text/html; charset=utf-8');
    if (pathname === `${DOCS_PATH}/init.js`) return body(Buffer.from(init), 'text/javascript; charset=utf-8');
    const name = pathname.slice(DOCS_PATH.length + 1);
    if (!pathname.startsWith(`${DOCS_PATH}/`) || !Object.hasOwn(assets, name)) return undefined;
    return body(fs.readFileSync(path.join(swaggerDir, name)), assets[name]);
  };
  const lookup = (pathname: string): Body | undefined => {
    let found = cache.get(pathname);
    if (!found && (found = make(pathname))) cache.set(pathname, found);
    return found;
  };

  return (req, res, pathname) => {
    if (pathname !== OPENAPI_PATH && pathname !== DOCS_PATH && !pathname.startsWith(`${DOCS_PATH}/`)) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (pathname === DOCS_PATH) {
      res.writeHead(308, { Location: `${DOCS_PATH}/` }).end();
      return true;
    }
    const found = lookup(pathname);
    if (!found) return false;
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('ETag', found.etag);
    if (req.headers['if-none-match'] === found.etag) {
      res.writeHead(304).end();
      return true;
    }
    res.writeHead(200, { 'Content-Type': found.type, 'Content-Length': found.bytes.length });
    res.end(req.method === 'HEAD' ? undefined : found.bytes);
    return true;
  };
}
