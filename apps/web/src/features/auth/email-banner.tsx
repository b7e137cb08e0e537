import { MailWarning } from 'lucide-react';
import * as React from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { loadAuth } from '@/lib/supabase';
import { resendConfirmation, ResendButton } from './resend';

const REFRESH_ON_FOCUS_EVERY_MS = 30_000;

/**
 * Confirmed in another tab or on another device: coming back to this one brings a session that says
 * so (at most every 30 s), and the banner goes.
 */
function useRefreshOnReturn(active: boolean) {
  React.useEffect(() => {
    if (!active) return;
    let last = Date.now();
    const onFocus = () => {
      if (Date.now() - last < REFRESH_ON_FOCUS_EVERY_MS) return;
      last = Date.now();
      loadAuth()
        .then((auth) => auth.refreshSession())
        .catch((err) => console.error('session refresh failed', err));
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [active]);
}

/** Across the app until the sign-up address is confirmed: where to enter the code, and the mail again. */
export default function EmailConfirmationBanner() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [outcome, setOutcome] = React.useState<string>();
  const unconfirmed = !!user?.email && !user.email_confirmed_at;
  useRefreshOnReturn(unconfirmed);
  if (!unconfirmed || pathname === '/check-inbox') return null;
  return (
    <section
      aria-label="E-mail confirmation"
      data-testid="email-banner"
      className="flex flex-col gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 sm:flex-row sm:flex-wrap sm:items-center sm:px-8 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="flex flex-1 items-start gap-2">
        <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Confirm your e-mail address: we sent a link and a code to <strong className="break-all">{user.email}</strong>.
        </span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild size="sm">
          <Link to="/check-inbox" state={{ from: pathname }}>
            Enter the code
          </Link>
        </Button>
        <ResendButton send={() => resendConfirmation(user.email!)} onOutcome={(o) => setOutcome(o.sent ? `Sent again to ${user.email}.` : o.message)} />
      </div>
      <p role="status" className="text-xs sm:basis-full">
        {outcome}
      </p>
    </section>
  );
}
