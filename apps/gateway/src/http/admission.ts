import type http from 'node:http';
import { AppError, Logger, rateLimited } from '@app/service-kit/core';
import type { UpstreamName } from '../routing/prefix-table';

/** What a refused caller is asked to wait: a slot frees within a call's usual time, so soon. */
const OVERLOADED_RETRY_AFTER_SECONDS = 1;

export interface AdmissionLimits {
  /** Calls in flight to all services together (MAX_IN_FLIGHT). */
  overall: number;
  /** Calls in flight to any one service (UPSTREAM_MAX_IN_FLIGHT). */
  perUpstream: number;
  /** Calls in flight from any one client address (CLIENT_MAX_IN_FLIGHT). */
  perClient: number;
}

/**
 * The key a client's calls are counted under: its address, an IPv6 one by its /64 (what one
 * household or host is given, so one client cannot become many by its last 64 bits).
 */
export function clientKey(address: string): string {
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const [head, tail = ''] = address.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back] : front;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** How often, at most, the log says an upstream is refusing calls (the access log has each one). */
const REFUSAL_LOG_INTERVAL_MS = 1_000;

/**
 * Admission control, as Envoy's circuit breaker (`max_requests`) does it: a bound on the calls in
 * flight to each service and to all of them together. A call past either bound is refused at once
 * (503 `overloaded`, Retry-After: 1), never queued: past the knee a crowd meets fast refusals
 * while the calls already admitted keep their latency, and a slow or frozen service can hold only
 * its own slots, never the others'. A third bound is per client address, so that one address
 * cannot take the shared slots (past it: 429, the client's own share). A slot is held from
 * hand-over, once the call's body has arrived (a client that sends it slowly holds none, see
 * request-body.ts), until the answer is finished or the caller has gone. Websocket upgrades are not
 * counted (a conversation lasts minutes), nor is anything the gateway answers itself (health, the
 * SPA, the API docs).
 */
export class Admission {
  private total = 0;
  private readonly inFlight = new Map<UpstreamName, number>();
  /** Calls in flight per client key; a client with none has no entry. */
  private readonly byClient = new Map<string, number>();
  private readonly refusals = new Map<UpstreamName, { count: number; loggedAt: number }>();

  constructor(
    private readonly limits: AdmissionLimits,
    private readonly logger: Logger,
  ) {}

  /**
   * Takes a slot for a call from `client` (its key, see clientKey) to `upstream`, given back when
   * `res` closes; when a bound is reached, the refusal to answer instead.
   */
  admit(upstream: UpstreamName, client: string, res: http.ServerResponse): AppError | undefined {
    const fromClient = this.byClient.get(client) ?? 0;
    if (fromClient >= this.limits.perClient) {
      return rateLimited(OVERLOADED_RETRY_AFTER_SECONDS, 'Too many requests at once from this address, please try again in a moment');
    }
    const current = this.inFlight.get(upstream) ?? 0;
    if (this.total >= this.limits.overall || current >= this.limits.perUpstream) {
      this.noteRefusal(upstream, current);
      return new AppError('overloaded', `The ${upstream} service is busy, please try again in a moment`, undefined, 503, {
        'Retry-After': String(OVERLOADED_RETRY_AFTER_SECONDS),
      });
    }
    this.total++;
    this.inFlight.set(upstream, current + 1);
    this.byClient.set(client, fromClient + 1);
    // A response closes once: `on` spares the wrapper `once` makes per call.
    res.on('close', () => {
      this.total--;
      this.inFlight.set(upstream, this.inFlight.get(upstream)! - 1);
      const left = this.byClient.get(client)! - 1;
      if (left === 0) this.byClient.delete(client);
      else this.byClient.set(client, left);
    });
    return undefined;
  }

  private noteRefusal(upstream: UpstreamName, current: number): void {
    const now = performance.now();
    const seen = this.refusals.get(upstream) ?? { count: 0, loggedAt: -Infinity };
    seen.count++;
    this.refusals.set(upstream, seen);
    if (now - seen.loggedAt < REFUSAL_LOG_INTERVAL_MS) return;
    const bound = current >= this.limits.perUpstream ? 'UPSTREAM_MAX_IN_FLIGHT' : 'MAX_IN_FLIGHT';
    this.logger.warn(
      { upstream, in_flight: current, in_flight_overall: this.total, bound, refused: seen.count },
      `overloaded: refusing calls to ${upstream} (${bound} reached)`,
    );
    seen.count = 0;
    seen.loggedAt = now;
  }
}
