import { randomUUID } from 'node:crypto';
import { EventData, EventEnvelope, EventInput, eventSchemas, EventType } from '@app/contracts';
import { AckPolicy, connect, StringCodec } from 'nats';
import { natsConnectionOptions } from '../events/nats-options';
import type { TestEnvironment } from './environment';

/** Polls until `check` answers something truthy (false, 0, '' and null count as not yet). */
export async function waitFor<T>(check: () => Promise<T | undefined | null | false | 0> | T | undefined | null | false | 0, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Publishes a properly enveloped event straight to this environment's stream, as a producer's
 * outbox relay would (Nats-Msg-Id = event id unless `msgId` says otherwise: a different one gets
 * past JetStream's duplicate window, i.e. a true redelivery for the consumer to absorb).
 */
export async function publishEvent<T extends EventType>(
  env: TestEnvironment,
  type: T,
  data: EventInput<T>,
  options: { id?: string; msgId?: string } = {},
): Promise<EventEnvelope<EventData<T>>> {
  const envelope: EventEnvelope<EventData<T>> = {
    id: options.id ?? randomUUID(),
    type,
    occurred_at: new Date().toISOString(),
    version: 1,
    data: eventSchemas[type].parse(data) as EventData<T>,
  };
  const nc = await connect(natsConnectionOptions(env.natsUrl));
  try {
    await nc.jetstream().publish(`${env.prefix}.${type}`, new TextEncoder().encode(JSON.stringify(envelope)), { msgID: options.msgId ?? envelope.id });
  } finally {
    await nc.close();
  }
  return envelope;
}

/** Every event published so far on this environment's stream under `subject`, oldest first. */
export async function publishedEvents(env: TestEnvironment, subject: string): Promise<EventEnvelope<Record<string, unknown>>[]> {
  const nc = await connect(natsConnectionOptions(env.natsUrl));
  try {
    const stream = `${env.prefix}_EVENTS`;
    const info = await (
      await nc.jetstreamManager()
    ).consumers.add(stream, {
      filter_subject: `${env.prefix}.${subject}`,
      ack_policy: AckPolicy.None,
      inactive_threshold: 10_000_000_000,
    });
    const consumer = await nc.jetstream().consumers.get(stream, info.name);
    const events = [];
    for (let pending = info.num_pending; pending > 0; pending--) {
      const msg = await consumer.next({ expires: 2000 });
      if (!msg) break;
      events.push(JSON.parse(StringCodec().decode(msg.data)));
    }
    return events;
  } finally {
    await nc.close();
  }
}
