import type { Database } from './db/database';
import type { EventTransport } from './events/transport';

export interface ReadinessReport {
  /** It can serve: its database answers. */
  ready: boolean;
  /** Ready, but its broker is away: reads are served and writes' events wait in the outbox. */
  degraded: boolean;
  database: 'up' | 'down';
  /** The broker connection: `reconnecting` while the client is between servers (it never gives up). */
  broker: 'up' | 'reconnecting';
  /** The event transport in use. */
  transport: EventTransport['kind'];
}

/** How long a service's /readyz waits for `select 1`: short, so the gateway's probe (1 s) hears the answer. */
export const DATABASE_CHECK_TIMEOUT_MS = 500;

/**
 * What a service needs to serve is its Postgres answering `select 1` within a short timeout. Its
 * broker is not: without NATS it still answers reads and takes writes, whose events wait in the
 * outbox until the client has reconnected, so a broker away only makes it degraded. Unready
 * instead, every replica of every service would leave the load balancer at once for a NATS blip.
 * A database that hangs holds at most one check: the next probes wait on the same one rather than
 * taking more connections.
 */
export class Readiness {
  private pending?: Promise<boolean>;

  constructor(
    private readonly db: Pick<Database, 'isReachable'>,
    private readonly transport: Pick<EventTransport, 'isReady' | 'kind'>,
    private readonly timeoutMs = DATABASE_CHECK_TIMEOUT_MS,
  ) {}

  async check(): Promise<ReadinessReport> {
    const database = await this.databaseAnswers();
    const broker = this.transport.isReady();
    return {
      ready: database,
      degraded: database && !broker,
      database: database ? 'up' : 'down',
      broker: broker ? 'up' : 'reconnecting',
      transport: this.transport.kind,
    };
  }

  private databaseAnswers(): Promise<boolean> {
    this.pending ??= this.db.isReachable().finally(() => (this.pending = undefined));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), this.timeoutMs)));
    return Promise.race([this.pending, late]).finally(() => clearTimeout(timer));
  }
}
