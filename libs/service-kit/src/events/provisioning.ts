import { z } from 'zod';
import { baseConfigShape, ConfigError } from '../config';
import { provisionEventStreamsAt } from './jetstream';
import { natsCredentialsOf } from './nats-options';
import { eventStreamLimits, ProvisionedStream } from './streams';

/** What provisioning reads: the NATS server and an administrator's credentials, the prefix and the streams' size. */
export const provisioningConfigShape = {
  NATS_URL: z
    .string({ error: 'required: the NATS server whose event streams to provision' })
    .min(1)
    .describe('The NATS server whose event streams to provision (NATS_USER and NATS_PASSWORD: an administrator).'),
  NATS_USER: baseConfigShape.NATS_USER,
  NATS_PASSWORD: baseConfigShape.NATS_PASSWORD,
  NATS_TLS_CA_FILE: baseConfigShape.NATS_TLS_CA_FILE,
  NATS_TLS_CERT_FILE: baseConfigShape.NATS_TLS_CERT_FILE,
  NATS_TLS_KEY_FILE: baseConfigShape.NATS_TLS_KEY_FILE,
  EVENT_SUBJECT_PREFIX: baseConfigShape.EVENT_SUBJECT_PREFIX,
  EVENT_STREAM_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(eventStreamLimits.max_bytes)
    .describe('Bytes each event stream may hold, oldest dropped past it; the NATS server reserves this much storage per stream (docs/limits.md).'),
  EVENT_STREAM_REPLICAS: z.coerce
    .number()
    .int()
    .min(1)
    .max(5)
    .default(1)
    .describe('Copies of each stream in a NATS cluster; 1 on a single server (3 with the in-cluster NATS component).'),
};

const provisioningConfig = z.object(provisioningConfigShape).superRefine((config, ctx) => {
  if (Boolean(config.NATS_TLS_CERT_FILE) !== Boolean(config.NATS_TLS_KEY_FILE)) {
    ctx.addIssue({ code: 'custom', path: ['NATS_TLS_KEY_FILE'], message: 'NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE go together' });
  }
});

/**
 * Provisions the event streams from the registry with the settings in `env` (NATS_URL, NATS_USER
 * and NATS_PASSWORD of an administrator, NATS_TLS_*, EVENT_SUBJECT_PREFIX, EVENT_STREAM_MAX_BYTES,
 * EVENT_STREAM_REPLICAS):
 * the launcher's step, the Kubernetes job's and `npm run admin -- provision-streams`.
 */
export async function provisionEventStreamsFromEnv(env: Record<string, string | undefined> = process.env): Promise<ProvisionedStream[]> {
  const parsed = provisioningConfig.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    throw new ConfigError(`invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const config = parsed.data;
  return provisionEventStreamsAt(config.NATS_URL, {
    credentials: natsCredentialsOf(config),
    prefix: config.EVENT_SUBJECT_PREFIX,
    maxBytes: config.EVENT_STREAM_MAX_BYTES,
    replicas: config.EVENT_STREAM_REPLICAS,
  });
}
