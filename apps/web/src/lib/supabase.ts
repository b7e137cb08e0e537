import type { GoTrueClient, Session } from '@supabase/auth-js';
import { usableStoredSession } from './stored-session';

/**
 * The auth client: supabase-js's own auth module (@supabase/auth-js), without the database,
 * storage and realtime clients the web does not use. By default it talks to this origin's /auth/v1
 * (the gateway's identity service); VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY point it at a
 * real Supabase project instead.
 */
const supabaseUrl = import.meta.env.VITE_SUPABASE_URL || window.location.origin;
const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY || 'local-identity';
/** What a Supabase project's API gateway wants on every call (it answers 401 without `apikey`). */
const projectHeaders = { apikey: anonKey, Authorization: `Bearer ${anonKey}` };
/** Where auth-js keeps the session in localStorage (its own default, named so that it can be read here and in public/first-paint.js). */
export const SESSION_STORAGE_KEY = 'supabase.auth.token';

let resolveLoaded: (auth: GoTrueClient) => void;
/** Settles when the client exists, before any loadAuth() caller goes on: the session's listener is always first. */
export const authLoaded = new Promise<GoTrueClient>((resolve) => (resolveLoaded = resolve));
let client: Promise<GoTrueClient> | undefined;

/**
 * The auth client, loaded on first need (about 90 KB of script): a visitor with no session sees the
 * login page without waiting for it, and it arrives while they type.
 */
export function loadAuth(): Promise<GoTrueClient> {
  client ??= import('@supabase/auth-js').then(({ AuthClient }) => {
    const auth = new AuthClient({
      url: `${supabaseUrl}/auth/v1`,
      headers: projectHeaders,
      storageKey: SESSION_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
    });
    loaded = auth;
    resolveLoaded(auth);
    return auth;
  });
  return client;
}

/** The auth client once its script has arrived and it exists. */
let loaded: GoTrueClient | undefined;

/**
 * The session auth-js keeps in localStorage, read there directly, while it is good (see
 * usableStoredSession); else null. auth-js's own getSession reads the same entry, and refreshes it
 * only near its end: a returning candidate's first page and its first calls need not wait for
 * auth-js's script to arrive and run first (about 90 KB, a few hundred milliseconds on a slow phone).
 */
function storedSession(): Session | null {
  return usableStoredSession(localStorage.getItem(SESSION_STORAGE_KEY), Date.now());
}

/**
 * The bearer token for a call: auth-js's session once it is loaded; before that, the one the app
 * started with while it is good (read again each time: another tab's sign-out removes it).
 */
export async function accessToken(): Promise<string | undefined> {
  if (!loaded) {
    const stored = sessionAtStart();
    if (stored) return stored.access_token;
  }
  const { data } = await (await loadAuth()).getSession();
  return data.session?.access_token;
}

/**
 * Whether auth-js is needed before the first paint: a stored session to restore, or a link that
 * brings one in its URL (OAuth, confirmation or recovery). public/first-paint.js decides it before
 * the page paints (it must, to choose the pre-rendered login page or not); without its answer, it is.
 */
export function authNeededAtStart(): boolean {
  return document.documentElement.getAttribute('data-auth-at-start') !== 'no';
}

/**
 * The stored session the app starts with (see storedSession), unless the page was opened from a
 * link that brings one (a confirmation, recovery or OAuth redirect): auth-js reads that first.
 */
export function sessionAtStart(): Session | null {
  return document.documentElement.getAttribute('data-auth-at-start') === 'yes' ? storedSession() : null;
}

/** Where confirmation links bring the user back to: this deployment (a real project must allow it in its Redirect URLs). */
export const siteUrl = () => window.location.origin;
/** Where a confirmation link lands: the page that says the address is confirmed. */
export const emailConfirmedUrl = () => `${siteUrl()}/email-confirmed`;
/** Where a password recovery link lands: the page that sets the new password. */
export const resetPasswordUrl = () => `${siteUrl()}/reset-password`;

/** A refusal from /auth/v1, with the seconds to wait when it was a limit (429). */
export class AuthRequestError extends Error {
  constructor(
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/**
 * The seconds a limit asks to wait: Retry-After when the answer was read here, else the seconds
 * GoTrue's own message names ("you can only request this after 42 seconds").
 */
export function retryAfterOf(error: { status?: number; message: string }, header?: string | null): number | undefined {
  if (error.status !== undefined && error.status !== 429) return undefined;
  const seconds = Number(header ?? error.message.match(/after (\d+) seconds/)?.[1]);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

export interface AuthSettings {
  external?: Record<string, boolean>;
}

/** GET /auth/v1/settings, which supabase-js has no call for: the sign-in providers the server has enabled. */
export async function authSettings(): Promise<AuthSettings> {
  const res = await fetch(`${supabaseUrl}/auth/v1/settings`, { headers: projectHeaders });
  if (!res.ok) throw new Error(`auth settings answered ${res.status}`);
  return (await res.json()) as AuthSettings;
}

/**
 * supabase-js's resend, sent with the session's token: identity limits the signed-in owner's own
 * requests apart from anyone's, so others asking for the same address cannot use them up (a real
 * Supabase project ignores the token). Throws the server's message, and the wait when it was a limit.
 */
export async function resendAsOwner(input: { type: 'signup' | 'email_change'; email: string }): Promise<void> {
  const token = await accessToken();
  const res = await fetch(`${supabaseUrl}/auth/v1/resend?${new URLSearchParams({ redirect_to: emailConfirmedUrl() })}`, {
    method: 'POST',
    headers: { ...projectHeaders, ...(token && { Authorization: `Bearer ${token}` }), 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { msg?: string; message?: string };
    const message = body.msg ?? body.message ?? 'The confirmation could not be sent';
    throw new AuthRequestError(message, retryAfterOf({ status: res.status, message }, res.headers.get('Retry-After')));
  }
}
