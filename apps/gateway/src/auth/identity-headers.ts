import type { IncomingHttpHeaders } from 'node:http';

/**
 * Headers that could pass for an identity asserted by someone upstream of a service. Only a
 * verified token says who the caller is, so the gateway never forwards these from the client.
 */
const EXACT = new Set([
  'x-user',
  'x-authenticated-user',
  'x-authenticated-userid',
  'x-auth-user',
  'x-forwarded-user',
  'x-forwarded-email',
  'x-forwarded-preferred-username',
  'x-remote-user',
  'remote-user',
  'x-consumer-id',
]);
const PREFIXES = ['x-user-', 'x-auth-user-', 'x-authenticated-', 'x-gateway-', 'x-supabase-user'];

const X = 'x'.charCodeAt(0);
const R = 'r'.charCodeAt(0);

export function isIdentityHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return EXACT.has(lower) || PREFIXES.some((p) => lower.startsWith(p));
}

/** Removes identity headers in place (Node lower-cases incoming header names); returns the names dropped. */
export function dropIdentityHeaders(headers: IncomingHttpHeaders): string[] {
  const dropped: string[] = [];
  for (const name in headers) {
    // Every identity header starts so: most names are passed over at their first letter.
    if ((name.charCodeAt(0) | 0x20) !== X && (name.charCodeAt(0) | 0x20) !== R) continue;
    if (isIdentityHeader(name)) {
      delete headers[name];
      dropped.push(name);
    }
  }
  return dropped;
}
