import type { ServerResponse } from 'node:http';
import { allEndpoints } from '@app/contracts';
import { AppError, errorShapeByPath, sendError } from '@app/service-kit/core';

/** The shape failures on a path are answered in: GoTrue's on identity's /auth/v1 routes (supabase-js reads it), else the envelope. */
const errorShapeOf = errorShapeByPath(allEndpoints().map(({ endpoint }) => endpoint));

/**
 * Answers `error` with the gateway's own headers for this request (`headers`), in the shape its
 * path's service answers failures in, so a caller reads the gateway's 503 as it reads the service's.
 */
export function sendEnvelope(res: ServerResponse, error: AppError, headers: Record<string, string>): void {
  if (res.headersSent) return;
  for (const name in headers) res.setHeader(name, headers[name]);
  sendError(res, error, errorShapeOf((res.req?.url ?? '/').split('?')[0]));
}
