import type { EventEnvelope } from '@app/contracts';
import type { ConsumerHandle, ConsumerSpec, Delivery, EventTransport } from './transport';

interface StoredEvent {
  subject: string;
  envelope: EventEnvelope;
  headers: Record<string, string>;
}

/**
 * The embedded default's broker when no nats-server is on PATH: every service runs in one process
 * and shares this log. Like JetStream it keeps what was published (for this process's lifetime),
 * deduplicates by event id, replays the log to a new durable consumer and redelivers after a nak.
 * Durability across restarts comes from the outboxes and processed-event tables in Postgres.
 */
export class InProcessLog {
  readonly events: StoredEvent[] = [];
  readonly deadLetters: Array<StoredEvent & { consumer: string; reason: string }> = [];
  private readonly ids = new Set<string>();
  private readonly listeners = new Set<(event: StoredEvent) => void>();

  /** Like JetStream, a message id seen before is dropped: by default the event's own id. */
  append(event: StoredEvent, messageId = event.envelope.id): void {
    if (this.ids.has(messageId)) return;
    this.ids.add(messageId);
    this.events.push(event);
    for (const listener of this.listeners) listener(event);
  }

  listen(listener: (event: StoredEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const sharedLog = new InProcessLog();

export class InProcessTransport implements EventTransport {
  readonly kind = 'in-process' as const;
  private readonly stops = new Set<() => void>();
  private closed = false;

  constructor(private readonly log: InProcessLog = sharedLog) {}

  async publish(subject: string, envelope: EventEnvelope, headers: Record<string, string>): Promise<void> {
    this.log.append({ subject, envelope, headers });
  }

  async publishDeadLetter(consumer: string, delivery: Delivery, reason: string): Promise<void> {
    this.log.deadLetters.push({ subject: delivery.envelope.type, envelope: delivery.envelope, headers: delivery.headers, consumer, reason });
  }

  async deadLetterCount(consumer: string): Promise<number> {
    return this.log.deadLetters.filter((d) => d.consumer === consumer).length;
  }

  async consume(spec: ConsumerSpec, handler: (delivery: Delivery) => Promise<void>): Promise<ConsumerHandle> {
    const timers = new Set<NodeJS.Timeout>();
    // Delivered or waiting, until acknowledged or terminated (a nak keeps it counted).
    let unhandled = 0;
    const settled = () => (unhandled -= 1);
    let queue = Promise.resolve();
    let stopped = false;
    const deliver = (event: StoredEvent, count: number) => {
      queue = queue.then(async () => {
        if (stopped) return;
        await handler({
          envelope: event.envelope,
          headers: event.headers,
          deliveryCount: count,
          ack: settled,
          term: settled,
          nak: (delayMs) => {
            const timer = setTimeout(() => {
              timers.delete(timer);
              deliver(event, count + 1);
            }, delayMs);
            timers.add(timer);
          },
        });
      });
    };
    const first = (event: StoredEvent) => {
      unhandled += 1;
      deliver(event, 1);
    };
    const matching = (event: StoredEvent) => event.subject === spec.subject;
    for (const event of this.log.events.filter(matching)) first(event);
    const unlisten = this.log.listen((event) => matching(event) && first(event));
    const stop = () => {
      stopped = true;
      unlisten();
      for (const timer of timers) clearTimeout(timer);
    };
    this.stops.add(stop);
    return {
      stop: async () => {
        stop();
        this.stops.delete(stop);
        await queue;
      },
      lag: async () => unhandled,
    };
  }

  isReady(): boolean {
    return !this.closed;
  }

  async answers(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const stop of this.stops) stop();
  }
}
