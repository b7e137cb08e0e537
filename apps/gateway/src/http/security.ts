import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { GatewayConfig } from '../config';

/** connect-src beyond 'self': a real Supabase project (https + wss for realtime) and configured extras. */
export function connectSources(config: Pick<GatewayConfig, 'SUPABASE_URL' | 'CSP_CONNECT_SRC'>): string[] {
  const sources = new Set<string>();
  if (config.SUPABASE_URL) {
    const origin = new URL(config.SUPABASE_URL).origin;
    sources.add(origin);
    sources.add(origin.replace(/^http/, 'ws'));
  }
  for (const source of config.CSP_CONNECT_SRC) sources.add(source);
  return [...sources];
}

/**
 * Headers for a Vite-built React SPA and its JSON API: scripts only from our origin (Vite emits
 * no inline script), inline styles allowed (UI libraries set style attributes), images from
 * anywhere over https, no framing. HSTS only on requests that arrived over https (directly, or
 * via a trusted proxy's X-Forwarded-Proto): sending it over plain http would be ignored at best.
 */
export function securityHeaders(config: Pick<GatewayConfig, 'SUPABASE_URL' | 'CSP_CONNECT_SRC'>): RequestHandler[] {
  const base = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...connectSources(config)],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });
  return [base, (req: Request, res: Response, next: NextFunction) => (req.secure ? hsts(req, res, next) : next())];
}

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const EXPOSED_HEADERS = 'X-Request-Id, X-Next-Cursor, Retry-After, X-Supabase-Api-Version, X-Sb-Error-Code';

/**
 * CORS for the listed origins only (CORS_ORIGINS); with none listed nothing is added and the SPA
 * is same-origin. Tokens travel in the Authorization header, never cookies: no credentials mode.
 */
export function cors(origins: string[]): RequestHandler {
  const allowed = new Set(origins);
  return (req, res, next) => {
    if (allowed.size === 0) return next();
    const origin = req.headers.origin;
    res.vary('Origin');
    if (!origin || !allowed.has(origin)) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.vary('Access-Control-Request-Headers');
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      const requested = req.headers['access-control-request-headers'];
      if (requested) res.setHeader('Access-Control-Allow-Headers', requested);
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}
