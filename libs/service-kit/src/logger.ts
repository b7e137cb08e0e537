import pino, { Logger } from 'pino';
import { requestContext } from './context';

export type { Logger };

/** JSON logs with the request id of the current request, when there is one. */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const store = requestContext.getStore();
      return store ? { request_id: store.requestId, ...(store.userId ? { user_id: store.userId } : {}) } : {};
    },
    redact: { paths: ['password', '*.password', 'access_token', 'refresh_token', '*.authorization', 'authorization'], remove: true },
  });
}
