import {
  AckPolicy,
  connect,
  ConsumerMessages,
  DeliverPolicy,
  ErrorCode,
  headers as natsHeaders,
  JetStreamClient,
  JetStreamManager,
  JsMsg,
  NatsConnection,
  NatsError,
} from 'nats';
import type { EventEnvelope } from '@app/contracts';
import type { Logger } from '../logger';
import { NatsCredentials, natsConnectionOptions, natsInboxPrefix } from './nats-options';
import {
  consumerName,
  eventStreamNames,
  EventStreamsNotProvisioned,
  prefixedSubject,
  provisionEventStreams,
  ProvisionedStream,
  StreamSettings,
  subjectMatches,
} from './streams';
import { ConsumerHandle, ConsumerSpec, Delivery, EventRefused, EventTransport } from './transport';
import { waitAtMost } from './wait';

export * from './streams';

const START_PATIENCE_MS = 60_000;
/** No answer in time, no responder yet, or JetStream saying it is not ready: worth asking again. */
const brokerBusy = (err: unknown): boolean => {
  const { code, api_error: apiError } = err as NatsError;
  return code === ErrorCode.Timeout || code === ErrorCode.NoResponders || apiError?.code === 503;
};

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
  /** Event types the service publishes: the stream must hold them when it starts (its consumers' are checked as they start). */
  produces?: readonly string[];
}

const second = 1_000_000_000;

/** Per durable consumer: unacked deliveries in flight before the server waits (a slow handler does not pile up work). */
export const eventConsumerLimits = { ack_wait: 30 * second, max_ack_pending: 1000 };

/** Durable domain events on a JetStream stream, one durable pull consumer per (service, subject). */
export class JetStreamTransport implements EventTransport {
  readonly kind = 'nats' as const;
  private readonly consumers = new Set<ConsumerMessages>();

  private readonly streams: { events: string; deadLetters: string };
  /** Subjects of the event stream when the service started. */
  private eventSubjects: string[] = [];

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly options: JetStreamOptions,
  ) {
    this.streams = eventStreamNames(options.prefix);
  }

  static async connect(options: JetStreamOptions): Promise<JetStreamTransport> {
    const nc = await connect({
      ...natsConnectionOptions(options.url, options.credentials),
      name: options.name,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      timeout: 5000,
      inboxPrefix: natsInboxPrefix(options.credentials?.user),
    });
    const jsm = await nc.jetstreamManager();
    const transport = new JetStreamTransport(nc, nc.jetstream(), jsm, options);
    try {
      await transport.checkStreams();
    } catch (err) {
      await nc.close();
      throw err;
    }
    (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect' || status.type === 'reconnect') {
          options.logger.warn({ nats: status.type }, `NATS ${status.type}`);
        }
      }
    })().catch(() => undefined);
    return transport;
  }

  /**
   * A JetStream API call at start that the broker did not answer in time (a cluster electing a
   * leader after a node died, a machine busy with a dozen starts) is asked again for up to a minute:
   * given up at once, the replica exits and crash-loops, serving nothing meanwhile.
   */
  private async patiently<T>(what: string, call: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + START_PATIENCE_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (err) {
        if (!brokerBusy(err) || Date.now() > deadline) throw err;
        this.options.logger.warn({ err: (err as Error).message, what, attempt }, 'JetStream did not answer in time; asking again');
        await new Promise((resolve) => setTimeout(resolve, Math.min(250 * attempt, 2_000)));
      }
    }
  }

  private subject(name: string): string {
    return prefixedSubject(this.options.prefix, name);
  }

  /** The streams exist and hold what this service publishes; it never changes them (provisionEventStreams does). */
  private async checkStreams(): Promise<void> {
    const info = async (stream: string) =>
      this.patiently(`stream ${stream}`, () => this.jsm.streams.info(stream)).catch((err: Error) => {
        throw /not found/i.test(err.message) ? new EventStreamsNotProvisioned(stream, []) : err;
      });
    this.eventSubjects = (await info(this.streams.events)).config.subjects ?? [];
    await info(this.streams.deadLetters);
    this.requireSubjects((this.options.produces ?? []).map((type) => this.subject(type)));
  }

  private requireSubjects(subjects: string[]): void {
    const missing = subjects.filter((subject) => !this.eventSubjects.some((pattern) => subjectMatches(pattern, subject)));
    if (missing.length > 0) throw new EventStreamsNotProvisioned(this.streams.events, missing);
  }

  async publish(subject: string, envelope: EventEnvelope, headers: Record<string, string>): Promise<void> {
    const h = natsHeaders();
    for (const [k, v] of Object.entries(headers)) h.set(k, v);
    try {
      await this.js.publish(this.subject(subject), encoder.encode(JSON.stringify(envelope)), { msgID: envelope.id, headers: h });
    } catch (err) {
      // The stream's answer about this message (400: over its size limit, say) or the client's own
      // refusal of it (over the server's max_payload) will not change on a retry; the rest (503, a
      // timeout, a lost connection) are the broker's.
      const { api_error: apiError, code } = err as NatsError;
      if (apiError?.code === 400 || code === ErrorCode.MaxPayloadExceeded) throw new EventRefused(subject, (err as Error).message, { cause: err });
      throw err;
    }
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
    const info = await this.jsm.streams.info(this.streams.deadLetters, { subjects_filter: subject });
    return info.state.subjects?.[subject] ?? 0;
  }

  async consume(spec: ConsumerSpec, handler: (delivery: Delivery) => Promise<void>): Promise<ConsumerHandle> {
    this.requireSubjects([this.subject(spec.subject)]);
    const durable = consumerName(this.options.prefix, spec.durable);
    // What may change between releases; ack and deliver policies are fixed when a durable is made.
    const settings = { filter_subject: this.subject(spec.subject), ...eventConsumerLimits };
    const existing = await this.patiently(`consumer ${durable}`, () => this.jsm.consumers.info(this.streams.events, durable)).catch((err: Error) => {
      if (/not found/i.test(err.message)) return undefined;
      throw err;
    });
    if (!existing) {
      await this.patiently(`consumer ${durable}`, () =>
        this.jsm.consumers.add(this.streams.events, {
          durable_name: durable,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          ...settings,
        }),
      );
    } else if (Object.entries(settings).some(([key, value]) => existing.config[key as keyof typeof settings] !== value)) {
      // A durable made by an earlier release keeps its position and takes this release's settings.
      await this.patiently(`consumer ${durable}`, () => this.jsm.consumers.update(this.streams.events, durable, settings));
      this.options.logger.info({ durable, settings }, 'durable consumer settings updated');
    }
    const consumer = await this.patiently(`consumer ${durable}`, () => this.js.consumers.get(this.streams.events, durable));
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
        const info = await this.jsm.consumers.info(this.streams.events, durable);
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

  /** A PING answered by a PONG: a paused or wedged server keeps the TCP connection but never answers. */
  answers(): Promise<boolean> {
    return this.nc.flush().then(
      () => true,
      () => false,
    );
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

/**
 * Connects as the administrator (NATS_URL and, with per-service users, the administrator's
 * credentials), provisions the streams from the registry and disconnects: the launcher's and the
 * Kubernetes job's step before services start.
 */
export async function provisionEventStreamsAt(
  url: string,
  options: StreamSettings & { credentials?: NatsCredentials; prefix?: string } = {},
): Promise<ProvisionedStream[]> {
  const nc = await connect({ ...natsConnectionOptions(url, options.credentials), inboxPrefix: natsInboxPrefix(options.credentials?.user), timeout: 5000 });
  try {
    return await provisionEventStreams(await nc.jetstreamManager(), options);
  } finally {
    await nc.close();
  }
}
