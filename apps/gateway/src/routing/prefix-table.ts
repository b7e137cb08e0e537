import { allEndpoints, serviceNames, ServiceName, serviceRegistry } from '@app/contracts';

/** The services behind the gateway: the registry's (libs/contracts/src/registry.ts). */
export const UPSTREAM_NAMES: readonly ServiceName[] = serviceNames;
export type UpstreamName = ServiceName;

/**
 * Path prefix → owning service, from the registry. A prefix matches itself and anything below it
 * (`/api/profile`, `/api/profile/x`), never a longer sibling (`/api/profiles`). Paths are forwarded
 * unchanged.
 */
export const PREFIX_TABLE: ReadonlyArray<readonly [prefix: string, upstream: UpstreamName]> = serviceRegistry.flatMap((s) =>
  s.prefixes.map((prefix) => [prefix, s.name] as const),
);

/** Prefixes under which a service takes websocket upgrades (it authenticates them itself). */
const WEBSOCKET_TABLE: ReadonlyArray<readonly [prefix: string, upstream: UpstreamName]> = serviceRegistry.flatMap((s) =>
  ('websockets' in s ? s.websockets : []).map((prefix) => [prefix, s.name] as const),
);

/** The service that owns `pathname` (no query string), or undefined. Case-sensitive on purpose. */
export function resolveUpstream(pathname: string): UpstreamName | undefined {
  for (const [prefix, upstream, below] of PREFIXES_BELOW) {
    if (pathname === prefix || pathname.startsWith(below)) return upstream;
  }
  return undefined;
}

/** The table with each prefix's `prefix/` made once, not per request. */
const PREFIXES_BELOW = PREFIX_TABLE.map(([prefix, upstream]) => [prefix, upstream, `${prefix}/`] as const);

export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
export const isAuthPath = (pathname: string) => pathname === '/auth' || pathname.startsWith('/auth/');

/**
 * True when a path has a `.` or `..` segment (literal or percent-encoded), an encoded slash or a
 * backslash. Browsers never send these; a hand-made `/api/contact-form/../profile` is refused
 * rather than trusting every upstream to read the path exactly as the gateway did.
 */
export function isUnsafePath(pathname: string): boolean {
  // Without a dot, a percent sign or a backslash there is nothing to look for (most paths).
  if (!/[.%\\]/.test(pathname)) return false;
  if (/%2f|%5c|\\/i.test(pathname)) return true;
  return pathname.split('/').some((segment) => {
    const s = segment.replace(/%2e/gi, '.');
    return s === '.' || s === '..';
  });
}

/** The websocket route that owns `pathname`, or undefined. */
export function resolveWebsocketUpstream(pathname: string): UpstreamName | undefined {
  return WEBSOCKET_TABLE.find(([prefix]) => pathname.startsWith(prefix))?.[1];
}

const parameterSegment = /:[A-Za-z_][A-Za-z0-9_]*/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A declared path (`/api/x/:id`) as a pattern for request paths (`/api/x/42`, trailing slash allowed). */
export const routePattern = (path: string) => new RegExp(`^${path.split(parameterSegment).map(escapeRegExp).join('[^/]+')}/?$`);

/** /api routes declared `auth: 'optional'` or `'none'` (e.g. POST /api/contact-form): no token needed at the gateway. */
const ANONYMOUS_ROUTES = allEndpoints()
  .map(({ endpoint }) => endpoint)
  .filter((e) => e.auth && e.auth !== 'required' && e.path.startsWith('/api/'))
  .map((e) => ({ method: e.method, pattern: routePattern(e.path) }));

export function isAnonymousRoute(method: string, pathname: string): boolean {
  return ANONYMOUS_ROUTES.some((route) => route.method === method && route.pattern.test(pathname));
}
