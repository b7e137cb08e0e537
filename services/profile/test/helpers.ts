import { randomBytes, randomUUID } from 'node:crypto';
import { EventData, EventEnvelope, eventSchemas, EventType } from '@app/contracts';
import type { RunningService } from '@app/service-kit';
import type { TestEnvironment } from '@app/service-kit/testing';
import { connect } from 'nats';

export const tag = () => randomBytes(3).toString('hex');

export async function waitFor<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
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
  data: EventData<T>,
  options: { id?: string; msgId?: string } = {},
): Promise<EventEnvelope<EventData<T>>> {
  const envelope: EventEnvelope<EventData<T>> = {
    id: options.id ?? randomUUID(),
    type,
    occurred_at: new Date().toISOString(),
    version: 1,
    data: eventSchemas[type].parse(data) as EventData<T>,
  };
  const nc = await connect({ servers: env.natsUrl });
  try {
    await nc.jetstream().publish(`${env.prefix}.${type}`, new TextEncoder().encode(JSON.stringify(envelope)), { msgID: options.msgId ?? envelope.id });
  } finally {
    await nc.close();
  }
  return envelope;
}

/** identity.user.registered for `user`, as identity announces a sign-up. */
export const announceSignUp = (env: TestEnvironment, user: { id: string; email: string }, options: { id?: string; msgId?: string } = {}) =>
  publishEvent(env, 'identity.user.registered', { user_id: user.id, email: user.email, user_metadata: {}, created_at: new Date().toISOString() }, options);

export const profileRow = async (profile: RunningService, userId: string) =>
  (await profile.db.query<{ username: string }>('SELECT username FROM user_profiles WHERE id = $1', [userId])).rows[0];

export const knownCompany = async (profile: RunningService, id: string) =>
  (await profile.db.query<{ id: string; name: string; website_url: string | null }>('SELECT id, name, website_url FROM companies WHERE id = $1', [id])).rows[0];

export const count = async (service: RunningService, sql: string, params: unknown[] = []) =>
  Number((await service.db.query<{ n: string }>(sql, params)).rows[0].n);
