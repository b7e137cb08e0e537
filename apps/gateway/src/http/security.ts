import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { GatewayConfig } from '../config';

/** connect-src beyond 'self': a real Supabase project (https + wss for realtime) and configured extras. */
function connectSources(config: Pick<GatewayConfig, 'SUPABASE_URL' | 'CSP_CONNECT_SRC'>): string[] {
  const sources = new Set<string>();
  if (config.SUPABASE_URL) {
    const origin = new URL(config.SUPABASE_URL).origin;
    sources.add(origin);
    sources.add(origin.replace(/^http/, 'ws'));
  }
  for (const source of config.CSP_CONNECT_SRC) sources.add(source);
  return [...sources];
}

/** The same response headers on every answer, computed once: `name` (lower-case) → value. */
export type HeaderSet = Readonly<Record<string, string>>;

/** What a helmet middleware sets, read once from a stand-in response: helmet words the policy, nothing runs per request. */
function headersOf(middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void): HeaderSet {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * What a service's answer (JSON, a CSV export, the calendar feed; never a page) needs, as OWASP's
 * REST Security Cheat Sheet sets it: no cache keeps it (a user's own data, tokens), no browser
 * reads it as another type (nosniff), and opened on its own it runs nothing and is never framed (a
 * CSP of `default-src 'none'` and X-Frame-Options). The page's policy (which sources its scripts,
 * styles, images and sockets come from), COOP/CORP, Referrer-Policy and the legacy headers helmet
 * adds (X-XSS-Protection, X-Download-Options, …) govern a document and what it loads or links to:
 * on a fetch()ed answer no browser reads them. Sent on every call, the eight saved were most of the
 * gateway's cost per call beyond a bare proxy's (Node validates and writes each one).
 */
const API_HEADERS: HeaderSet = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * Headers for a Vite-built React SPA (`always`: pages, assets, health, the API docs) and for the
 * services' answers (`api`, see API_HEADERS): scripts only from our origin (Vite emits no inline
 * script), inline styles allowed (UI libraries set style attributes), images from anywhere over
 * https, no framing. `hsts` only for requests that arrived over https (directly, or via a trusted
 * proxy's X-Forwarded-Proto): sending it over plain http would be ignored at best.
 */
export function securityHeaders(config: Pick<GatewayConfig, 'SUPABASE_URL' | 'CSP_CONNECT_SRC'>): { always: HeaderSet; api: HeaderSet; hsts: HeaderSet } {
  const always = headersOf(
    helmet({
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
    }),
  );
  const hsts = headersOf(helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true }));
  return { always, api: API_HEADERS, hsts };
}

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const EXPOSED_HEADERS = 'X-Request-Id, X-Next-Cursor, Retry-After, X-Supabase-Api-Version, X-Sb-Error-Code';

/**
 * CORS for the listed origins only (CORS_ORIGINS); with none listed nothing is added and the SPA
 * is same-origin. Tokens travel in the Authorization header, never cookies: no credentials mode.
 * The answer adds to `headers` (lower-case names) and says whether `req` is a preflight those
 * headers fully answer (with a 204).
 */
export function cors(origins: string[]): (req: IncomingMessage, headers: Record<string, string>) => boolean {
  const allowed = new Set(origins);
  return (req, headers) => {
    if (allowed.size === 0) return false;
    headers.vary = 'Origin';
    const origin = req.headers.origin;
    if (!origin || !allowed.has(origin)) return false;
    headers['access-control-allow-origin'] = origin;
    headers['access-control-expose-headers'] = EXPOSED_HEADERS;
    if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return false;
    headers.vary = 'Origin, Access-Control-Request-Headers';
    headers['access-control-allow-methods'] = ALLOWED_METHODS;
    const requested = req.headers['access-control-request-headers'];
    if (requested) headers['access-control-allow-headers'] = requested;
    headers['access-control-max-age'] = '600';
    return true;
  };
}
