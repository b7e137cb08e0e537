import { z } from 'zod';
import { metricsPortShape } from './metrics/registry';

/** Raised at start-up when the environment is wrong; the message names every bad variable. */
export class ConfigError extends Error {}

const port = z.coerce.number().int().min(0).max(65535);
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/**
 * What the gateway and every service read alike, declared once so the two cannot drift (the
 * gateway's config extends this; issue 25).
 */
export const sharedConfigShape = {
  USER_REQUESTS_PER_SECOND: z.coerce
    .number()
    .positive()
    .default(20)
    .describe(
      "Each signed-in user's share, per service, counted in its Postgres across replicas (and in memory per gateway replica): calls per second on average; past it 429 `rate_limited` with Retry-After (docs/limits.md).",
    ),
  USER_REQUEST_BURST: z.coerce.number().int().min(1).default(60).describe('…and calls at once, before the average applies.'),
  AUTH_JWKS_URL: optionalString
    .pipe(
      z
        .string()
        .refine((list) => list.split(',').every((url) => z.url({ protocol: /^https?$/ }).safeParse(url.trim()).success), 'must be an http(s) URL')
        .optional(),
    )
    .describe(
      "Public keys that sign access tokens; this or SUPABASE_JWT_SECRET is required (the gateway's default: identity's own, unless the secret alone is set). Several URLs, comma-separated, are identity's replicas: a fetch goes to another when one does not answer.",
    ),
  // Supabase's are 32+ characters; a short one could be guessed.
  SUPABASE_JWT_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()).describe('HS256 key of an older Supabase project.'),
  AUTH_ISSUER: optionalString.describe('The `iss` tokens must carry; unset: not checked (the gateway logs a warning).'),
  AUTH_AUDIENCE: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('authenticated')).describe('The `aud` tokens must carry.'),
  GATEWAY_SECRET: optionalString
    .pipe(z.string().min(32, 'must be at least 32 characters').optional())
    .describe(
      "Shared by the gateway and the services: a call proving it (X-Gateway-Proof) is believed about the client's address, and only such calls reach /internal/*. Unset: neither (a service run alone).",
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('The least severe log line written (pino levels).'),
  METRICS_PORT: metricsPortShape.describe(
    'Port of its own for Prometheus `GET /metrics` (never the public one; docs/observability.md); unset: no metrics; 0: any free port.',
  ),
};

/** What every service reads from its environment (docs/configuration.md lists them all). */
export const baseConfigShape = {
  ...sharedConfigShape,
  HOST: z.string().default('127.0.0.1').describe('Address it listens on (the metrics port too).'),
  PORT: port.meta({ description: 'Port of its API.', defaultText: "the service's port in the registry" }),
  DATABASE_URL: z.string().url().describe('Postgres connection string.'),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'lower-case letters, digits and _')
    .optional()
    .meta({ description: "Postgres schema holding the service's tables and migrations.", defaultText: "the service's name" }),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(10).describe('Database connections per process.'),
  NATS_URL: optionalString.describe('NATS server with JetStream; required unless EVENT_BUS=in-process (the one-process embedded default).'),
  NATS_USER: optionalString.describe(
    "The service's NATS user (the launcher and the deploy files name it after the service); a password in NATS_URL works too.",
  ),
  NATS_PASSWORD: optionalString.describe("The NATS user's password."),
  NATS_TLS_CA_FILE: optionalString.describe("PEM file of the CA that checks the NATS server's certificate."),
  NATS_TLS_CERT_FILE: optionalString.describe('PEM client certificate for mutual TLS with NATS (with NATS_TLS_KEY_FILE).'),
  NATS_TLS_KEY_FILE: optionalString.describe('PEM key of that certificate.'),
  EVENT_BUS: z.enum(['nats', 'in-process']).default('nats').describe('`in-process` only inside the one-process launcher, which has no NATS.'),
  EVENT_SUBJECT_PREFIX: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.replace(/\.$/, '') : v),
      z
        .string()
        .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, _ and - only')
        .default(''),
    )
    .describe('A token such as "e2e42" that isolates streams and subjects (tests, several stacks on one NATS).'),
  EVENT_MAX_DELIVERIES: z.coerce.number().int().min(1).default(8).describe('Deliveries of a failing event before it is parked in the dead-letter stream.'),
  EVENT_RELAY_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe('Times the broker may refuse an outbox event (too large, say) before it is parked in outbox_parked; the waits between attempts double from 1 s.'),
  EVENT_DEDUPLICATION_DAYS: z.coerce
    .number()
    .int()
    .min(8)
    .default(14)
    .describe('Days processed_events remembers a handled event; older rows are pruned hourly. At least 8: longer than the streams keep events (7 days).'),
  READINESS_BROKER_SILENCE_SECONDS: z.coerce
    .number()
    .min(1)
    .default(10)
    .describe('/readyz says degraded (still 200) once NATS, connected, has answered no ping for this long: a paused or wedged server.'),
  READINESS_OUTBOX_AGE_SECONDS: z.coerce
    .number()
    .min(1)
    .default(60)
    .describe('/readyz says degraded (still 200) once the oldest outbox event has waited this long, or while events are parked in outbox_parked.'),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString
    .pipe(z.string().url().optional())
    .describe('Sends traces over OTLP/HTTP here (docs/observability.md); unset: no tracing. The usual OTEL_* variables apply.'),
};

const baseObject = z.object(baseConfigShape);
export type BaseConfig = z.infer<typeof baseObject>;

/**
 * Parses `env` against the base shape plus the service's own, failing with one message that names
 * each offending variable, so a misconfigured pod dies at once with a readable reason.
 */
export function loadConfig<S extends z.ZodRawShape>(
  env: Record<string, string | undefined>,
  extra: S = {} as S,
  defaults: Record<string, string> = {},
): BaseConfig & z.infer<z.ZodObject<S>> {
  const schema = baseObject.extend(extra).superRefine((parsed, ctx) => {
    const config = parsed as BaseConfig;
    if (config.EVENT_BUS === 'nats' && !config.NATS_URL) {
      ctx.addIssue({ code: 'custom', path: ['NATS_URL'], message: 'required (or EVENT_BUS=in-process)' });
    }
    if (Boolean(config.NATS_TLS_CERT_FILE) !== Boolean(config.NATS_TLS_KEY_FILE)) {
      ctx.addIssue({ code: 'custom', path: ['NATS_TLS_KEY_FILE'], message: 'NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE go together' });
    }
    if (!config.AUTH_JWKS_URL && !config.SUPABASE_JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_JWKS_URL'], message: 'set AUTH_JWKS_URL or SUPABASE_JWT_SECRET' });
    }
  });
  const source: Record<string, string | undefined> = { ...defaults };
  for (const [key, value] of Object.entries(env)) if (value !== undefined) source[key] = value;
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data as BaseConfig & z.infer<z.ZodObject<S>>;
}
