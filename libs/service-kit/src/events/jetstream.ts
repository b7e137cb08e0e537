import {
  AckPolicy,
  connect,
  ConsumerMessages,
  DeliverPolicy,
  DiscardPolicy,
  headers as natsHeaders,
  JetStreamClient,
  JetStreamManager,
  JsMsg,
  NatsConnection,
  RetentionPolicy,
  StorageType,
} from 'nats';
import { eventProducers, EventEnvelope } from '@app/contracts';
import type { Logger } from '../logger';
import { NatsCredentials, natsConnectionOptions } from './nats-options';
import type { ConsumerHandle, ConsumerSpec, Delivery, EventTransport } from './transport';
import { waitAtMost } from './wait';

const encoder = new TextEncoder();
/** How long closing waits for a drain before it closes the connection (the launcher allows 3 s a service). */
const CLOSE_WITHIN_MS = 1_000;
const decoder = new TextDecoder();

export interface JetStreamOptions {
  url: string;
  /** The service's user and TLS files (NATS_USER, NATS_PASSWORD, NATS_TLS_*). */
  credentials?: NatsCredentials;
  /** Token isolating this deployment's (or test run's) streams and subjects on a shared server. */
  prefix: string;
  name: string;
  logger: Logger;
  /** Bytes each stream may hold (EVENT_STREAM_MAX_BYTES); the server reserves them. Default eventStreamLimits.max_bytes. */
  streamMaxBytes?: number;
}

const second = 1_000_000_000;

/**
 * What the event streams may hold: a week of events (consumers far behind that long have bigger
 * problems, and the outbox still has every row), 1 GiB at most, oldest dropped first so producers
 * never block; one event is a few hundred bytes, 256 KiB refuses a runaway payload; the duplicate
 * window covers the relay's retries of one outbox row.
 */
export const eventStreamLimits = {
  max_age: 7 * 24 * 60 * 60 * second,
  max_bytes: 1024 * 1024 * 1024,
  max_msg_size: 256 * 1024,
  discard: DiscardPolicy.Old,
  duplicate_window: 2 * 60 * second,
};

/** Per durable consumer: unacked deliveries in flight before the server waits (a slow handler does not pile up work). */
export const eventConsumerLimits = { ack_wait: 30 * second, max_ack_pending: 1000 };

/** Durable domain events on a JetStream stream, one durable pull consumer per (service, subject). */
export class JetStreamTransport implements EventTransport {
  readonly kind = 'nats' as const;
  private readonly consumers = new Set<ConsumerMessages>();

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly options: JetStreamOptions,
  ) {}

  static async connect(options: JetStreamOptions): Promise<JetStreamTransport> {
    const nc = await connect({
      ...natsConnectionOptions(options.url, options.credentials),
      name: options.name,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      timeout: 5000,
    });
    const jsm = await nc.jetstreamManager();
    const transport = new JetStreamTransport(nc, nc.jetstream(), jsm, options);
    await transport.ensureStreams();
    (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect' || status.type === 'reconnect') {
          options.logger.warn({ nats: status.type }, `NATS ${status.type}`);
        }
      }
    })().catch(() => undefined);
    return transport;
  }

  private subject(name: string): string {
    return this.options.prefix ? `${this.options.prefix}.${name}` : name;
  }

  private get streamName(): string {
    return this.options.prefix ? `${this.options.prefix}_EVENTS` : 'EVENTS';
  }

  private get deadLetterStream(): string {
    return this.options.prefix ? `${this.options.prefix}_DEADLETTER` : 'DEADLETTER';
  }

  private async ensureStreams(): Promise<void> {
    await this.ensureStream(
      this.streamName,
      eventProducers.map((p) => this.subject(`${p}.>`)),
    );
    await this.ensureStream(this.deadLetterStream, [this.subject('deadletter.>')]);
  }

  private async ensureStream(name: string, subjects: string[]): Promise<void> {
    const config = {
      name,
      subjects,
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      ...eventStreamLimits,
      max_bytes: this.options.streamMaxBytes ?? eventStreamLimits.max_bytes,
    };
    try {
      await this.jsm.streams.info(name);
      await this.jsm.streams.update(name, config);
    } catch (err) {
      if (!String((err as Error).message).includes('not found')) throw err;
      await this.jsm.streams.add(config).catch(async (addErr: Error) => {
        // Another service created it a moment ago.
        if (!String(addErr.message).includes('already in use')) throw addErr;
      });
    }
  }

  async publish(subject: string, envelope: EventEnvelope, headers: Record<string, string>): Promise<void> {
    const h = natsHeaders();
    for (const [k, v] of Object.entries(headers)) h.set(k, v);
    await this.js.publish(this.subject(subject), encoder.encode(JSON.stringify(envelope)), { msgID: envelope.id, headers: h });
  }

  async publishDeadLetter(consumer: string, delivery: Delivery, reason: string): Promise<void> {
    const h = natsHeaders();
    for (const [k, v] of Object.entries(delivery.headers)) h.set(k, v);
    h.set('Dead-Letter-Reason', reason.slice(0, 500));
    h.set('Dead-Letter-Consumer', consumer);
    await this.js.publish(this.subject(`deadletter.${consumer}`), encoder.encode(JSON.stringify(delivery.envelope)), {
      headers: h,
      msgID: `${consumer}:${delivery.envelope.id}`,
    });
  }

  async deadLetterCount(consumer: string): Promise<number> {
    const subject = this.subject(`deadletter.${consumer}`);
    const info = await this.jsm.streams.info(this.deadLetterStream, { subjects_filter: subject });
    return info.state.subjects?.[subject] ?? 0;
  }

  async consume(spec: ConsumerSpec, handler: (delivery: Delivery) => Promise<void>): Promise<ConsumerHandle> {
    const durable = this.options.prefix ? `${this.options.prefix}_${spec.durable}` : spec.durable;
    // What may change between releases; ack and deliver policies are fixed when a durable is made.
    const settings = { filter_subject: this.subject(spec.subject), ...eventConsumerLimits };
    const existing = await this.jsm.consumers.info(this.streamName, durable).catch(() => undefined);
    if (!existing) {
      await this.jsm.consumers.add(this.streamName, { durable_name: durable, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, ...settings });
    } else if (Object.entries(settings).some(([key, value]) => existing.config[key as keyof typeof settings] !== value)) {
      // A durable made by an earlier release keeps its position and takes this release's settings.
      await this.jsm.consumers.update(this.streamName, durable, settings);
      this.options.logger.info({ durable, settings }, 'durable consumer settings updated');
    }
    const consumer = await this.js.consumers.get(this.streamName, durable);
    const messages = await consumer.consume({ max_messages: 64 });
    this.consumers.add(messages);
    const loop = (async () => {
      for await (const msg of messages) {
        await handler(this.toDelivery(msg));
      }
    })().catch((err) => this.options.logger.error({ err, durable }, 'consumer loop stopped'));
    return {
      stop: async () => {
        this.consumers.delete(messages);
        await messages.close().catch(() => undefined);
        await loop;
      },
      lag: async () => {
        const info = await this.jsm.consumers.info(this.streamName, durable);
        return info.num_pending + info.num_ack_pending;
      },
    };
  }

  private toDelivery(msg: JsMsg): Delivery {
    const headers: Record<string, string> = {};
    if (msg.headers) for (const [k] of msg.headers) headers[k] = msg.headers.get(k);
    return {
      envelope: JSON.parse(decoder.decode(msg.data)) as EventEnvelope,
      headers,
      deliveryCount: msg.info.redeliveryCount,
      ack: () => msg.ack(),
      nak: (delayMs) => msg.nak(delayMs),
      term: () => msg.term(),
    };
  }

  isReady(): boolean {
    return !this.nc.isClosed() && this.nc.info !== undefined && !this.reconnecting;
  }

  private get reconnecting(): boolean {
    // `protocol.connected` is false while the client is between servers.
    return !(this.nc as unknown as { protocol?: { connected?: boolean } }).protocol?.connected;
  }

  /**
   * Drains when the server answers. Just after an outage the client may still be between servers,
   * where a drain (and a publish waiting for its ack) waits seconds for the reconnect; after
   * `CLOSE_WITHIN_MS` the connection is closed instead: a pending publish then fails, and its row
   * stays in the outbox for the next start (deduplicated by event id).
   */
  async close(): Promise<void> {
    const drained = (async () => {
      for (const messages of this.consumers) await messages.close().catch(() => undefined);
      await this.nc.drain().catch(() => undefined);
    })();
    await waitAtMost(drained, CLOSE_WITHIN_MS);
    if (!this.nc.isClosed()) await this.nc.close().catch(() => undefined);
  }
}
