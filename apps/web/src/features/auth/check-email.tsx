import type { ConfirmationCode } from '@app/contracts/auth';
import { MailCheck } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, TextField } from '@/components/ui/form';
import { FormError } from '@/components/ui/label';
import { lazyResolver } from '@/lib/lazy-resolver';
import { loadAuth } from '@/lib/supabase';
import { resendConfirmation, ResendButton } from './resend';

const codeResolver = lazyResolver<ConfirmationCode>(() => import('./rules').then((m) => m.confirmationCodeResolver));

/**
 * "Check your inbox" after sign-up: the mailed link confirms wherever it is opened, the mailed
 * 6-digit code confirms here. Signed in already (identity's default) or not yet (a server that
 * wants the address proven first: a Supabase project with "Confirm email", or identity with
 * EMAIL_CONFIRMATION_REQUIRED), the code's session replaces any other in this tab.
 */
export function CheckEmail({ email, onConfirmed, children }: { email: string; onConfirmed(): void; children?: React.ReactNode }) {
  const [serverError, setServerError] = React.useState<string>();
  const [resent, setResent] = React.useState(false);
  const form = useForm<ConfirmationCode>({ resolver: codeResolver, defaultValues: { code: '' } });
  const { isSubmitting } = form.formState;

  const confirm = form.handleSubmit(async ({ code }) => {
    setServerError(undefined);
    const { error } = await (await loadAuth()).verifyOtp({ email, token: code, type: 'email' });
    if (error) return setServerError(error.message);
    onConfirmed();
  });

  return (
    <div className="space-y-5" data-testid="check-email">
      <div className="flex items-start gap-3 rounded-md border bg-muted/40 p-3 text-sm">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <p>
          We sent a confirmation link to <strong className="break-all">{email}</strong>. Open it to finish signing up, or enter the code from the e-mail here.
        </p>
      </div>
      <Form {...form}>
        <form onSubmit={confirm} onFocus={codeResolver.preload} noValidate className="space-y-4">
          <TextField
            control={form.control}
            name="code"
            id="confirmation-code"
            label="Confirmation code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
          />
          <FormError>{serverError}</FormError>
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Confirming...' : 'Confirm'}
          </Button>
        </form>
      </Form>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <ResendButton
          send={() => resendConfirmation(email)}
          onOutcome={(outcome) => {
            setResent(outcome.sent);
            setServerError(outcome.sent ? undefined : outcome.message);
          }}
        />
        {children}
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {resent ? `Sent again to ${email}. It can take a minute to arrive; check your spam folder too.` : ''}
      </p>
    </div>
  );
}
