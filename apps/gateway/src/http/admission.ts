import type http from 'node:http';
import { AppError, Logger } from '@app/service-kit/core';
import type { UpstreamName } from '../routing/prefix-table';

/** What a refused caller is asked to wait: a slot frees within a call's usual time, so soon. */
const OVERLOADED_RETRY_AFTER_SECONDS = 1;

export interface AdmissionLimits {
  /** Calls in flight to all services together (MAX_IN_FLIGHT). */
  overall: number;
  /** Calls in flight to any one service (UPSTREAM_MAX_IN_FLIGHT). */
  perUpstream: number;
}

/** How often, at most, the log says an upstream is refusing calls (the access log has each one). */
const REFUSAL_LOG_INTERVAL_MS = 1_000;

/**
 * Admission control, as Envoy's circuit breaker (`max_requests`) does it: a bound on the calls in
 * flight to each service and to all of them together. A call past either bound is refused at once
 * (503 `overloaded`, Retry-After: 1), never queued: past the knee a crowd meets fast refusals
 * while the calls already admitted keep their latency, and a slow or frozen service can hold only
 * its own slots, never the others'. A slot is held from hand-over until the answer is finished or
 * the caller has gone. Websocket upgrades are not counted (a conversation lasts minutes), nor is
 * anything the gateway answers itself (health, the SPA, the API docs).
 */
export class Admission {
  private total = 0;
  private readonly inFlight = new Map<UpstreamName, number>();
  private readonly refusals = new Map<UpstreamName, { count: number; loggedAt: number }>();

  constructor(
    private readonly limits: AdmissionLimits,
    private readonly logger: Logger,
  ) {}

  /** Takes a slot for a call to `upstream`, given back when `res` closes; false when a bound is reached. */
  admit(upstream: UpstreamName, res: http.ServerResponse): boolean {
    const current = this.inFlight.get(upstream) ?? 0;
    if (this.total >= this.limits.overall || current >= this.limits.perUpstream) {
      this.noteRefusal(upstream, current);
      return false;
    }
    this.total++;
    this.inFlight.set(upstream, current + 1);
    res.once('close', () => {
      this.total--;
      this.inFlight.set(upstream, this.inFlight.get(upstream)! - 1);
    });
    return true;
  }

  /** Calls in flight now: to `upstream`, or to all services. */
  count(upstream?: UpstreamName): number {
    return upstream ? (this.inFlight.get(upstream) ?? 0) : this.total;
  }

  refusal(upstream: UpstreamName): AppError {
    return new AppError('overloaded', `The ${upstream} service is busy, please try again in a moment`, undefined, 503, {
      'Retry-After': String(OVERLOADED_RETRY_AFTER_SECONDS),
    });
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
