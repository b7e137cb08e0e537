import type { Credentials } from '@app/contracts/auth';
import { KeyRound } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Form, TextField } from '@/components/ui/form';
import { FormError } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { lazyResolver } from '@/lib/lazy-resolver';
import { authSettings, loadAuth, siteUrl } from '@/lib/supabase';
import { AuthCard } from '@/components/auth-card';
import { CheckEmail } from './check-email';

type Mode = 'signin' | 'signup';

const credentialsResolver = lazyResolver<Credentials>(() => import('./rules').then((m) => m.credentialsResolver));

const PROVIDERS_KEY = 'auth_providers';

/** The providers of the last /auth/v1/settings answer this browser saw (none on a first visit). */
function rememberedProviders(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(PROVIDERS_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The OAuth providers /auth/v1/settings reports as enabled (none on the local identity by default).
 * Until it answers, the last answer this browser saw, else none: the page paints complete at once
 * (the pre-rendered first paint is this state) instead of growing a line when the answer comes.
 */
function useOAuthProviders(): string[] {
  const [providers, setProviders] = React.useState<string[]>(rememberedProviders);
  React.useEffect(() => {
    authSettings()
      .then((s) => {
        const enabled = Object.entries(s.external ?? {})
          .filter(([name, on]) => on && name !== 'email' && name !== 'phone')
          .map(([name]) => name);
        localStorage.setItem(PROVIDERS_KEY, JSON.stringify(enabled));
        setProviders(enabled);
      })
      .catch(() => setProviders([]));
  }, []);
  return providers;
}

/** `onUnconfirmed`: the server wants the address proven before it opens a session. */
function CredentialsForm({ mode, onUnconfirmed }: { mode: Mode; onUnconfirmed(email: string): void }) {
  const { signUp } = useAuth();
  const [serverError, setServerError] = React.useState<string>();
  const form = useForm<Credentials>({ resolver: credentialsResolver, defaultValues: { email: '', password: '' } });
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ email, password }) => {
    setServerError(undefined);
    if (mode === 'signup') {
      const { session, error } = await signUp(email, password);
      if (error) return fail(error.message);
      // A user without a session: signed up, but signed in only once the mailed link or code is used.
      if (!session) onUnconfirmed(email);
      return;
    }
    const { error } = await (await loadAuth()).signInWithPassword({ email, password });
    if (error?.code === 'email_not_confirmed') return onUnconfirmed(email);
    if (error) fail(error.message);
  });
  const fail = (message: string) => {
    console.error('auth error', message);
    setServerError(message);
  };
  return (
    <Form {...form}>
      <form onSubmit={submit} onFocus={credentialsResolver.preload} noValidate className="space-y-4">
        <TextField control={form.control} name="email" id={`${mode}-email`} label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
        <TextField
          control={form.control}
          name="password"
          id={`${mode}-password`}
          label="Password"
          action={
            mode === 'signin' ? (
              <Link to="/forgot-password" className="text-sm text-primary underline-offset-4 hover:underline">
                Forgot password?
              </Link>
            ) : null
          }
          type="password"
          autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
        />
        <FormError>{serverError}</FormError>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {mode === 'signin' ? (isSubmitting ? 'Signing in...' : 'Sign In') : isSubmitting ? 'Creating account...' : 'Sign Up'}
        </Button>
        {mode === 'signup' ? (
          <p className="text-center text-xs text-muted-foreground">
            By signing up you agree to the{' '}
            <Link to="/terms" className="text-primary underline underline-offset-4">
              Terms
            </Link>{' '}
            and the{' '}
            <Link to="/privacy" className="text-primary underline underline-offset-4">
              Privacy Policy
            </Link>
            .
          </p>
        ) : null}
      </form>
    </Form>
  );
}

export default function LoginPage({ initialMode = 'signin' }: { initialMode?: Mode }) {
  const [mode, setMode] = React.useState<Mode>(initialMode);
  const [unconfirmed, setUnconfirmed] = React.useState<string>();
  const { linkError, sessionEnded } = useAuth();
  useDocumentTitle(unconfirmed ? 'Check your e-mail' : mode === 'signin' ? 'Sign In' : 'Sign Up');
  const providers = useOAuthProviders();
  const provider = providers[0];
  if (unconfirmed) {
    return (
      <AuthCard title="Check your e-mail" description="Confirm your e-mail address to finish.">
        {/* Confirmed by the code: the new session moves the login route on. */}
        <CheckEmail email={unconfirmed} onConfirmed={() => undefined}>
          <Button type="button" variant="ghost" size="sm" onClick={() => setUnconfirmed(undefined)}>
            Use a different e-mail
          </Button>
        </CheckEmail>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={mode === 'signin' ? 'Welcome back' : 'Welcome'}
      description={mode === 'signin' ? 'Sign in to keep your streak going.' : 'Create an account to start preparing.'}
    >
      {sessionEnded ? (
        <p
          role="status"
          className="rounded-md border border-amber-500/60 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <span className="font-semibold">Your session ended.</span> Sign in again to pick up where you left off.
        </p>
      ) : null}
      {linkError ? <FormError>The link did not sign you in: {linkError.replace(/\.$/, '')}. Sign in to get a new one.</FormError> : null}
      <Tabs value={mode} onValueChange={(v) => setMode(v as Mode)}>
        <TabsList>
          <TabsTrigger value="signin">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="signin" className="pt-4">
          <CredentialsForm mode="signin" onUnconfirmed={setUnconfirmed} />
        </TabsContent>
        <TabsContent value="signup" className="pt-4">
          <CredentialsForm mode="signup" onUnconfirmed={setUnconfirmed} />
        </TabsContent>
      </Tabs>
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
        <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
      </div>
      <div className="space-y-2">
        <Button
          type="button"
          variant="outline"
          className="w-full"
          disabled={!provider}
          aria-describedby={provider ? undefined : 'oauth-unavailable'}
          onClick={() =>
            provider && void loadAuth().then((auth) => auth.signInWithOAuth({ provider: provider as 'github', options: { redirectTo: siteUrl() } }))
          }
        >
          <KeyRound aria-hidden /> {provider ? `Continue with ${provider[0].toUpperCase()}${provider.slice(1)}` : 'Continue with a provider'}
        </Button>
        {!provider ? (
          <p id="oauth-unavailable" className="text-center text-xs text-muted-foreground">
            No sign-in provider is configured for this deployment; use your e-mail and password.
          </p>
        ) : null}
      </div>
      {/* Someone who cannot sign in can still reach a person; the contact form needs no account. */}
      <p className="text-center text-xs text-muted-foreground">
        Cannot sign in?{' '}
        <Link to="/contact-form" className="text-primary underline underline-offset-4">
          Contact us
        </Link>
      </p>
    </AuthCard>
  );
}
