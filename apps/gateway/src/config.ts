import path from 'node:path';
import { z } from 'zod';
import { limits, serviceRegistry, upstreamUrlVariable } from '@app/contracts';
import { baseConfigShape, ConfigError, sharedConfigShape } from '@app/service-kit/core';
import { UPSTREAM_NAMES, UpstreamName } from './routing/prefix-table';

/**
 * The gateway's environment: the kit's shared shape (auth, GATEWAY_SECRET, per-user share, logs,
 * metrics: declared once for the gateway and the services) and the gateway's own. Not the kit's
 * `loadConfig`: its base shape requires DATABASE_URL and NATS_URL, which the gateway has no use
 * for. The same conventions hold: zod, one `ConfigError` naming every bad variable.
 */

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).transform((u) => u.replace(/\/+$/, ''));
const port = z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535);
const positiveMs = z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1);
const splitList = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : v;
const commaList = (item: z.ZodType<string>) => z.preprocess(splitList, z.array(item).default([]));
const origin = z.string().regex(/^https?:\/\/[^/\s]+$/, 'each entry must be an origin such as https://app.example.com');
const cspSource = z.string().regex(/^(https?|wss?):\/\/[^\s;,']+$/, 'each entry must be an http(s):// or ws(s):// source');

/** `false` (default), `true`, a hop count, or IPs / CIDRs / express names (loopback, uniquelocal). */
const trustProxy = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default('false')
    .transform((v, ctx): boolean | number | string[] => {
      if (v === 'false') return false;
      if (v === 'true') return true;
      if (/^\d+$/.test(v)) return Number(v);
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.some((s) => !/^[0-9a-fA-F.:/]+$/.test(s) && !['loopback', 'linklocal', 'uniquelocal'].includes(s))) {
        ctx.addIssue({ code: 'custom', message: 'false, true, a hop count, or a comma list of IPs/CIDRs' });
        return z.NEVER;
      }
      return list;
    }),
);

/** apps/web/dist of this checkout, from src/ (jest, tsc) as from dist/ (built). */
export const defaultWebDist = path.resolve(__dirname, '..', '..', 'web', 'dist');

/**
 * <NAME>_URL of every registry service, defaulting to its registry port on this machine: one URL
 * (a Kubernetes Service's), or its replicas' comma-separated, which the gateway balances itself.
 */
const upstreamVariables = Object.fromEntries(
  serviceRegistry.map((s) => [
    upstreamUrlVariable(s.name),
    z
      .preprocess(splitList, z.array(httpUrl).min(1, 'must name at least one URL'))
      .default([`http://127.0.0.1:${s.port}`])
      .meta({
        description: `Where ${s.name} answers: a URL, or its replicas' URLs comma-separated (called round robin, one that refuses connections skipped).`,
        defaultText: `\`http://127.0.0.1:${s.port}\``,
      }),
  ]),
);

/** The gateway's variables (docs/configuration.md is generated from them). */
export const gatewayConfigShape = {
  ...sharedConfigShape,
  PORT: port.default(8080).describe('Public port: the app, the API and the auth routes.'),
  HOST: z.string().min(1).default('0.0.0.0').describe('Address the public port listens on.'),
  ...upstreamVariables,
  NATS_URL: optional(z.string()).describe(
    "NATS (one server, or a cluster's comma-separated), where identity announces ended sessions: heard, the revocation list is fetched every 30 s instead of every 500 ms.",
  ),
  NATS_USER: baseConfigShape.NATS_USER.describe("The gateway's NATS user, which may only hear those announcements (the launcher's: gateway)."),
  NATS_PASSWORD: baseConfigShape.NATS_PASSWORD,
  NATS_TLS_CA_FILE: baseConfigShape.NATS_TLS_CA_FILE,
  NATS_TLS_CERT_FILE: baseConfigShape.NATS_TLS_CERT_FILE,
  NATS_TLS_KEY_FILE: baseConfigShape.NATS_TLS_KEY_FILE,
  EVENT_SUBJECT_PREFIX: baseConfigShape.EVENT_SUBJECT_PREFIX,
  WEB_DIST: z
    .preprocess(emptyToUndefined, z.string().default(defaultWebDist))
    .meta({ description: 'The built SPA it serves; without its index.html a "not built" page is served.', defaultText: 'apps/web/dist of this checkout' }),
  CORS_ORIGINS: commaList(origin).describe('Origins allowed to call cross-origin; unset: same origin only.'),
  TRUST_PROXY: trustProxy.describe(
    '`false`, `true`, a hop count, or IPs/CIDRs (or loopback, linklocal, uniquelocal) of the proxies in front whose X-Forwarded-For/Proto are believed (the client address, HTTPS for HSTS).',
  ),
  CSP_CONNECT_SRC: commaList(cspSource).describe('Extra connect-src entries of the CSP (e.g. wss://api.elevenlabs.io, a PostHog host).'),
  SUPABASE_URL: optional(httpUrl).describe('A real Supabase project the web talks to directly: allowed in connect-src (https and wss).'),
  UPSTREAM_CONNECT_TIMEOUT_MS: positiveMs.default(2_000).describe('A new connection to a service not up in time: 503.'),
  UPSTREAM_RESPONSE_TIMEOUT_MS: positiveMs
    .default(5_000)
    .describe("The ordinary deadline for a service's response headers (504 past it); an endpoint may declare a longer one (`deadlineMs`)."),
  UPSTREAM_MAX_SOCKETS: z.coerce.number().int().min(1).default(256).describe('Connections open to any one service at once, kept alive between calls.'),
  // Admission control (http/admission.ts), sized for 2 cores with bench/load (MODE=ramp): past the
  // knee, admitted calls kept a p99 of 0.4-0.8 s where twice these let it reach 0.6-1.1 s; a frozen
  // service holds half the slots.
  MAX_IN_FLIGHT: z.coerce
    .number({ error: 'must be a number of calls' })
    .int()
    .min(1)
    .default(64)
    .describe('Calls in flight to all services together; past it a call is refused at once with 503 `overloaded` and Retry-After: 1.'),
  UPSTREAM_MAX_IN_FLIGHT: z.coerce
    .number({ error: 'must be a number of calls' })
    .int()
    .min(1)
    .default(32)
    .describe('Calls in flight to any one service; past it a call is refused as above.'),
  // What one client may hold (http/admission.ts, http/request-body.ts; docs/limits.md).
  CLIENT_MAX_IN_FLIGHT: z.coerce
    .number({ error: 'must be a number of calls' })
    .int()
    .min(1)
    .default(16)
    .describe(
      'Calls in flight from one client address (an IPv6 one by its /64), so that one address cannot take the shared slots; past it 429 `rate_limited` with Retry-After: 1. Like the two bounds above, a call counts once its body has arrived.',
    ),
  REQUEST_HEADERS_TIMEOUT_MS: positiveMs
    .default(10_000)
    .describe("A request's line and headers must arrive within this; past it 408 and the connection is closed (Node's headersTimeout)."),
  REQUEST_BODY_TIMEOUT_MS: positiveMs
    .default(10_000)
    .describe(
      'What any request body may take, plus a second for each REQUEST_BODY_MIN_BYTES_PER_SECOND bytes of it that have arrived (a body kept at that pace never runs out); past it 408 and the connection is closed.',
    ),
  REQUEST_BODY_MIN_BYTES_PER_SECOND: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .min(1)
    .default(1_024)
    .describe('The slowest pace a request body may keep past REQUEST_BODY_TIMEOUT_MS (1 KB/s: slower than any mobile uplink, far faster than a trickle).'),
  REQUEST_BODY_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .min(1)
    .default(limits.bodyBytesMax)
    .describe(
      "A larger request body is refused with 413 `payload_too_large`: by its declared Content-Length before any of it is read, else once the bytes pass it. The default is the services' own bound (`limits.bodyBytesMax`, 100 KB of JSON).",
    ),
  READY_TIMEOUT_MS: positiveMs.default(1_000).describe("How long /readyz waits for each service's /readyz."),
  READY_DETAILS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')).describe(
    "The operator's key to /readyz's per-service view (header X-Ready-Details-Token); unset: nobody gets it.",
  ),
  READY_UPSTREAMS: z
    .preprocess(
      emptyToUndefined,
      z
        .string()
        .optional()
        .transform((v) =>
          v
            ? v
                .split(',')
                .map((n) => n.trim())
                .filter(Boolean)
            : [...UPSTREAM_NAMES],
        )
        .pipe(z.array(z.enum(UPSTREAM_NAMES as [UpstreamName, ...UpstreamName[]]))),
    )
    .meta({
      description: 'Services /readyz reports on; it says `degraded` while one is down, whose prefix answers 503. The launcher names those it runs.',
      defaultText: 'every service',
    }),
};

const schema = z.object(gatewayConfigShape).transform((c) => {
  const upstreams = Object.fromEntries(UPSTREAM_NAMES.map((name) => [name, (c as Record<string, unknown>)[upstreamUrlVariable(name)] as string[]])) as Record<
    UpstreamName,
    string[]
  >;
  return {
    ...c,
    upstreams,
    // Nothing configured: identity's own JWKS. A secret alone means HS256 only (older Supabase).
    AUTH_JWKS_URL: c.AUTH_JWKS_URL ?? (c.SUPABASE_JWT_SECRET ? undefined : upstreams.identity.map((url) => `${url}/auth/v1/.well-known/jwks.json`).join(',')),
  };
});

export type GatewayConfig = z.infer<typeof schema>;

/** Parses the environment; throws one `ConfigError` naming every bad variable. */
export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function upstreamUrls(config: GatewayConfig): Record<UpstreamName, string[]> {
  return config.upstreams;
}
