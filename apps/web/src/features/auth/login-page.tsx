import { zodResolver } from '@hookform/resolvers/zod';
import { Credentials, credentialsSchema } from '@app/contracts';
import { KeyRound, Zap } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FieldError, FormError, Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { auth, authSettings, siteUrl } from '@/lib/supabase';
import { ThemeToggle } from '@/components/theme';
import { CheckEmail } from './check-email';

type Mode = 'signin' | 'signup';

/** The OAuth providers /auth/v1/settings reports as enabled (none on the local identity by default). */
function useOAuthProviders(): string[] | undefined {
  const [providers, setProviders] = React.useState<string[]>();
  React.useEffect(() => {
    authSettings()
      .then((s) =>
        setProviders(
          Object.entries(s.external ?? {})
            .filter(([name, on]) => on && name !== 'email' && name !== 'phone')
            .map(([name]) => name),
        ),
      )
      .catch(() => setProviders([]));
  }, []);
  return providers;
}

/** `onUnconfirmed`: the server wants the address proven before it opens a session. */
function CredentialsForm({ mode, onUnconfirmed }: { mode: Mode; onUnconfirmed(email: string): void }) {
  const [serverError, setServerError] = React.useState<string>();
  const form = useForm<Credentials>({ resolver: zodResolver(credentialsSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ email, password }) => {
    setServerError(undefined);
    if (mode === 'signup') {
      const { data, error } = await auth.signUp({ email, password, options: { emailRedirectTo: siteUrl() } });
      if (error) return fail(error.message);
      // A user without a session: signed up, but signed in only once the mailed link or code is used.
      if (!data.session) onUnconfirmed(email);
      return;
    }
    const { error } = await auth.signInWithPassword({ email, password });
    if (error?.code === 'email_not_confirmed') return onUnconfirmed(email);
    if (error) fail(error.message);
  });
  const fail = (message: string) => {
    console.error('auth error', message);
    setServerError(message);
  };
  const id = (name: string) => `${mode}-${name}`;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor={id('email')}>Email</Label>
        <Input
          id={id('email')}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? id('email-error') : undefined}
          {...form.register('email')}
        />
        <FieldError id={id('email-error')} message={errors.email?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={id('password')}>Password</Label>
        <Input
          id={id('password')}
          type="password"
          autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? id('password-error') : undefined}
          {...form.register('password')}
        />
        <FieldError id={id('password-error')} message={errors.password?.message} />
      </div>
      <FormError>{serverError}</FormError>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {mode === 'signin' ? (isSubmitting ? 'Signing in...' : 'Sign In') : isSubmitting ? 'Creating account...' : 'Sign Up'}
      </Button>
    </form>
  );
}

export default function LoginPage({ initialMode = 'signin' }: { initialMode?: Mode }) {
  const [mode, setMode] = React.useState<Mode>(initialMode);
  const [unconfirmed, setUnconfirmed] = React.useState<string>();
  const { linkError, sessionEnded } = useAuth();
  useDocumentTitle(unconfirmed ? 'Check your e-mail' : mode === 'signin' ? 'Sign In' : 'Sign Up');
  const providers = useOAuthProviders();
  const provider = providers?.[0];
  return (
    <main className="relative flex min-h-screen items-center justify-center bg-gradient-to-br from-indigo-50 via-background to-amber-50 p-4 dark:from-indigo-950/40 dark:via-background dark:to-background">
      <div className="absolute right-4 top-4">
        <ThemeToggle />
      </div>
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <Zap className="size-6 fill-current text-bolt" aria-hidden />
          </span>
          <h1 className="text-2xl font-semibold leading-none tracking-tight">
            {unconfirmed ? 'Check your e-mail' : mode === 'signin' ? 'Welcome back' : 'Welcome'}
          </h1>
          <CardDescription>
            {unconfirmed
              ? 'Confirm your e-mail address to finish.'
              : mode === 'signin'
                ? 'Sign in to keep your streak going.'
                : 'Create an account to start preparing.'}
          </CardDescription>
        </CardHeader>
        {unconfirmed ? (
          <CardContent>
            <CheckEmail email={unconfirmed} onBack={() => setUnconfirmed(undefined)} />
          </CardContent>
        ) : (
          <CardContent className="space-y-6">
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
                onClick={() => provider && auth.signInWithOAuth({ provider: provider as 'github', options: { redirectTo: siteUrl() } })}
              >
                <KeyRound aria-hidden /> {provider ? `Continue with ${provider[0].toUpperCase()}${provider.slice(1)}` : 'Continue with a provider'}
              </Button>
              {providers && !provider ? (
                <p id="oauth-unavailable" className="text-center text-xs text-muted-foreground">
                  No sign-in provider is configured for this deployment; use your e-mail and password.
                </p>
              ) : null}
            </div>
          </CardContent>
        )}
      </Card>
    </main>
  );
}
