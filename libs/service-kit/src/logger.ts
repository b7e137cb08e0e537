import { isSpanContextValid, trace } from '@opentelemetry/api';
import pino, { Logger } from 'pino';
import { requestContext } from './context';

export type { Logger };

/**
 * JSON logs with the request id (and user) of the current request, when there is one, and with
 * telemetry on, the current trace and span ids: a log line leads to its trace and back.
 */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const fields: Record<string, string> = {};
      const store = requestContext.getStore();
      if (store) {
        fields.request_id = store.requestId;
        if (store.userId) fields.user_id = store.userId;
      }
      const span = trace.getActiveSpan()?.spanContext();
      if (span && isSpanContextValid(span)) {
        fields.trace_id = span.traceId;
        fields.span_id = span.spanId;
      }
      return fields;
    },
    redact: { paths: ['password', '*.password', 'access_token', 'refresh_token', '*.authorization', 'authorization'], remove: true },
  });
}
