import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { openApiDocument } from '@app/contracts';
import { apiDocsCss } from './api-docs-theme';

const OPENAPI_PATH = '/api/openapi.json';
const DOCS_PATH = '/api/docs';

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
    <link rel="stylesheet" href="${DOCS_PATH}/theme.css">
    <script src="${DOCS_PATH}/theme.js"></script>
    <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png" sizes="32x32">
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

// External files, not inline scripts: the gateway's CSP allows scripts from 'self' only.
// The theme is set before Swagger UI paints (no light flash): the app's choice, kept in the same
// origin's localStorage by the web app, else the system's, followed live.
const theme = `(function () {
  var system = matchMedia('(prefers-color-scheme: dark)');
  function apply() {
    var chosen = localStorage.getItem('vite-ui-theme');
    var dark = chosen === 'dark' || (chosen !== 'light' && system.matches);
    document.documentElement.classList.toggle('dark-mode', dark);
  }
  apply();
  system.addEventListener('change', apply);
  window.addEventListener('storage', apply);
})();
`;

// The plugin fixes what axe finds in Swagger UI's markup: an operation's path is a link inside the
// button that opens it (nested controls; the address bar still follows the open operation), and
// the server list is a select whose label holds no text.
const init = `function AccessibleReference(system) {
  var React = system.React;
  return {
    components: {
      DeepLink: function (props) {
        return React.createElement('span', null, props.text);
      },
    },
    wrapComponents: {
      Servers: function (Original) {
        return function (props) {
          return React.createElement(
            'div',
            { className: 'servers-named', ref: function (el) { if (el) el.querySelector('select').setAttribute('aria-label', 'Server'); } },
            React.createElement(Original, props)
          );
        };
      },
    },
  };
}
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    layout: 'BaseLayout',
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [AccessibleReference],
    // Plain examples: the highlighter's colours fall short of 4.5:1 on its dark background.
    syntaxHighlight: false,
  });
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
    if (pathname === `${DOCS_PATH}/theme.js`) return body(Buffer.from(theme), 'text/javascript; charset=utf-8');
    if (pathname === `${DOCS_PATH}/theme.css`) return body(Buffer.from(apiDocsCss), 'text/css; charset=utf-8');
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
