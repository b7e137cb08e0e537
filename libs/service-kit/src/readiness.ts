import type { Database } from './db/database';
import type { EventTransport } from './events/transport';

export interface ReadinessReport {
  ready: boolean;
  database: 'up' | 'down';
  events: 'up' | 'down';
  /** The event transport in use. */
  transport: EventTransport['kind'];
}

/** How long a service's /readyz waits for `select 1`: short, so the gateway's probe (1 s) hears the answer. */
export const DATABASE_CHECK_TIMEOUT_MS = 500;

/**
 * What a service needs to serve: its Postgres answering `select 1` within a short timeout, and its
 * event transport connected (NATS: not closed, not between servers). A database that hangs holds
 * at most one check: the next probes wait on the same one rather than taking more connections.
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
    const events = this.transport.isReady();
    return { ready: database && events, database: database ? 'up' : 'down', events: events ? 'up' : 'down', transport: this.transport.kind };
  }

  private databaseAnswers(): Promise<boolean> {
    this.pending ??= this.db.isReachable().finally(() => (this.pending = undefined));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), this.timeoutMs)));
    return Promise.race([this.pending, late]).finally(() => clearTimeout(timer));
  }
}
