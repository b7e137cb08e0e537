import {
  AckPolicy,
  connect,
  ConsumerMessages,
  DeliverPolicy,
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
import { natsConnectionOptions } from './nats-options';
import type { ConsumerHandle, ConsumerSpec, Delivery, EventTransport } from './transport';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface JetStreamOptions {
  url: string;
  /** Token isolating this deployment's (or test run's) streams and subjects on a shared server. */
  prefix: string;
  name: string;
  logger: Logger;
}

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
      ...natsConnectionOptions(options.url),
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
      duplicate_window: 2 * 60 * 1_000_000_000,
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

  async consume(spec: ConsumerSpec, handler: (delivery: Delivery) => Promise<void>): Promise<ConsumerHandle> {
    const durable = this.options.prefix ? `${this.options.prefix}_${spec.durable}` : spec.durable;
    // What may change between releases; ack and deliver policies are fixed when a durable is made.
    const settings = { filter_subject: this.subject(spec.subject), ack_wait: 30 * 1_000_000_000, max_ack_pending: 1000 };
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

  async close(): Promise<void> {
    for (const messages of this.consumers) await messages.close().catch(() => undefined);
    await this.nc.drain().catch(() => undefined);
  }
}
