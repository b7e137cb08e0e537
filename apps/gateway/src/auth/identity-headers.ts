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

export function isIdentityHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return EXACT.has(lower) || PREFIXES.some((p) => lower.startsWith(p));
}

/** Removes identity headers in place (Node lower-cases incoming header names); returns the names dropped. */
export function dropIdentityHeaders(headers: IncomingHttpHeaders): string[] {
  const dropped: string[] = [];
  for (const name of Object.keys(headers)) {
    if (isIdentityHeader(name)) {
      delete headers[name];
      dropped.push(name);
    }
  }
  return dropped;
}
