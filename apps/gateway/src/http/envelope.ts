import type { ServerResponse } from 'node:http';
import { AppError, sendError } from '@app/service-kit/core';

/** Answers `error` in the contract's envelope with the gateway's own headers for this request (`headers`). */
export function sendEnvelope(res: ServerResponse, error: AppError, headers: Record<string, string>): void {
  if (res.headersSent) return;
  for (const name in headers) res.setHeader(name, headers[name]);
  sendError(res, error);
}
