import type { ServerResponse } from 'node:http';
import type { AppError } from '@app/service-kit';

/**
 * Answers with the contract's error envelope on a plain Node response, together with the
 * gateway's own headers for this request (`headers`, lower-case names): what Express's `res.json`
 * would send, without Express in the way of /api calls.
 */
export function sendEnvelope(res: ServerResponse, error: AppError, headers: Record<string, string>): void {
  if (res.headersSent) return;
  const body = JSON.stringify(error.toEnvelope());
  for (const [name, value] of Object.entries(error.headers)) headers[name.toLowerCase()] = value;
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(error.status, headers);
  res.end(body);
}
