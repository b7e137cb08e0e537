import { randomUUID } from 'node:crypto';
import { context, propagation, ROOT_CONTEXT, Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { EventData, EventEnvelope, eventSchemas, EventType } from '@app/contracts';
import { fullJitter } from '../backoff';
import { currentRequestId } from '../context';
import type { Database, Tx } from '../db/database';
import type { Logger } from '../logger';
import { ConsumerHandle, Delivery, EventRefused, EventTransport } from './transport';
import { orderingKeys } from './ordering';
import { durableName, eventMaxBytes } from './streams';
import { waitAtMost } from './wait';

const tracer = trace.getTracer('@app/service-kit/events');

export interface EventHandlerSpec<T extends EventType> {
  /** The handler's name, unique per service, under which it records the events it processed: e.g. "profile.user-registered". */
  name: string;
  type: T;
  /** Runs inside the transaction that records the event as processed: both commit or neither. */
  handle(data: EventData<T>, tx: Tx, event: EventEnvelope<EventData<T>>): Promise<void>;
}

export interface EventBusOptions {
  db: Database;
  transport: EventTransport;
  logger: Logger;
  /** Attempts before an event is parked in the dead-letter subject. */
  maxDeliveries?: number;
  /** Refusals by the broker before an outbox row is parked in outbox_parked (EVENT_RELAY_MAX_ATTEMPTS). */
  relayMaxAttempts?: number;
  relayIntervalMs?: number;
  /** How long processed_events remembers a handled event (EVENT_DEDUPLICATION_DAYS). */
  deduplicationDays?: number;
}

/** An event too large for the event stream, refused when it is recorded rather than by the relay later. */
export class EventTooLarge extends Error {
  constructor(
    readonly type: string,
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(`event ${type} is ${bytes} bytes, over the ${limit} the event stream takes: carry ids and let consumers read the rest, or record it in chunks`);
    this.name = 'EventTooLarge';
  }
}

/** How long stopping waits for a relay batch in flight (a healthy one takes milliseconds). */
const RELAY_STOP_WAIT_MS = 500;
/** The wait before the `attempt`-th retry (from 1): consumers of one event, or replicas' relays, retry spread out. */
const backoffMs = (attempt: number) => fullJitter(attempt - 1, { base: 500, cap: 30_000 });
/** Outbox rows published per relay pass. */
const RELAY_BATCH = 100;
/** The longest wait before a refused outbox row is tried again. */
const REFUSED_RETRY_CAP_MS = 5 * 60_000;
/** Redriven events handled per pass. */
const REDRIVE_BATCH = 20;
/** processed_events rows deleted per statement: short statements, never a long lock. */
const PRUNE_BATCH = 5_000;

interface OutboxRow {
  id: string;
  subject: string;
  envelope: EventEnvelope;
  headers: Record<string, string>;
  attempts: number;
}

/**
 * Events with the outbox pattern. `record` writes the event in the caller's transaction; the relay
 * publishes committed rows to the broker and deletes them only after the broker has stored them,
 * so a broker outage delays events but never loses one. A row the broker refuses (too large, say)
 * is tried again later and, after `relayMaxAttempts` refusals, parked in outbox_parked: it never
 * holds up the events recorded after it, except later ones about the same thing (orderingKeys).
 * Consumers record processed event ids in the same transaction as their effect, so redeliveries
 * have no second effect; those ids are kept for `deduplicationDays`, then pruned.
 */
export class EventBus {
  private readonly handlers: Array<EventHandlerSpec<EventType>> = [];
  private readonly consumers: Array<{ spec: EventHandlerSpec<EventType>; handle: ConsumerHandle }> = [];
  private relayTimer?: NodeJS.Timeout;
  private relayRunning?: Promise<void>;
  private relayAgain = false;
  private relayFailures = 0;
  private stopped = true;
  private readonly maxDeliveries: number;
  private readonly relayMaxAttempts: number;
  private readonly relayIntervalMs: number;
  private readonly deduplicationDays: number;

  constructor(private readonly options: EventBusOptions) {
    this.maxDeliveries = options.maxDeliveries ?? 8;
    this.relayMaxAttempts = options.relayMaxAttempts ?? 10;
    this.relayIntervalMs = options.relayIntervalMs ?? 1000;
    this.deduplicationDays = options.deduplicationDays ?? 14;
  }

  get transport(): EventTransport {
    return this.options.transport;
  }

  /**
   * Writes the event into the outbox inside `tx`; it is published after the transaction commits.
   * An event over `eventMaxBytes` is refused here (EventTooLarge), with the change it announces.
   */
  async record<T extends EventType>(tx: Tx, type: T, data: EventData<T>): Promise<EventEnvelope<EventData<T>>> {
    const [envelope] = await this.recordAll(tx, type, [data]);
    return envelope;
  }

  /** Writes one event per item into the outbox inside `tx`, in one statement (e.g. re-announcing every row of a table). */
  async recordAll<T extends EventType>(tx: Tx, type: T, items: EventData<T>[]): Promise<EventEnvelope<EventData<T>>[]> {
    if (items.length === 0) return [];
    const occurredAt = new Date().toISOString();
    const envelopes: EventEnvelope<EventData<T>>[] = items.map((data) => ({
      id: randomUUID(),
      type,
      occurred_at: occurredAt,
      version: 1,
      data: eventSchemas[type].parse(data) as EventData<T>,
    }));
    const texts = envelopes.map((e) => JSON.stringify(e));
    for (const text of texts) {
      const bytes = Buffer.byteLength(text);
      if (bytes > eventMaxBytes) throw new EventTooLarge(type, bytes, eventMaxBytes);
    }
    const orderingKey = orderingKeys[type] as ((data: EventData<T>) => string) | undefined;
    const headers: Record<string, string> = {};
    const requestId = currentRequestId();
    if (requestId) headers['X-Request-Id'] = requestId;
    // With telemetry on, the current trace (traceparent) travels with the event and consumers
    // continue it; with it off the API is a no-op and nothing is added.
    propagation.inject(context.active(), headers);
    await tx.query(
      'INSERT INTO outbox (id, subject, envelope, headers, ordering_key) SELECT unnest($1::uuid[]), $2, unnest($3::jsonb[]), $4, unnest($5::text[])',
      [envelopes.map((e) => e.id), type, texts, JSON.stringify(headers), envelopes.map((e) => orderingKey?.(e.data) ?? null)],
    );
    tx.afterCommit(() => this.kickRelay());
    return envelopes;
  }

  /** Registers a handler; consuming starts with `start()`. */
  on<T extends EventType>(spec: EventHandlerSpec<T>): void {
    // One durable per event type and schema (its name comes from the registry, for the NATS permissions).
    const other = this.handlers.find((h) => h.type === spec.type);
    if (other) throw new Error(`${spec.name} and ${other.name} both handle ${spec.type}: one handler per event type (do both in one transaction)`);
    this.handlers.push(spec as unknown as EventHandlerSpec<EventType>);
  }

  async start(): Promise<void> {
    this.stopped = false;
    for (const spec of this.handlers) {
      const handle = await this.options.transport.consume({ durable: this.durableOf(spec), subject: spec.type }, (d) => this.deliver(spec, d));
      this.consumers.push({ spec, handle });
    }
    this.scheduleRelay(0);
  }

  /**
   * A durable belongs to the state its handler writes: replicas sharing a schema share the durable
   * (and split the work); a consumer with its own schema gets its own copy of every event.
   */
  private durableOf(spec: EventHandlerSpec<EventType>): string {
    return durableName(this.options.db.schema, spec.type);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.relayTimer) clearTimeout(this.relayTimer);
    // A publish caught between NATS servers waits for its ack; the transport's close ends that wait
    // (the rows stay in the outbox), so stopping need not wait for it here.
    await waitAtMost(this.relayRunning, RELAY_STOP_WAIT_MS);
    await Promise.all(this.consumers.splice(0).map((c) => c.handle.stop()));
  }

  /** Events still waiting in the outbox (an operator's and a test's view of the relay). */
  async pendingCount(): Promise<number> {
    const { rows } = await this.options.db.query<{ n: string }>('SELECT count(*) AS n FROM outbox');
    return Number(rows[0].n);
  }

  /**
   * The outbox as an operator watches it: rows waiting, the age of the oldest (which grows while
   * anything holds the relay up, however few rows wait) and rows parked after repeated refusals.
   */
  async outboxState(): Promise<{ backlog: number; oldestAgeSeconds: number; parked: number }> {
    const { rows } = await this.options.db.query<{ backlog: string; oldest: string | null; parked: string }>(
      `SELECT (SELECT count(*) FROM outbox) AS backlog,
              (SELECT extract(epoch FROM now() - min(created_at)) FROM outbox) AS oldest,
              (SELECT count(*) FROM outbox_parked) AS parked`,
    );
    return { backlog: Number(rows[0].backlog), oldestAgeSeconds: Math.max(0, Number(rows[0].oldest ?? 0)), parked: Number(rows[0].parked) };
  }

  /**
   * Each running consumer's lag and dead letters, as the broker reports them (a figure it could not
   * give is left out, with a warning).
   */
  async consumerStates(): Promise<Array<{ name: string; lag?: number; deadLetters?: number }>> {
    const read = (what: string, name: string, figure: () => Promise<number>) =>
      figure().catch((err: Error) => {
        this.options.logger.warn({ consumer: name, err: err.message }, `${what} could not be read`);
        return undefined;
      });
    return Promise.all(
      this.consumers.map(async ({ spec, handle }) => ({
        name: spec.name,
        lag: await read('consumer lag', spec.name, () => handle.lag()),
        deadLetters: await read('dead letters', spec.name, () => this.options.transport.deadLetterCount(this.durableOf(spec))),
      })),
    );
  }

  kickRelay(): void {
    if (this.stopped) return;
    if (this.relayRunning) {
      this.relayAgain = true;
      return;
    }
    this.scheduleRelay(0);
  }

  private scheduleRelay(delayMs: number): void {
    if (this.stopped) return;
    if (this.relayTimer) clearTimeout(this.relayTimer);
    this.relayTimer = setTimeout(() => {
      // Redriven dead letters need only the database: handled whether or not the broker is there.
      const redriven = () => this.applyRedriven().catch((err: Error) => this.options.logger.warn({ err: err.message }, 'redriven events could not be handled'));
      this.relayRunning = this.relayOnce()
        .finally(redriven)
        .then((more) => {
          this.relayFailures = 0;
          const again = more || this.relayAgain;
          this.relayAgain = false;
          this.relayRunning = undefined;
          this.scheduleRelay(again ? 0 : this.relayIntervalMs);
        })
        .catch((err) => {
          this.relayFailures += 1;
          this.relayRunning = undefined;
          const delay = backoffMs(this.relayFailures);
          this.options.logger.warn({ err: (err as Error).message, retry_in_ms: delay }, 'outbox relay could not publish');
          this.scheduleRelay(delay);
        });
    }, delayMs);
  }

  /**
   * Publishes one batch, oldest first; returns true when something went out (more may wait). Only
   * the first waiting row of each ordering key is taken, so rows about one thing go out in order
   * even with several replicas relaying. A row the broker refuses is counted, tried again later
   * (waits doubling from the relay interval) and parked after `relayMaxAttempts` refusals; the pass
   * goes on with the next row. A broker that is away ends the pass: nothing is counted against the
   * rows, and the whole relay backs off.
   */
  private async relayOnce(): Promise<boolean> {
    let brokerAway: unknown;
    const published = await this.options.db.transaction(async (tx) => {
      const { rows } = await tx.query<OutboxRow>(
        `SELECT id, subject, envelope, headers, attempts FROM outbox o
          WHERE (next_attempt_at IS NULL OR next_attempt_at <= now())
            AND (ordering_key IS NULL OR NOT EXISTS (
              SELECT 1 FROM outbox e WHERE e.ordering_key = o.ordering_key AND (e.created_at, e.id) < (o.created_at, o.id)))
          ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [RELAY_BATCH],
      );
      const done: string[] = [];
      for (const row of rows) {
        try {
          await this.publish(row);
          done.push(row.id);
        } catch (err) {
          if (!(err instanceof EventRefused)) {
            brokerAway = err;
            await tx.query('UPDATE outbox SET last_error = $2 WHERE id = $1', [row.id, (err as Error).message]);
            break;
          }
          await this.refused(tx, row, err);
        }
      }
      // Only what the broker acknowledged leaves the outbox; the rest waits for the next attempt.
      if (done.length > 0) await tx.query('DELETE FROM outbox WHERE id = ANY($1::uuid[])', [done]);
      return done.length;
    });
    if (brokerAway) throw brokerAway;
    return published > 0;
  }

  /** Counts a refusal against the row: tried again after a wait, or parked after the last attempt. */
  private async refused(tx: Tx, row: OutboxRow, err: EventRefused): Promise<void> {
    const attempts = row.attempts + 1;
    const log = this.options.logger.child({ event_id: row.id, event_type: row.subject, attempts, err: err.message });
    if (attempts >= this.relayMaxAttempts) {
      await tx.query(
        `WITH parked AS (DELETE FROM outbox WHERE id = $1 RETURNING id, subject, envelope, headers, ordering_key, created_at)
         INSERT INTO outbox_parked (id, subject, envelope, headers, ordering_key, created_at, attempts, last_error)
         SELECT id, subject, envelope, headers, ordering_key, created_at, $2, $3 FROM parked`,
        [row.id, attempts, err.message],
      );
      log.error(
        'event parked in outbox_parked after the broker refused it on every attempt: `npm run admin -- events` shows it, `events redrive` sends it again',
      );
      return;
    }
    const retryInMs = Math.min(this.relayIntervalMs * 2 ** (attempts - 1), REFUSED_RETRY_CAP_MS);
    await tx.query("UPDATE outbox SET attempts = $2, last_error = $3, next_attempt_at = now() + $4 * interval '1 millisecond' WHERE id = $1", [
      row.id,
      attempts,
      err.message,
      retryInMs,
    ]);
    log.warn({ retry_in_ms: retryInMs }, 'the broker refused an event; later events go on');
  }

  /**
   * Publishes one outbox row inside a producer span, a child of the request that recorded it (its
   * trace context was stored with the row): consumers continue from this span, so one trace runs
   * request → publish → process however long the event waited in the outbox.
   */
  private publish(row: { subject: string; envelope: EventEnvelope; headers: Record<string, string> }): Promise<void> {
    const attributes = {
      'messaging.system': 'nats',
      'messaging.operation.type': 'send',
      'messaging.operation.name': 'publish',
      'messaging.destination.name': row.subject,
      'messaging.message.id': row.envelope.id,
    };
    return tracer.startActiveSpan(
      `publish ${row.subject}`,
      { kind: SpanKind.PRODUCER, attributes },
      propagation.extract(ROOT_CONTEXT, row.headers),
      async (span) => {
        try {
          const headers = { ...row.headers };
          propagation.inject(context.active(), headers);
          await this.options.transport.publish(row.subject, row.envelope, headers);
        } catch (err) {
          span.recordException(err as Error);
          span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
          throw err;
        } finally {
          span.end();
        }
      },
    );
  }

  /** Handles one delivery inside a consumer span, a child of the span that published the event. */
  private deliver(spec: EventHandlerSpec<EventType>, delivery: Delivery): Promise<void> {
    const attributes = {
      'messaging.system': 'nats',
      'messaging.operation.type': 'process',
      'messaging.destination.name': delivery.envelope.type,
      'messaging.message.id': delivery.envelope.id,
      'messaging.consumer.group.name': this.durableOf(spec),
    };
    return tracer.startActiveSpan(
      `process ${delivery.envelope.type}`,
      { kind: SpanKind.CONSUMER, attributes },
      propagation.extract(ROOT_CONTEXT, delivery.headers),
      (span) => this.handleDelivery(spec, delivery, span).finally(() => span.end()),
    );
  }

  private async handleDelivery(spec: EventHandlerSpec<EventType>, delivery: Delivery, span: Span): Promise<void> {
    const { envelope } = delivery;
    const log = this.options.logger.child({ consumer: spec.name, event_id: envelope.id, request_id: delivery.headers['X-Request-Id'] });
    const failed = (reason: string, err: unknown) => {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: reason });
    };
    // An event that breaks its contract will break it on every attempt: parked at once.
    const parsed = eventSchemas[spec.type].safeParse(envelope.data);
    if (!parsed.success) {
      const reason = `not a valid ${spec.type}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(data)'} ${i.message}`).join('; ')}`;
      failed(reason, parsed.error);
      return this.park(spec, delivery, reason, log);
    }
    try {
      await this.options.db.transaction((tx) => this.applyOnce(spec, tx, envelope, parsed.data));
      delivery.ack();
    } catch (err) {
      const reason = (err as Error).message;
      failed(reason, err);
      if (delivery.deliveryCount >= this.maxDeliveries) return this.park(spec, delivery, reason, log);
      const delay = backoffMs(delivery.deliveryCount);
      log.warn({ err: reason, deliveries: delivery.deliveryCount, retry_in_ms: delay }, 'event handler failed; will retry');
      delivery.nak(delay);
    }
  }

  /** The handler's effect, unless this consumer has handled the event before. */
  private async applyOnce(spec: EventHandlerSpec<EventType>, tx: Tx, envelope: EventEnvelope, data: unknown): Promise<void> {
    const fresh = await tx.query('INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [spec.name, envelope.id]);
    if (fresh.rowCount === 0) return;
    await spec.handle(data as never, tx, envelope as never);
  }

  /**
   * Dead letters an operator sent back (`events redrive`, rows of redriven_events): each handled as
   * a delivery would be, in one transaction with the row's removal, so two replicas never both run
   * it and a redrive applies it once. One that fails again waits (as a delivery's retries do) and
   * after `maxDeliveries` attempts stays in the table for the operator, with its error.
   */
  private async applyRedriven(): Promise<void> {
    const byDurable = new Map(this.handlers.map((spec) => [this.durableOf(spec), spec]));
    if (byDurable.size === 0) return;
    const { rows } = await this.options.db.query<{ consumer: string; event_id: string; envelope: EventEnvelope; attempts: number }>(
      `SELECT consumer, event_id, envelope, attempts FROM redriven_events
        WHERE consumer = ANY($1::text[]) AND attempts < $2 AND (next_attempt_at IS NULL OR next_attempt_at <= now())
        ORDER BY redriven_at LIMIT $3`,
      [[...byDurable.keys()], this.maxDeliveries, REDRIVE_BATCH],
    );
    for (const row of rows) {
      const spec = byDurable.get(row.consumer)!;
      const log = this.options.logger.child({ consumer: spec.name, event_id: row.event_id });
      try {
        await this.options.db.transaction(async (tx) => {
          const claimed = await tx.query('DELETE FROM redriven_events WHERE consumer = $1 AND event_id = $2', [row.consumer, row.event_id]);
          if (claimed.rowCount === 0) return;
          await this.applyOnce(spec, tx, row.envelope, eventSchemas[spec.type].parse(row.envelope.data));
        });
        log.info('redriven event handled');
      } catch (err) {
        const reason = (err as Error).message;
        const retryInMs = backoffMs(row.attempts + 1);
        await this.options.db.query(
          "UPDATE redriven_events SET attempts = attempts + 1, last_error = $3, next_attempt_at = now() + $4 * interval '1 millisecond' WHERE consumer = $1 AND event_id = $2",
          [row.consumer, row.event_id, reason, retryInMs],
        );
        log.warn({ err: reason, attempts: row.attempts + 1 }, 'redriven event failed again');
      }
    }
  }

  /**
   * Deletes processed_events rows older than the deduplication window, a few thousand per
   * statement; returns how many. The kit's hourly job (processed-events-pruning) runs it. The
   * window (two weeks by default) outlasts the event stream's and the dead-letter stream's 7 days:
   * an event the broker can still deliver, or an operator redrive, is still recognised.
   */
  async pruneProcessedEvents(): Promise<number> {
    let pruned = 0;
    for (;;) {
      const { rowCount } = await this.options.db.query(
        `DELETE FROM processed_events WHERE (consumer, event_id) IN (
           SELECT consumer, event_id FROM processed_events WHERE processed_at < now() - make_interval(days => $1) LIMIT $2)`,
        [this.deduplicationDays, PRUNE_BATCH],
      );
      pruned += rowCount ?? 0;
      if ((rowCount ?? 0) < PRUNE_BATCH || this.stopped) return pruned;
    }
  }

  /** Moves a delivery to the dead-letter subject for an operator to look at; never loses it. */
  private async park(spec: EventHandlerSpec<EventType>, delivery: Delivery, reason: string, log: Logger): Promise<void> {
    log.error({ err: reason, deliveries: delivery.deliveryCount }, 'event parked in dead-letter subject');
    try {
      await this.options.transport.publishDeadLetter(this.durableOf(spec), delivery, reason);
      delivery.term();
    } catch (parkErr) {
      log.error({ err: (parkErr as Error).message }, 'could not park event; will retry');
      delivery.nak(backoffMs(delivery.deliveryCount));
    }
  }
}
