import { zodResolver } from '@hookform/resolvers/zod';
import { ConfirmationCode, confirmationCodeSchema } from '@app/contracts';
import { MailCheck } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError, FormError, Label } from '@/components/ui/label';
import { auth, siteUrl } from '@/lib/supabase';

/**
 * After sign-up on a server that wants the address proven first (a Supabase project with "Confirm
 * email", or identity with EMAIL_CONFIRMATION_REQUIRED): no session yet. The mailed link signs in
 * wherever it is opened (supabase-js tells this tab too); the mailed code signs in here.
 */
export function CheckEmail({ email, onBack }: { email: string; onBack(): void }) {
  const [serverError, setServerError] = React.useState<string>();
  const [resent, setResent] = React.useState<'sending' | 'sent'>();
  const form = useForm<ConfirmationCode>({ resolver: zodResolver(confirmationCodeSchema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const confirm = form.handleSubmit(async ({ code }) => {
    setServerError(undefined);
    // Signed in on success: the auth provider sees the new session and the login route moves on.
    const { error } = await auth.verifyOtp({ email, token: code, type: 'email' });
    if (error) setServerError(error.message);
  });

  const resend = async () => {
    setServerError(undefined);
    setResent('sending');
    const { error } = await auth.resend({ type: 'signup', email, options: { emailRedirectTo: siteUrl() } });
    setResent(error ? undefined : 'sent');
    if (error) setServerError(error.message);
  };

  return (
    <div className="space-y-5" data-testid="check-email">
      <div className="flex items-start gap-3 rounded-md border bg-muted/40 p-3 text-sm">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <p>
          We sent a confirmation link to <strong className="break-all">{email}</strong>. Open it to finish signing up, or enter the code from the e-mail here.
        </p>
      </div>
      <form onSubmit={confirm} noValidate className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor="confirmation-code">Confirmation code</Label>
          <Input
            id="confirmation-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            aria-invalid={!!errors.code}
            aria-describedby={errors.code ? 'confirmation-code-error' : undefined}
            {...form.register('code')}
          />
          <FieldError id="confirmation-code-error" message={errors.code?.message} />
        </div>
        <FormError>{serverError}</FormError>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Confirming...' : 'Confirm'}
        </Button>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button type="button" variant="outline" size="sm" disabled={resent === 'sending'} onClick={() => void resend()}>
          {resent === 'sending' ? 'Sending...' : 'Send the e-mail again'}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          Use a different e-mail
        </Button>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {resent === 'sent' ? `Sent again to ${email}. It can take a minute to arrive; check your spam folder too.` : ''}
      </p>
    </div>
  );
}
