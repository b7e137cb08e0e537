import { z } from 'zod';

/** Every failure the API answers with, whatever the service: see docs/api-contract.md. */
export const errorCodes = [
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'insufficient_credits',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'upstream_unavailable',
  'overloaded',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorStatus: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  insufficient_credits: 402,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  upstream_unavailable: 503,
  /** The gateway's bound on calls in flight was reached: refused at once, with Retry-After. */
  overloaded: 503,
  internal: 500,
};

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function errorEnvelope(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorEnvelope {
  return { error: fields && Object.keys(fields).length > 0 ? { code, message, fields } : { code, message } };
}

/**
 * Turns a zod failure into the envelope's `fields`: one message per field (the first issue wins,
 * so the spec's wording for the first broken rule is what the user reads).
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
