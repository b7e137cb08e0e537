import type { User } from '@supabase/auth-js';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { loadAuth, resendAsOwner } from '@/lib/supabase';

/** The account as identity knows it now; the session's copy dates from sign-in, so a confirmation made meanwhile shows here. */
function useCurrentUser(sessionUser: User | null) {
  return useQuery({
    queryKey: ['auth-user', sessionUser?.id],
    enabled: !!sessionUser,
    queryFn: async () => {
      const { data, error } = await (await loadAuth()).getUser();
      if (error) throw error;
      return data.user;
    },
  });
}

/**
 * Says when the sign-in e-mail (or a requested new one) is not confirmed yet: the Verified badge
 * waits for the link identity mailed, which can be sent again.
 */
export function EmailConfirmation({ user }: { user: User | null }) {
  const current = useCurrentUser(user);
  const account = current.data ?? user;
  const confirmedNow = !!current.data?.email_confirmed_at;
  const confirmedInSession = !!user?.email_confirmed_at;

  React.useEffect(() => {
    // Confirmed in another tab or device: a fresh token says so, and the badge can follow.
    if (confirmedNow && !confirmedInSession)
      void loadAuth()
        .then((auth) => auth.refreshSession())
        .catch((err) => console.error('session refresh failed', err));
  }, [confirmedNow, confirmedInSession]);

  const resend = useMutation({
    mutationFn: resendAsOwner,
    onSuccess: () => toast({ title: 'Confirmation sent', description: 'Open the link in the e-mail we just sent.' }),
    onError: (err) => toast({ variant: 'destructive', title: 'Error', description: err.message }),
  });

  if (!account?.email) return null;
  const pending = account.new_email;
  if (account.email_confirmed_at && !pending) return null;
  const type = pending ? 'email_change' : 'signup';
  const target = pending ?? account.email;

  return (
    <div
      role="status"
      className="flex w-full flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-left text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
    >
      <p className="flex items-start gap-2">
        <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span data-testid="email-unconfirmed">
          {pending
            ? `${pending} is not confirmed yet: open the link we sent there. Until then you sign in with ${account.email}.`
            : 'Your e-mail address is not confirmed yet: open the link we sent you. Your company shows as Verified once it is confirmed.'}
        </span>
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        disabled={resend.isPending}
        onClick={() => resend.mutate({ type, email: target })}
      >
        {resend.isPending ? 'Sending...' : 'Send the link again'}
      </Button>
    </div>
  );
}
