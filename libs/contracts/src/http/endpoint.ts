import { z } from 'zod';
import type { ErrorCode } from '../errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP endpoint, declared once: services validate with it (the kit's @Endpoint), the web calls it
 * through a typed client, and the OpenAPI document is generated from it.
 */
export interface EndpointSpec {
  /** Stable name, unique in the API: the OpenAPI operationId. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Express-style path: `/api/leetcode-questions/:id/session`. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  /** `required` (default): a valid bearer token; `optional`: anonymous allowed, a token still identifies; `none`: never looked at. */
  readonly auth?: 'required' | 'optional' | 'none';
  /** Path parameters; one that does not parse is a 404 (no such record), never a 400 or a 500. */
  readonly params?: z.ZodObject<z.ZodRawShape>;
  /** The message of that 404. */
  readonly notFound?: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly status: 200 | 201 | 204;
  /** Absent for 204, and for answers that are not JSON. */
  readonly response?: z.ZodType;
  /** Response headers worth knowing about (e.g. X-Next-Cursor). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The failures it can answer besides 500 (see docs/api-contract.md). */
  readonly errors: readonly ErrorCode[];
  /** Errors follow GoTrue's body shape (identity's /auth/v1) instead of the contract's envelope. */
  readonly errorShape?: 'envelope' | 'gotrue';
  /**
   * `internal`: for the platform's own callers (e.g. the token verifiers); outside every public
   * prefix, so the gateway never routes it, and left out of the public OpenAPI document.
   */
  readonly visibility?: 'public' | 'internal';
  /**
   * How long the gateway waits for the service's response headers, when the endpoint needs longer
   * than the gateway's ordinary deadline (UPSTREAM_RESPONSE_TIMEOUT_MS, 5 s): e.g. one that waits
   * for a third party. Past it the caller gets a 504.
   */
  readonly deadlineMs?: number;
  /** Also takes an application/x-www-form-urlencoded body, as RFC 8058's one-click unsubscribe posts it (every other endpoint: JSON only). */
  readonly formBody?: true;
  /** A larger JSON body than limits.bodyBytesMax (100 KB) that this endpoint takes, e.g. a drawing; the gateway and the service both hold it to this. */
  readonly bodyBytesMax?: number;
}

export const endpoint = <const E extends EndpointSpec>(spec: E): E => spec;

/** What a paged list says of its next page. */
const nextPage = { 'X-Next-Cursor': 'Pass as `cursor` for the next page; absent on the last page' } as const;

/**
 * A GET answering one page of `item`s (200, a JSON array) and naming the next one in X-Next-Cursor:
 * its query takes that `cursor` (and a `limit`). The rest as for endpoint.
 */
export function pagedList<const E extends Omit<EndpointSpec, 'method' | 'status' | 'response' | 'headers'> & { readonly item: z.ZodType }>({
  item,
  ...spec
}: E): Omit<E, 'item'> & { readonly method: 'GET'; readonly status: 200; readonly response: z.ZodArray<E['item']>; readonly headers: typeof nextPage } {
  return { ...spec, method: 'GET', status: 200, response: z.array(item), headers: nextPage };
}

type Parsed<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller passes: the params, query and body the endpoint declares, typed from its schemas. */
export type EndpointInput<E extends EndpointSpec> = (E['params'] extends z.ZodType ? { params: Parsed<E['params']> } : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: Parsed<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: Parsed<E['body']> } : { body?: undefined });

/** What a successful call answers. */
export type EndpointOutput<E extends EndpointSpec> = E['response'] extends z.ZodType ? z.output<E['response']> : void;
