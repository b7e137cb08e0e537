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
  /** Each signed-in user's share (token bucket per token subject): calls per second on average, and at once. */
  USER_REQUESTS_PER_SECOND: z.coerce.number().positive().default(20),
  USER_REQUEST_BURST: z.coerce.number().int().min(1).default(60),
  AUTH_JWKS_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  /** HS256 key of an older Supabase project; Supabase's are 32+ characters, a short one could be guessed. */
  SUPABASE_JWT_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  AUTH_ISSUER: optionalString,
  AUTH_AUDIENCE: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('authenticated')),
  /**
   * Shared between the gateway and the services: a request proving it (X-Gateway-Proof) is believed
   * about the client's address, and only such requests reach /internal/*. Unset: neither (a service run alone).
   */
  GATEWAY_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_PORT: metricsPortShape,
};

/** What every service reads from its environment (README lists them all). */
export const baseConfigShape = {
  ...sharedConfigShape,
  HOST: z.string().default('127.0.0.1'),
  PORT: port,
  DATABASE_URL: z.string().url(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'lower-case letters, digits and _')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(10),
  /** JetStream server; unset together with EVENT_BUS=in-process only for the one-process embedded default. */
  NATS_URL: optionalString,
  /** The service's NATS user (the launcher and the deploy files name it after the service); a password in NATS_URL works too. */
  NATS_USER: optionalString,
  NATS_PASSWORD: optionalString,
  /** PEM files: the CA to check the server's certificate with; a client certificate and key for mutual TLS. */
  NATS_TLS_CA_FILE: optionalString,
  NATS_TLS_CERT_FILE: optionalString,
  NATS_TLS_KEY_FILE: optionalString,
  EVENT_BUS: z.enum(['nats', 'in-process']).default('nats'),
  /** Isolates streams and subjects (tests, several stacks on one NATS): a token such as "e2e42". */
  EVENT_SUBJECT_PREFIX: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\.$/, '') : v),
    z
      .string()
      .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, _ and - only')
      .default(''),
  ),
  /** Deliveries of a failing event before it is parked in the dead-letter stream. */
  EVENT_MAX_DELIVERIES: z.coerce.number().int().min(1).default(8),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(z.string().url().optional()),
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
