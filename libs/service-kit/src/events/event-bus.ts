import { randomUUID } from 'node:crypto';
import { context, propagation, ROOT_CONTEXT, Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { EventData, EventEnvelope, eventSchemas, EventType } from '@app/contracts';
import { fullJitter } from '../backoff';
import { currentRequestId } from '../context';
import type { Database, Tx } from '../db/database';
import type { Logger } from '../logger';
import type { ConsumerHandle, Delivery, EventTransport } from './transport';
import { durableName } from './streams';
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
  relayIntervalMs?: number;
}

/** How long stopping waits for a relay batch in flight (a healthy one takes milliseconds). */
const RELAY_STOP_WAIT_MS = 500;
/** The wait before the `attempt`-th retry (from 1): consumers of one event, or replicas' relays, retry spread out. */
const backoffMs = (attempt: number) => fullJitter(attempt - 1, { base: 500, cap: 30_000 });

/**
 * Events with the outbox pattern. `record` writes the event in the caller's transaction; the relay
 * publishes committed rows to the broker and deletes them only after the broker has stored them,
 * so a broker outage delays events but never loses one. Consumers record processed event ids in
 * the same transaction as their effect, so redeliveries have no second effect.
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
  private readonly relayIntervalMs: number;

  constructor(private readonly options: EventBusOptions) {
    this.maxDeliveries = options.maxDeliveries ?? 8;
    this.relayIntervalMs = options.relayIntervalMs ?? 1000;
  }

  get transport(): EventTransport {
    return this.options.transport;
  }

  /** Writes the event into the outbox inside `tx`; it is published after the transaction commits. */
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
    const headers: Record<string, string> = {};
    const requestId = currentRequestId();
    if (requestId) headers['X-Request-Id'] = requestId;
    // With telemetry on, the current trace (traceparent) travels with the event and consumers
    // continue it; with it off the API is a no-op and nothing is added.
    propagation.inject(context.active(), headers);
    await tx.query('INSERT INTO outbox (id, subject, envelope, headers) SELECT unnest($1::uuid[]), $2, unnest($3::jsonb[]), $4', [
      envelopes.map((e) => e.id),
      type,
      envelopes.map((e) => JSON.stringify(e)),
      JSON.stringify(headers),
    ]);
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
      this.relayRunning = this.relayOnce()
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

  /** Publishes one batch in order; returns true when a full batch went out (more may wait). */
  private async relayOnce(): Promise<boolean> {
    const batch = 100;
    let failure: unknown;
    const more = await this.options.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; subject: string; envelope: EventEnvelope; headers: Record<string, string> }>(
        'SELECT id, subject, envelope, headers FROM outbox ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED',
        [batch],
      );
      const published: string[] = [];
      for (const row of rows) {
        try {
          await this.publish(row);
        } catch (err) {
          failure = err;
          break;
        }
        published.push(row.id);
      }
      // Only what the broker acknowledged leaves the outbox; the rest waits for the next attempt.
      if (published.length > 0) await tx.query('DELETE FROM outbox WHERE id = ANY($1::uuid[])', [published]);
      return rows.length === batch;
    });
    if (failure) throw failure;
    return more;
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
      await this.options.db.transaction(async (tx) => {
        const fresh = await tx.query('INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [spec.name, envelope.id]);
        if (fresh.rowCount === 0) return;
        await spec.handle(parsed.data as never, tx, envelope as never);
      });
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
