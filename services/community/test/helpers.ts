import { randomUUID } from 'node:crypto';
import { TestEnvironment, TestUser } from '@app/service-kit/testing';
import { connect, StringCodec } from 'nats';

export const moderator = (env: TestEnvironment): TestUser => ({ ...env.newUser(), app_metadata: { provider: 'email', role: 'moderator' } });

export const waitFor = async (check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Announces the account's deletion as identity does, on this environment's stream. */
export async function announceDeletion(env: TestEnvironment, userId: string): Promise<void> {
  const nc = await connect({ servers: env.natsUrl });
  try {
    const envelope = { id: randomUUID(), type: 'identity.user.deleted', occurred_at: new Date().toISOString(), version: 1, data: { user_id: userId } };
    await nc.jetstream().publish(`${env.prefix}.identity.user.deleted`, StringCodec().encode(JSON.stringify(envelope)), { msgID: envelope.id });
  } finally {
    await nc.close();
  }
}
