import { propagation } from '@opentelemetry/api';
import { baseConfigShape, ConfigError } from './config';

export type StopTelemetry = () => Promise<void>;

let started = false;

/**
 * Traces over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set (a malformed value is a
 * ConfigError): incoming and outgoing HTTP calls, with the W3C traceparent header carried from
 * gateway to service, and Postgres queries. Server spans are named after their route by
 * `nameServerSpan` (metrics/http.ts); events get publish and process spans (events/event-bus.ts). One per process: a second call answers undefined. The SDK is loaded only
 * then: importing it costs every process ~0.5 s of start-up.
 */
export async function startTelemetryFromEnv(serviceName: string, env: Record<string, string | undefined> = process.env): Promise<StopTelemetry | undefined> {
  const endpoint = baseConfigShape.OTEL_EXPORTER_OTLP_ENDPOINT.safeParse(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (!endpoint.success) throw new ConfigError(`invalid configuration:\n  OTEL_EXPORTER_OTLP_ENDPOINT: ${endpoint.error.issues[0].message}`);
  if (!endpoint.data || started) return undefined;
  started = true;
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { UndiciInstrumentation }, { PgInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter({ url: `${endpoint.data.replace(/\/$/, '')}/v1/traces` }),
    // undici: the gateway's calls to the services (and fetch) are client spans carrying traceparent.
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz)(\?|$)/.test(req.url ?? '') }),
      new UndiciInstrumentation(),
      // Queries inside a request or an event's handling; the relay's polling (no parent) is not traced.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  // The instrumentations patch a module when it is next required; the HTTP stack and pg were loaded
  // before us, so require them now: servers, agents and pools created earlier are patched in place.
  await Promise.all([import('http'), import('https'), import('pg')]);
  return () => sdk.shutdown();
}

/**
 * Headers that carry trace context (traceparent, tracestate) while tracing is on, else none. A
 * proxy drops the caller's before forwarding: the undici instrumentation adds this hop's own, and a
 * second traceparent would make the service start a new trace.
 */
export const traceContextHeaders = (): string[] => propagation.fields();
