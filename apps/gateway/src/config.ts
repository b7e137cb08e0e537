import path from 'node:path';
import { z } from 'zod';
import { serviceRegistry, upstreamUrlVariable } from '@app/contracts';
import { ConfigError, sharedConfigShape } from '@app/service-kit/core';
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
const commaList = (item: z.ZodType<string>) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(item).default([]),
  );
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

/** <NAME>_URL of every registry service, defaulting to its registry port on this machine. */
const upstreamVariables = Object.fromEntries(serviceRegistry.map((s) => [upstreamUrlVariable(s.name), httpUrl.default(`http://127.0.0.1:${s.port}`)]));

const schema = z
  .object({
    ...sharedConfigShape,
    PORT: port.default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    ...upstreamVariables,
    WEB_DIST: z.preprocess(emptyToUndefined, z.string().default(defaultWebDist)),
    CORS_ORIGINS: commaList(origin),
    /** Which proxies in front of the gateway are believed (X-Forwarded-For/Proto, hence HSTS). */
    TRUST_PROXY: trustProxy,
    /** Extra connect-src entries of the CSP (e.g. wss://api.elevenlabs.io). */
    CSP_CONNECT_SRC: commaList(cspSource),
    /** A real Supabase project the web talks to directly: allowed in connect-src (https and wss). */
    SUPABASE_URL: optional(httpUrl),
    UPSTREAM_CONNECT_TIMEOUT_MS: positiveMs.default(2_000),
    /** The ordinary deadline for a service's response headers; an endpoint may declare a longer one (`deadlineMs`). */
    UPSTREAM_RESPONSE_TIMEOUT_MS: positiveMs.default(5_000),
    UPSTREAM_MAX_SOCKETS: z.coerce.number().int().min(1).default(256),
    /**
     * Admission control (http/admission.ts): calls in flight to all services together, and to any
     * one of them; past either, a call is refused at once with 503 `overloaded` and Retry-After: 1.
     * Sized for 2 cores with bench/load (MODE=ramp): past the knee, admitted calls kept a p99 of
     * 0.4-0.8 s where twice these let it reach 0.6-1.1 s; a frozen service holds half the slots.
     */
    MAX_IN_FLIGHT: z.coerce.number({ error: 'must be a number of calls' }).int().min(1).default(64),
    UPSTREAM_MAX_IN_FLIGHT: z.coerce.number({ error: 'must be a number of calls' }).int().min(1).default(32),
    READY_TIMEOUT_MS: positiveMs.default(1_000),
    /** The operator's key to /readyz's per-service view (header X-Ready-Details-Token); unset: nobody gets it. */
    READY_DETAILS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
    /** Services /readyz waits for (comma-separated names); default all. The launcher names those it runs. */
    READY_UPSTREAMS: z.preprocess(
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
    ),
  })
  .transform((c) => {
    const upstreams = Object.fromEntries(UPSTREAM_NAMES.map((name) => [name, (c as Record<string, unknown>)[upstreamUrlVariable(name)] as string])) as Record<
      UpstreamName,
      string
    >;
    return {
      ...c,
      upstreams,
      // Nothing configured: identity's own JWKS. A secret alone means HS256 only (older Supabase).
      AUTH_JWKS_URL: c.AUTH_JWKS_URL ?? (c.SUPABASE_JWT_SECRET ? undefined : `${upstreams.identity}/auth/v1/.well-known/jwks.json`),
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

export function upstreamUrls(config: GatewayConfig): Record<UpstreamName, string> {
  return config.upstreams;
}
