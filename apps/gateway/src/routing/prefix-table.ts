/** The services behind the gateway (docs: architecture.md, "Shape"). */
export const UPSTREAM_NAMES = ['identity', 'interviews', 'practice', 'community', 'profile', 'voice'] as const;
export type UpstreamName = (typeof UPSTREAM_NAMES)[number];

/**
 * Path prefix → owning service. A prefix matches itself and anything below it (`/api/profile`,
 * `/api/profile/x`), never a longer sibling (`/api/profiles`). Paths are forwarded unchanged.
 */
export const PREFIX_TABLE: ReadonlyArray<readonly [prefix: string, upstream: UpstreamName]> = [
  ['/auth/v1', 'identity'],
  ['/api/all-companies', 'interviews'],
  ['/api/candidate-interviews', 'interviews'],
  ['/api/leetcode-questions', 'practice'],
  ['/api/error-types', 'practice'],
  ['/api/pathfinder', 'community'],
  ['/api/feature-requests', 'community'],
  ['/api/contact-form', 'community'],
  ['/api/external-resources', 'community'],
  ['/api/profile', 'profile'],
  ['/api/elevenlabs', 'voice'],
  ['/api/voice', 'voice'],
];

/** The service that owns `pathname` (no query string), or undefined. Case-sensitive on purpose. */
export function resolveUpstream(pathname: string): UpstreamName | undefined {
  for (const [prefix, upstream] of PREFIX_TABLE) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return upstream;
  }
  return undefined;
}

export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
export const isAuthPath = (pathname: string) => pathname === '/auth' || pathname.startsWith('/auth/');

/**
 * True when a path has a `.` or `..` segment (literal or percent-encoded), an encoded slash or a
 * backslash. Browsers never send these; a hand-made `/api/contact-form/../profile` is refused
 * rather than trusting every upstream to read the path exactly as the gateway did.
 */
export function isUnsafePath(pathname: string): boolean {
  if (/%2f|%5c|\\/i.test(pathname)) return true;
  return pathname.split('/').some((segment) => {
    const s = segment.replace(/%2e/gi, '.');
    return s === '.' || s === '..';
  });
}

/** Routes that take no token at the gateway: POST /api/contact-form (anonymous allowed). */
export function isAnonymousRoute(method: string, pathname: string): boolean {
  return method === 'POST' && (pathname === '/api/contact-form' || pathname === '/api/contact-form/');
}
