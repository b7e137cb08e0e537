import type { EventEnvelope } from '@app/contracts';

/** One delivery of an event to a durable consumer. */
export interface Delivery {
  envelope: EventEnvelope;
  headers: Record<string, string>;
  /** 1 on first delivery. */
  deliveryCount: number;
  ack(): void;
  /** Redeliver after the delay. */
  nak(delayMs: number): void;
  /** Never redeliver (after it has been parked in the dead-letter subject). */
  term(): void;
}

export interface ConsumerSpec {
  /** Durable name: survives restarts; a new one starts from the first event in the stream. */
  durable: string;
  subject: string;
}

export interface ConsumerHandle {
  stop(): Promise<void>;
  /** Events of this durable not yet handled: waiting for delivery or for their acknowledgement. */
  lag(): Promise<number>;
}

/**
 * The broker answered that it will not store this event (too large, say): trying it again gets the
 * same answer, so the relay counts the refusal against the row and goes on with the next. Any other
 * failure of a publish (broker away, timeout) is the broker's, not the row's.
 */
export class EventRefused extends Error {
  constructor(subject: string, reason: string, options?: ErrorOptions) {
    super(`the broker refused ${subject}: ${reason}`, options);
    this.name = 'EventRefused';
  }
}

/**
 * What the outbox relay and consumers need from a broker. JetStream in production and tests;
 * an in-process implementation for the one-process embedded default when no nats-server exists.
 */
export interface EventTransport {
  readonly kind: 'nats' | 'in-process';
  /** Resolves once the broker has stored the event. `id` deduplicates repeated publishes. Rejects with EventRefused when the broker will never take it. */
  publish(subject: string, envelope: EventEnvelope, headers: Record<string, string>): Promise<void>;
  publishDeadLetter(consumer: string, delivery: Delivery, reason: string): Promise<void>;
  /** Events parked for `consumer` (as named to publishDeadLetter) and still kept. */
  deadLetterCount(consumer: string): Promise<number>;
  consume(spec: ConsumerSpec, handler: (delivery: Delivery) => Promise<void>): Promise<ConsumerHandle>;
  isReady(): boolean;
  /**
   * Whether the broker answers a round trip: resolves true when it has, false when the connection
   * failed. A broker that is paused (connected, silent) never answers; the caller bounds the wait.
   */
  answers(): Promise<boolean>;
  close(): Promise<void>;
}
