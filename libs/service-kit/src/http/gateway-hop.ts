import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../errors';
import { sendError } from './envelope';

/**
 * The header by which the gateway (and a service calling /internal/*) proves it holds
 * GATEWAY_SECRET: `<unix seconds>.<HMAC-SHA256 of those seconds, base64url>`. The secret itself
 * never travels, and a proof seen in a log or by a third party expires within a minute.
 */
export const GATEWAY_PROOF_HEADER = 'x-gateway-proof';

/** How far a proof's time may be from ours: the platform's clock tolerance, as for access tokens. */
export const GATEWAY_PROOF_SKEW_SECONDS = 30;

/** Makes and checks proofs of GATEWAY_SECRET. */
export class GatewayProof {
  private readonly key: Buffer;
  private made?: { second: number; value: string };
  /** The MAC of each second a proof may name, made once: an HMAC costs ~13 µs, a lookup nothing. */
  private readonly macs = new Map<number, Buffer>();

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = Buffer.from(secret, 'utf8');
  }

  /** The proof to send now (one HMAC a second, however many calls). */
  current(): string {
    const second = Math.floor(this.now() / 1000);
    if (this.made?.second !== second) this.made = { second, value: `${second}.${this.sign(second)}` };
    return this.made.value;
  }

  /** Whether `value` was made with the same secret within the allowed skew; compared in constant time. */
  accepts(value: string | string[] | undefined): boolean {
    if (typeof value !== 'string') return false;
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (!match) return false;
    const second = Number(match[1]);
    const now = this.now() / 1000;
    if (Math.abs(second - now) > GATEWAY_PROOF_SKEW_SECONDS) return false;
    return timingSafeEqual(Buffer.from(match[2]), this.macOf(second, now));
  }

  private macOf(second: number, now: number): Buffer {
    let mac = this.macs.get(second);
    if (!mac) {
      for (const kept of this.macs.keys()) if (Math.abs(kept - now) > GATEWAY_PROOF_SKEW_SECONDS) this.macs.delete(kept);
      mac = Buffer.from(this.sign(second));
      this.macs.set(second, mac);
    }
    return mac;
  }

  private sign(second: number): string {
    return createHmac('sha256', this.key).update(`thunderprep-gateway:${second}`).digest('base64url');
  }
}

/** Requests that carried a valid proof (the middleware below records them). */
const proven = new WeakSet<IncomingMessage>();

/** Whether the request came from the gateway (or another holder of GATEWAY_SECRET). */
export const isFromGateway = (req: IncomingMessage): boolean => proven.has(req);

/** Express matches routes without regard to case: so does this. */
const INTERNAL_PATH = /^\/internal(\/|$)/i;

/**
 * The client's address: the one the gateway names in X-Forwarded-For when the request proves it
 * came from the gateway, else the peer's. Nobody else chooses their address, so limits per
 * address (sign-ups, sign-ins, contact messages) count what they should.
 */
export function clientAddressOf(req: IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (!proven.has(req)) return peer;
  const forwarded = req.headers['x-forwarded-for'];
  const address = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.trim();
  // The gateway sends exactly one address; anything else is not its doing.
  return address && isIP(address) ? address : peer;
}

/**
 * Checks each request's gateway proof (GATEWAY_SECRET; unset: no request is proven), removes the
 * header so nothing further down sees or logs it, and refuses /internal/* without a proof.
 */
export function gatewayHop(proof: GatewayProof | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (proof?.accepts(req.headers[GATEWAY_PROOF_HEADER])) proven.add(req);
    delete req.headers[GATEWAY_PROOF_HEADER];
    if (INTERNAL_PATH.test(req.path) && !proven.has(req)) {
      return sendError(res, new AppError('unauthorized', "This call is for the platform's own services (X-Gateway-Proof)"));
    }
    next();
  };
}
