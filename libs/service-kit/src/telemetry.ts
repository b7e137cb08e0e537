import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { baseConfigShape, ConfigError } from './config';

export type StopTelemetry = () => Promise<void>;

let started = false;

/**
 * Traces over OTLP/HTTP when an endpoint is given (tests pass an exporter): incoming and outgoing
 * HTTP calls, with the W3C traceparent header carried from gateway to service. One per process:
 * a second call answers undefined. The SDK is loaded only then: importing it costs every process
 * ~0.5 s of start-up.
 */
export async function startTelemetry(serviceName: string, options: { endpoint?: string; exporter?: SpanExporter }): Promise<StopTelemetry | undefined> {
  if ((!options.endpoint && !options.exporter) || started) return undefined;
  started = true;
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
  ]);
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: options.exporter ?? new OTLPTraceExporter({ url: `${options.endpoint!.replace(/\/$/, '')}/v1/traces` }),
    instrumentations: [new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz)(\?|$)/.test(req.url ?? '') })],
  });
  sdk.start();
  // The instrumentation patches http when it is next required; the HTTP stack was loaded before
  // us, so require it now: servers and agents created earlier are patched in place with it.
  await Promise.all([import('http'), import('https')]);
  return () => sdk.shutdown();
}

/** Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set; a malformed value is a ConfigError. */
export function startTelemetryFromEnv(serviceName: string, env: Record<string, string | undefined> = process.env): Promise<StopTelemetry | undefined> {
  const endpoint = baseConfigShape.OTEL_EXPORTER_OTLP_ENDPOINT.safeParse(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (!endpoint.success) return Promise.reject(new ConfigError(`invalid configuration:\n  OTEL_EXPORTER_OTLP_ENDPOINT: ${endpoint.error.issues[0].message}`));
  return startTelemetry(serviceName, { endpoint: endpoint.data });
}
