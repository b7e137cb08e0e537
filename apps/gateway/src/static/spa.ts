import fs from 'node:fs';
import path from 'node:path';
import express, { NextFunction, Request, Response, Router } from 'express';
import { isApiPath, isAuthPath } from '../routing/prefix-table';

export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Web app not built</title></head>
<body><h1>The web app is not built yet</h1>
<p>The gateway and the API are running. Build the web app (<code>npm run build -w @app/web</code>, output in
<code>apps/web/dist</code>, or point <code>WEB_DIST</code> at a build) and reload this page.</p></body></html>
`;

/** A path whose last segment looks like a file (`/favicon.ico`, `/assets/x.js`) is not a route. */
const looksLikeFile = (pathname: string) => /\.[^/]*$/.test(pathname);

/** The platform's own paths (probes, metrics, service-to-service routes): never a page, whatever the client accepts. */
const PLATFORM_PATHS = new Set(['/healthz', '/readyz', '/metrics', '/internal']);
const isPlatformPath = (pathname: string) => PLATFORM_PATHS.has(pathname.replace(/\/+$/, '')) || pathname.startsWith('/internal/');

/**
 * Serves `<file>.br` or `<file>.gz` written by the web build when the browser accepts it: a
 * third to a quarter of the bytes, with no compression work per request.
 */
function precompressed(dir: string) {
  const encodings = [
    { name: 'br', suffix: '.br' },
    { name: 'gzip', suffix: '.gz' },
  ];
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = path.join(dir, path.normalize(req.path));
    if (!file.startsWith(dir + path.sep)) return next();
    const encoding = encodings.find((e) => req.acceptsEncodings(e.name) === e.name && fs.existsSync(file + e.suffix));
    if (!encoding) return next();
    res.setHeader('Content-Encoding', encoding.name);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type(path.extname(file));
    res.sendFile(file + encoding.suffix, { cacheControl: false }, (err) => err && !res.headersSent && next());
  };
}

/**
 * The built SPA: `/assets/*` (Vite's content-hashed files) cached for a year as immutable, other
 * files revalidated every time, and the history fallback: a GET for an HTML page that is not a file,
 * an /api, /auth or platform path (/metrics, /healthz, /readyz, /internal) gets index.html (no-cache,
 * so a deploy is picked up at once). Without a build, a small page says so.
 */
export function spa(webDist: string): Router {
  const router = Router();
  const indexHtml = path.join(webDist, 'index.html');

  router.use('/assets', precompressed(path.join(webDist, 'assets')));
  router.use('/assets', express.static(path.join(webDist, 'assets'), { index: false, immutable: true, maxAge: '365d', fallthrough: true, redirect: false }));
  router.use(
    express.static(webDist, {
      index: false,
      redirect: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );

  router.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (isApiPath(req.path) || isAuthPath(req.path) || isPlatformPath(req.path) || req.path.startsWith('/assets/') || looksLikeFile(req.path)) return next();
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    fs.stat(indexHtml, (err, stat) => {
      if (err || !stat.isFile()) {
        res.status(200).type('html').send(NOT_BUILT_PAGE);
        return;
      }
      res.sendFile(indexHtml, { cacheControl: false, dotfiles: 'allow' }, (sendErr) => {
        if (sendErr && !res.headersSent) next(sendErr);
      });
    });
  });
  return router;
}
