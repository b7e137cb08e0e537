import type { Session, User } from '@supabase/auth-js';
import * as React from 'react';
import { auth } from '@/lib/supabase';

interface AuthState {
  loading: boolean;
  session: Session | null;
  user: User | null;
  /** Why the link this page was opened from (a confirmation or OAuth redirect) signed nobody in. */
  linkError?: string;
  signOut(): Promise<void>;
}

const AuthContext = React.createContext<AuthState | null>(null);
const MIRROR_KEY = 'auth_session';
const REFRESH_EVERY_MS = 300_000;

/** The session from supabase-js: loading until the first check, then kept current by its events. */
export function AuthProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = React.useState<{ loading: boolean; session: Session | null }>({ loading: true, session: null });
  const [linkError, setLinkError] = React.useState<string>();

  React.useEffect(() => {
    const apply = (session: Session | null) => {
      if (session) localStorage.setItem(MIRROR_KEY, JSON.stringify(session));
      else localStorage.removeItem(MIRROR_KEY);
      setState({ loading: false, session });
    };
    // A used or expired confirmation link lands with the reason in the URL fragment; supabase-js reads it here.
    auth.initialize().then(
      ({ error }) => error && setLinkError(error.message),
      () => undefined,
    );
    auth.getSession().then(
      ({ data }) => apply(data.session),
      () => apply(null),
    );
    const { data } = auth.onAuthStateChange((event, session) => {
      // Nothing of the previous user stays cached for the next one.
      if (event === 'SIGNED_OUT') void import('@/lib/query-client').then(({ queryClient }) => queryClient.clear());
      apply(session);
    });
    return () => data.subscription.unsubscribe();
  }, []);

  const signedIn = state.session !== null;
  React.useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => {
      auth.refreshSession().catch((err) => console.error('session refresh failed', err));
    }, REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [signedIn]);

  const value = React.useMemo<AuthState>(
    () => ({
      loading: state.loading,
      session: state.session,
      user: state.session?.user ?? null,
      linkError,
      signOut: async () => {
        const { error } = await auth.signOut();
        if (error) throw error;
      },
    }),
    [state, linkError],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = React.useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

export function displayName(user: User | null): string {
  const meta = user?.user_metadata as { full_name?: string } | undefined;
  return meta?.full_name || user?.email || '';
}
