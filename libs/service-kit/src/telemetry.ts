import { propagation } from '@opentelemetry/api';
import { baseConfigShape, ConfigError } from './config';

export type StopTelemetry = () => Promise<void>;

let started = false;

/**
 * Traces over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set (a malformed value is a
 * ConfigError): incoming and outgoing HTTP calls, with the W3C traceparent header carried from
 * gateway to service. One per process: a second call answers undefined. The SDK is loaded only
 * then: importing it costs every process ~0.5 s of start-up.
 */
export async function startTelemetryFromEnv(serviceName: string, env: Record<string, string | undefined> = process.env): Promise<StopTelemetry | undefined> {
  const endpoint = baseConfigShape.OTEL_EXPORTER_OTLP_ENDPOINT.safeParse(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (!endpoint.success) throw new ConfigError(`invalid configuration:\n  OTEL_EXPORTER_OTLP_ENDPOINT: ${endpoint.error.issues[0].message}`);
  if (!endpoint.data || started) return undefined;
  started = true;
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { UndiciInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter({ url: `${endpoint.data.replace(/\/$/, '')}/v1/traces` }),
    // undici: the gateway's calls to the services (and fetch) are client spans carrying traceparent.
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz)(\?|$)/.test(req.url ?? '') }),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  // The instrumentation patches http when it is next required; the HTTP stack was loaded before
  // us, so require it now: servers and agents created earlier are patched in place with it.
  await Promise.all([import('http'), import('https')]);
  return () => sdk.shutdown();
}

/**
 * Headers that carry trace context (traceparent, tracestate) while tracing is on, else none. A
 * proxy drops the caller's before forwarding: the undici instrumentation adds this hop's own, and a
 * second traceparent would make the service start a new trace.
 */
export const traceContextHeaders = (): string[] => propagation.fields();
