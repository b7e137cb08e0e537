import type { Session } from '@supabase/auth-js';

/** A stored session is taken as it is while its access token has more than this left; closer to its end, auth-js refreshes it. */
export const STORED_SESSION_MARGIN_MS = 60_000;

/**
 * The session auth-js stored (`stored`, its localStorage entry as text), if it can sign calls as it
 * is at `nowMs`: an access token, a user, and more than a minute before it expires. Anything else,
 * malformed included, is auth-js's to decide.
 */
export function usableStoredSession(stored: string | null, nowMs: number): Session | null {
  let session: Partial<Session> | null;
  try {
    session = JSON.parse(stored ?? 'null') as Partial<Session> | null;
  } catch {
    return null;
  }
  const usable =
    typeof session?.access_token === 'string' &&
    session.access_token !== '' &&
    typeof session.expires_at === 'number' &&
    typeof session.user?.id === 'string' &&
    session.expires_at * 1000 > nowMs + STORED_SESSION_MARGIN_MS;
  return usable ? (session as Session) : null;
}
