import type { ErrorEnvelope } from '@app/contracts';
import { auth } from './supabase';

/** A non-OK answer: the server's envelope, as the spec's callers expect to receive it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorEnvelope,
  ) {
    super(body.error.message);
  }

  get fields(): Record<string, string> {
    return this.body.error.fields ?? {};
  }
}

/** Every call: the current session's bearer token, credentials included, JSON in and out. */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const { data } = await auth.getSession();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (data.session) headers.Authorization = `Bearer ${data.session.access_token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    throw new ApiError(res.status, parsed?.error ? parsed : { error: { code: 'internal', message: res.statusText || 'Request failed' } });
  }
  return parsed as T;
}
