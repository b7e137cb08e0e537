import { EndpointInput, EndpointOutput, endpointPath, endpointQueryString, EndpointSpec, ErrorEnvelope } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { trackCall } from './after-content';
import { endSession } from './auth';
import { accessToken } from './supabase';

/** A non-OK answer: the server's envelope, as the spec's callers expect to receive it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorEnvelope,
    /** From Retry-After (seconds or an HTTP date), when the server said when to come back. */
    readonly retryAfterSeconds?: number,
  ) {
    super(body.error.message);
  }

  get fields(): Record<string, string> {
    return this.body.error.fields ?? {};
  }
}

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : undefined;
}

/** "Try again in 24 hours.": when a refusal (429) said when to come back; rounded up, never too early. */
export function tryAgainHint(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.retryAfterSeconds === undefined) return undefined;
  const seconds = err.retryAfterSeconds;
  // Hours up to two days: "in 24 hours" says more than "tomorrow" of a rolling day's cap.
  const [unit, size]: [Intl.RelativeTimeFormatUnit, number] =
    seconds >= 172_800 ? ['day', 86_400] : seconds >= 3600 ? ['hour', 3600] : seconds >= 60 ? ['minute', 60] : ['second', 1];
  return `Try again ${new Intl.RelativeTimeFormat('en').format(Math.ceil(seconds / size), unit)}.`;
}

/** Endpoints whose input is all optional may be called without one. */
type InputArgs<E extends EndpointSpec> = Record<string, never> extends EndpointInput<E> ? [EndpointInput<E>?] : [EndpointInput<E>];

export interface CallResult<E extends EndpointSpec> {
  data: EndpointOutput<E>;
  headers: Headers;
}

/**
 * Calls a declared endpoint (libs/contracts): path, method and types come from its declaration.
 * Every call carries the current session's bearer token; JSON in and out.
 */
export async function callWithHeaders<E extends EndpointSpec>(spec: E, ...[input]: InputArgs<E>): Promise<CallResult<E>> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  // Counted while in flight: what waits for the page's content starts after (after-content.ts).
  const settled = trackCall();
  try {
    const token = await accessToken();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(endpointPath(spec, params) + endpointQueryString(query), {
      method: spec.method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = res.status === 204 ? '' : await res.text();
    const parsed = text ? JSON.parse(text) : undefined;
    if (!res.ok) {
      // The server no longer honours this session (revoked, signed out elsewhere): end it here too,
      // which takes the app to the login page instead of leaving each screen to cope.
      if (res.status === 401 && token) await endSession();
      throw new ApiError(
        res.status,
        parsed?.error ? parsed : { error: { code: 'internal', message: res.statusText || 'Request failed' } },
        retryAfter(res.headers.get('Retry-After')),
      );
    }
    return { data: parsed as EndpointOutput<E>, headers: res.headers };
  } finally {
    settled();
  }
}

export async function call<E extends EndpointSpec>(spec: E, ...input: InputArgs<E>): Promise<EndpointOutput<E>> {
  return (await callWithHeaders(spec, ...input)).data;
}

/** TanStack Query key of a declared endpoint: its path first, so `invalidateQueries({queryKey: endpointKey(spec)})` reaches every variant. */
export const endpointKey = <E extends EndpointSpec>(spec: E, input?: EndpointInput<E>) =>
  (input === undefined ? [spec.path] : [spec.path, input]) as readonly unknown[];

/** Query options for a GET endpoint: key and fetcher from its declaration. */
export function endpointQuery<E extends EndpointSpec>(spec: E, ...[input]: InputArgs<E>) {
  return queryOptions({
    queryKey: endpointKey(spec, input ?? ({} as EndpointInput<E>)),
    queryFn: () => call(spec, ...([input] as never)),
  });
}
