import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { dropIdentityHeaders } from '../auth/identity-headers';

/** Express's compiled `trust proxy` setting: is the hop at `address` (i-th from us) believed? */
export type TrustFn = (address: string, i: number) => boolean;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim() || undefined;

const isTrusted = (req: IncomingMessage, trust: TrustFn) => {
  const peer = req.socket.remoteAddress;
  return peer !== undefined && peer !== '' && trust(peer, 0);
};

/** The scheme the client used: https on a TLS socket, else what a trusted proxy says, else http. */
export function protocolOf(req: IncomingMessage, trust: TrustFn): string {
  if ((req.socket as TLSSocket).encrypted) return 'https';
  return (isTrusted(req, trust) && first(req.headers['x-forwarded-proto'])) || 'http';
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'upgrade'];

/**
 * Hop-by-hop headers describe the client's connection to the gateway, not the gateway's to the
 * service (RFC 9110 §7.6.1). Copied as they are, a client's `Connection: close` would close the
 * pooled upstream connection after every request and defeat the keep-alive agent.
 */
export function dropHopByHopHeaders(headers: IncomingHttpHeaders): void {
  const connection = headers.connection;
  for (const name of HOP_BY_HOP) if (headers[name] !== undefined) delete headers[name];
  if (connection === undefined) return;
  for (const token of String(connection).split(',')) {
    const name = token.trim().toLowerCase();
    // Never let a Connection token remove what the gateway itself relies on or sets.
    if (!name || name === 'authorization' || name === 'host' || name.startsWith('x-forwarded-') || name === 'x-request-id') continue;
    delete headers[name];
  }
}

/**
 * The client's address as Express's `req.ip` reads it: the peer, or, while the hop at hand is a
 * trusted proxy (TRUST_PROXY), the address it says it was called from (X-Forwarded-For, right to left).
 */
export function clientAddress(req: IncomingMessage, trust: TrustFn): string {
  const peer = req.socket.remoteAddress ?? '';
  const forwarded = req.headers['x-forwarded-for'];
  // Most calls: nothing forwarded, or from a peer not believed. The peer, with nothing to parse.
  if (forwarded === undefined || peer === '' || !trust(peer, 0)) return peer;
  const chain = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  let address = peer;
  for (let hop = 0; address !== '' && trust(address, hop) && chain.length > 0; hop++) address = chain.pop()!;
  return address;
}

/**
 * Rewrites the incoming request's headers in place before it is proxied (the proxy sends them),
 * so nothing is set on the outgoing request after its headers may already be on the wire:
 * identity headers dropped, X-Request-Id set, X-Forwarded-For/Proto/Host recomputed. Forwarded-*
 * values from the client count only when the peer is a trusted proxy (TRUST_PROXY).
 * X-Forwarded-For becomes the one client address (overwritten, never appended to): what the
 * services believe of it when the call also proves it came from here (proxy.ts adds the proof).
 */
export function prepareForwardedRequest(req: IncomingMessage, requestId: string, trust: TrustFn, options: { upgrade?: boolean } = {}): void {
  const headers = req.headers;
  dropIdentityHeaders(headers);
  if (!options.upgrade) dropHopByHopHeaders(headers);
  headers['x-request-id'] = requestId;

  const trusted = isTrusted(req, trust);
  const proto = protocolOf(req, trust);
  const host = (trusted && first(headers['x-forwarded-host'])) || headers.host;

  // Other spellings of the client's address: X-Forwarded-For alone says it, and only as computed here.
  delete headers.forwarded;
  delete headers['x-real-ip'];
  headers['x-forwarded-for'] = clientAddress(req, trust);
  headers['x-forwarded-proto'] = proto;
  if (host) headers['x-forwarded-host'] = host;
  else delete headers['x-forwarded-host'];
  delete headers['x-forwarded-port'];
}
