import type { AuthError, Session, User } from '@supabase/auth-js';
import * as React from 'react';
import { afterContent } from '@/lib/after-content';
import { authLoaded, authNeededAtStart, emailConfirmedUrl, loadAuth, SESSION_STORAGE_KEY, sessionAtStart } from '@/lib/supabase';

interface AuthState {
  loading: boolean;
  session: Session | null;
  user: User | null;
  /** Why the link this page was opened from (a confirmation or OAuth redirect) signed nobody in. */
  linkError?: string;
  /** The session ended without this tab signing out (revoked, expired, signed out elsewhere). */
  sessionEnded: boolean;
  /** This tab just created the account: it is asked for the mailed code before anything else. */
  newAccount: boolean;
  signUp(email: string, password: string): Promise<{ session: Session | null; error: AuthError | null }>;
  signOut(): Promise<void>;
}

const AuthContext = React.createContext<AuthState | null>(null);
const MIRROR_KEY = 'auth_session';
const REFRESH_EVERY_MS = 300_000;
/** With a stored session showing the page, auth-js loads once the page has shown its content (lib/after-content.ts), or after this at the latest. */
const AUTH_AFTER_STORED_SESSION_MS = 3_000;

/**
 * The server refused this session's token (401): it ended elsewhere. Dropping it here (no call to
 * the server, which already forgot it) sends the app to the login page, as any ended session does.
 */
export async function endSession(): Promise<void> {
  await (await loadAuth()).signOut({ scope: 'local' });
}

/** What tells a signed-out page that auth-js is about to be needed: the user starts to act. */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/** The session from supabase-js: loading until the first check, then kept current by its events. */
export function AuthProvider({ children }: { children: React.ReactNode }) {
  // With no session to restore, nobody is signed in; with a stored one still good, that is who is:
  // either way the first paint need not wait for auth-js, which confirms it once it has loaded.
  const [state, setState] = React.useState<{ loading: boolean; session: Session | null }>(() => {
    const stored = sessionAtStart();
    return { loading: authNeededAtStart() && !stored, session: stored };
  });
  const [linkError, setLinkError] = React.useState<string>();
  const [sessionEnded, setSessionEnded] = React.useState(() => !authNeededAtStart() && localStorage.getItem(MIRROR_KEY) !== null);
  const [newAccount, setNewAccount] = React.useState(false);
  // Set while this tab signs out on purpose: every other sign-out is a session that ended.
  const signingOut = React.useRef(false);

  React.useEffect(() => {
    const apply = (session: Session | null) => {
      if (session) localStorage.setItem(MIRROR_KEY, JSON.stringify(session));
      else localStorage.removeItem(MIRROR_KEY);
      setState({ loading: false, session });
    };
    // A session mirrored from the last visit that did not come back (expired, revoked) has ended.
    const settle = (session: Session | null) => {
      if (!session && localStorage.getItem(MIRROR_KEY)) setSessionEnded(true);
      apply(session);
    };
    let unsubscribe = () => {};
    let unmounted = false;
    const stored = sessionAtStart();
    void authLoaded.then((auth) => {
      if (unmounted) return;
      // A used or expired confirmation link lands with the reason in the URL fragment; supabase-js reads it here.
      auth.initialize().then(
        ({ error }) => error && setLinkError(error.message),
        () => undefined,
      );
      auth.getSession().then(
        ({ data }) => settle(data.session),
        () => settle(null),
      );
      const { data } = auth.onAuthStateChange((event, session) => {
        if (event === 'SIGNED_OUT') {
          // Nothing of the previous user stays cached for the next one.
          void import('@/lib/query-client').then(({ queryClient, forgetSavedQueries }) => {
            queryClient.clear();
            forgetSavedQueries();
          });
          setSessionEnded(!signingOut.current);
          setNewAccount(false);
          signingOut.current = false;
        }
        if (event === 'SIGNED_IN') setSessionEnded(false);
        apply(session);
      });
      unsubscribe = () => data.subscription.unsubscribe();
      // The stored session may have ended elsewhere (a sign-out, a password reset) while this tab
      // was closed; a page that calls nothing would never hear it. Identity knows: when it no
      // longer has the session, auth-js drops it (SIGNED_OUT above), and the app shows "Your session ended."
      if (stored) void auth.getUser().catch(() => undefined);
    });
    if (authNeededAtStart()) {
      // A stored session already shows the page: auth-js (its refresh, other tabs' sign-outs) comes
      // once the page has shown its content, rather than running in the middle of it.
      // The mirror follows the session shown, as apply() keeps it once auth-js has spoken.
      if (stored) localStorage.setItem(MIRROR_KEY, JSON.stringify(stored));
      const cancelLoad = stored ? afterContent(() => void loadAuth(), AUTH_AFTER_STORED_SESSION_MS) : undefined;
      if (!stored) void loadAuth();
      return () => {
        unmounted = true;
        cancelLoad?.();
        unsubscribe();
      };
    }
    // Nobody is signed in here: the page showed at once, and auth-js loads when the user starts to
    // act, or when another tab signs in.
    localStorage.removeItem(MIRROR_KEY);
    const load = () => void loadAuth();
    const onStorage = (e: StorageEvent) => e.key === SESSION_STORAGE_KEY && load();
    for (const type of INTENT_EVENTS) document.addEventListener(type, load, { once: true, passive: true, capture: true });
    window.addEventListener('storage', onStorage);
    return () => {
      unmounted = true;
      for (const type of INTENT_EVENTS) document.removeEventListener(type, load, { capture: true });
      window.removeEventListener('storage', onStorage);
      unsubscribe();
    };
  }, []);

  const signedIn = state.session !== null;
  React.useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => {
      void loadAuth()
        .then((auth) => auth.refreshSession())
        .catch((err) => console.error('session refresh failed', err));
    }, REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [signedIn]);

  const value = React.useMemo<AuthState>(
    () => ({
      loading: state.loading,
      session: state.session,
      user: state.session?.user ?? null,
      linkError,
      sessionEnded,
      newAccount,
      signUp: async (email, password) => {
        // Set before the session arrives, so the login route sends the new account to "check your inbox".
        setNewAccount(true);
        const auth = await loadAuth();
        const { data, error } = await auth.signUp({ email, password, options: { emailRedirectTo: emailConfirmedUrl() } });
        if (error || !data.session) setNewAccount(false);
        return { session: data.session, error };
      },
      signOut: async () => {
        signingOut.current = true;
        const { error } = await (await loadAuth()).signOut();
        if (error) {
          signingOut.current = false;
          throw error;
        }
      },
    }),
    [state, linkError, sessionEnded, newAccount],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = React.useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

/**
 * What the shell calls the user: the profile's username, else the provider's full name; undefined
 * when neither is known (the e-mail then stands alone).
 */
export function displayName(user: User | null, username?: string): string | undefined {
  const meta = user?.user_metadata as { full_name?: string } | undefined;
  return username || meta?.full_name || undefined;
}
