import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

/**
 * Traces over OTLP, only when OTEL_EXPORTER_OTLP_ENDPOINT is set (tests pass an in-memory
 * exporter). Call before the HTTP stack is loaded so incoming and outgoing calls are instrumented.
 */
export function startTelemetry(serviceName: string, options: { endpoint?: string; exporter?: SpanExporter }): (() => Promise<void>) | undefined {
  if (!options.endpoint && !options.exporter) return undefined;
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: options.exporter ?? new OTLPTraceExporter({ url: `${options.endpoint!.replace(/\/$/, '')}/v1/traces` }),
    instrumentations: [new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz)/.test(req.url ?? '') })],
  });
  sdk.start();
  return () => sdk.shutdown();
}
