import type { Database } from './db/database';
import type { EventTransport } from './events/transport';

export interface ReadinessReport {
  /** It can serve: its database answers. */
  ready: boolean;
  /** Ready, but something an operator should look at: reads are served and writes' events wait in the outbox. */
  degraded: boolean;
  database: 'up' | 'down';
  /**
   * The broker: `reconnecting` while the client is between servers (it never gives up), `silent`
   * while connected but unanswering (a paused or wedged server) for longer than the threshold.
   */
  broker: 'up' | 'reconnecting' | 'silent';
  /** The event transport in use. */
  transport: EventTransport['kind'];
  /** Why it is degraded, one sentence each for an operator; empty when it is not. */
  reasons: string[];
}

/** The outbox as the relay leaves it (EventBus.outboxState). */
export interface OutboxState {
  oldestAgeSeconds: number;
  parked: number;
}

export interface ReadinessThresholds {
  /** A connected broker that has answered no round trip for longer than this makes the service degraded. */
  brokerSilenceSeconds: number;
  /** An outbox whose oldest event has waited longer than this is blocked: degraded. */
  outboxAgeSeconds: number;
}

/** How long a service's /readyz waits for `select 1`: short, so the gateway's probe (1 s) hears the answer. */
export const DATABASE_CHECK_TIMEOUT_MS = 500;

/**
 * What a service needs to serve is its Postgres answering `select 1` within a short timeout. Its
 * broker is not: without NATS it still answers reads and takes writes, whose events wait in the
 * outbox until the client has reconnected, so a broker away only makes it degraded. Unready
 * instead, every replica of every service would leave the load balancer at once for a NATS blip.
 * Degraded also says why: the broker reconnecting, or connected but silent (paused) for longer than
 * the threshold, or the outbox blocked (its oldest event waiting too long, or events parked).
 * A database or broker that hangs holds at most one check each: the next probes wait on the same one
 * rather than taking more connections or sending more pings.
 */
export class Readiness {
  private pending?: Promise<boolean>;
  private pingPending?: Promise<boolean>;
  private brokerAnsweredAt = Date.now();

  constructor(
    private readonly db: Pick<Database, 'isReachable'>,
    private readonly transport: Pick<EventTransport, 'isReady' | 'answers' | 'kind'>,
    private readonly outbox?: { outboxState(): Promise<OutboxState> },
    private readonly thresholds: ReadinessThresholds = { brokerSilenceSeconds: 10, outboxAgeSeconds: 60 },
    private readonly timeoutMs = DATABASE_CHECK_TIMEOUT_MS,
  ) {}

  async check(): Promise<ReadinessReport> {
    const [database, broker] = await Promise.all([this.databaseAnswers(), this.brokerState()]);
    const reasons: string[] = [];
    if (broker === 'reconnecting') reasons.push('NATS is unreachable: the client is reconnecting; events wait in the outbox');
    if (broker === 'silent') {
      reasons.push(`NATS has not answered for ${Math.round((Date.now() - this.brokerAnsweredAt) / 1000)} s; events wait in the outbox`);
    }
    if (database) reasons.push(...(await this.outboxReasons()));
    return {
      ready: database,
      degraded: database && reasons.length > 0,
      database: database ? 'up' : 'down',
      broker,
      transport: this.transport.kind,
      reasons: database ? reasons : [],
    };
  }

  private databaseAnswers(): Promise<boolean> {
    this.pending ??= this.db.isReachable().finally(() => (this.pending = undefined));
    return this.withinTimeout(this.pending);
  }

  private async brokerState(): Promise<ReadinessReport['broker']> {
    if (!this.transport.isReady()) return 'reconnecting';
    this.pingPending ??= this.transport.answers().finally(() => (this.pingPending = undefined));
    if (await this.withinTimeout(this.pingPending)) {
      this.brokerAnsweredAt = Date.now();
      return 'up';
    }
    return Date.now() - this.brokerAnsweredAt > this.thresholds.brokerSilenceSeconds * 1000 ? 'silent' : 'up';
  }

  /** The outbox blocked: its oldest event waiting past the threshold, or events parked after refusals. */
  private async outboxReasons(): Promise<string[]> {
    if (!this.outbox) return [];
    const state = await this.withinTimeout(this.outbox.outboxState().catch(() => undefined));
    if (!state) return [];
    const reasons: string[] = [];
    if (state.oldestAgeSeconds > this.thresholds.outboxAgeSeconds) {
      reasons.push(`the outbox is blocked: its oldest event has waited ${Math.round(state.oldestAgeSeconds)} s`);
    }
    if (state.parked > 0) reasons.push(`${state.parked} event(s) parked in outbox_parked after the broker refused them (npm run admin -- events)`);
    return reasons;
  }

  /** The answer, or false/undefined once the timeout has passed. */
  private withinTimeout<T>(work: Promise<T>): Promise<T | false> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.timeoutMs)));
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  }
}
