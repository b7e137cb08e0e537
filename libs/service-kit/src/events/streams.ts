import { DiscardPolicy, JetStreamManager, RetentionPolicy, StorageType, StreamConfig } from 'nats';
import { serviceNames, serviceRegistry } from '@app/contracts';

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

/**
 * The largest event envelope (its JSON, in bytes) `record` accepts: the stream's message limit less
 * 2 KiB kept for the headers that travel with it (message id, request id, trace context), so a
 * recorded event is one the stream stores.
 */
export const eventMaxBytes = eventStreamLimits.max_msg_size - 2048;

/** A subject under the deployment's EVENT_SUBJECT_PREFIX (none: the subject itself). */
export const prefixedSubject = (prefix: string, subject: string) => (prefix ? `${prefix}.${subject}` : subject);

/** The deployment's two streams: every service's events, and the events its consumers parked. */
export function eventStreamNames(prefix: string): { events: string; deadLetters: string } {
  return prefix ? { events: `${prefix}_EVENTS`, deadLetters: `${prefix}_DEADLETTER` } : { events: 'EVENTS', deadLetters: 'DEADLETTER' };
}

/**
 * The durable consumer of `owner` (its database schema, which is the service's name in a
 * deployment) for one event type. Named from the registry's `consumes`, so the NATS permissions
 * written from the registry can name each service's own consumers and nobody else's.
 */
export const durableName = (owner: string, eventType: string) => `${owner}_${eventType}`.replace(/[^A-Za-z0-9_-]/g, '_');

/** A durable's name on the server: under the deployment's EVENT_SUBJECT_PREFIX. */
export const consumerName = (prefix: string, durable: string) => (prefix ? `${prefix}_${durable}` : durable);

export interface StreamSettings {
  /** Bytes each stream may hold (EVENT_STREAM_MAX_BYTES); the server reserves them. */
  maxBytes?: number;
  /** Copies of each stream in a NATS cluster (EVENT_STREAM_REPLICAS): 3 keeps writes going with one server away. */
  replicas?: number;
}

/** The streams as the registry defines them: each producer's subjects, and the dead letters. */
export function eventStreamConfigs(prefix: string, { maxBytes = eventStreamLimits.max_bytes, replicas = 1 }: StreamSettings = {}): StreamConfig[] {
  const names = eventStreamNames(prefix);
  const common = { storage: StorageType.File, retention: RetentionPolicy.Limits, ...eventStreamLimits, max_bytes: maxBytes, num_replicas: replicas };
  return [
    { ...common, name: names.events, subjects: serviceNames.map((producer) => prefixedSubject(prefix, `${producer}.>`)) },
    { ...common, name: names.deadLetters, subjects: [prefixedSubject(prefix, 'deadletter.>')] },
  ] as StreamConfig[];
}

export interface ProvisionedStream {
  stream: string;
  subjects: string[];
  outcome: 'created' | 'updated' | 'unchanged';
  /**
   * Durable consumers on it that no service of the registry uses: an earlier release's (before
   * durables were named <service>_<event type>) or a removed handler's. Left for an operator to
   * delete once no older pod reads them; each keeps the events it has not acknowledged.
   */
  unusedConsumers: string[];
}

/**
 * Creates or updates the streams to the registry's definition. Run by the launcher and the
 * Kubernetes job with an administrator's NATS user; services only check the streams (a service's
 * own user may not change them), so an older build starting during a rollout cannot take a newer
 * producer's subjects away.
 */
export async function provisionEventStreams(
  jsm: JetStreamManager,
  { prefix = '', ...settings }: StreamSettings & { prefix?: string } = {},
): Promise<ProvisionedStream[]> {
  const provisioned: ProvisionedStream[] = [];
  for (const config of eventStreamConfigs(prefix, settings)) {
    const existing = await jsm.streams.info(config.name).catch((err: Error) => {
      if (/not found/i.test(err.message)) return undefined;
      throw err;
    });
    let outcome: ProvisionedStream['outcome'] = 'unchanged';
    if (!existing) {
      await jsm.streams.add(config);
      outcome = 'created';
    } else if (differs(existing.config as unknown as Record<string, unknown>, config as unknown as Record<string, unknown>)) {
      await jsm.streams.update(config.name, config);
      outcome = 'updated';
    }
    const unusedConsumers: string[] = [];
    if (config.name === eventStreamNames(prefix).events && existing) {
      const used = new Set(serviceRegistry.flatMap((s) => s.consumes.map((type) => consumerName(prefix, durableName(s.name, type)))));
      for await (const consumer of jsm.consumers.list(config.name)) if (!used.has(consumer.name)) unusedConsumers.push(consumer.name);
    }
    provisioned.push({ stream: config.name, subjects: config.subjects!, outcome, unusedConsumers });
  }
  return provisioned;
}

const differs = (existing: Record<string, unknown>, wanted: Record<string, unknown>) =>
  Object.entries(wanted).some(([key, value]) => JSON.stringify(existing[key]) !== JSON.stringify(value));

/** Whether a stream subject (`>` and `*` wildcards) captures `subject`. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const want = pattern.split('.');
  const have = subject.split('.');
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '>') return have.length > i;
    if (i >= have.length || (want[i] !== '*' && want[i] !== have[i])) return false;
  }
  return want.length === have.length;
}

/** Raised at start when the streams lack what the service publishes or consumes. */
export class EventStreamsNotProvisioned extends Error {
  constructor(stream: string, missing: readonly string[]) {
    const what = missing.length === 0 ? `event stream ${stream} does not exist` : `event stream ${stream} does not hold ${missing.join(', ')}`;
    super(
      `${what}: streams are provisioned from the registry by the launcher, the Kubernetes job event-streams or \`npm run admin -- provision-streams\`, not by services`,
    );
    this.name = 'EventStreamsNotProvisioned';
  }
}
