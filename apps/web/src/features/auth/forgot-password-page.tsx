import { zodResolver } from '@hookform/resolvers/zod';
import { ConfirmationCode, confirmationCodeSchema, emailSchema } from '@app/contracts';
import { MailCheck } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Form, TextField } from '@/components/ui/form';
import { FormError } from '@/components/ui/label';
import { useDocumentTitle } from '@/lib/document-title';
import { loadAuth, resetPasswordUrl, retryAfterOf } from '@/lib/supabase';
import { AuthCard } from '@/components/auth-card';
import { ResendButton, SendOutcome } from './resend';

const recoverySchema = z.object({ email: emailSchema });
type Recovery = z.infer<typeof recoverySchema>;

/** supabase-js's resetPasswordForEmail; the server answers alike whether or not the address has an account. */
async function sendRecovery(email: string): Promise<SendOutcome> {
  const { error } = await (await loadAuth()).resetPasswordForEmail(email, { redirectTo: resetPasswordUrl() });
  return error ? { sent: false, message: error.message, retryAfter: retryAfterOf(error) } : { sent: true };
}

function AskForEmail({ onSent }: { onSent(email: string): void }) {
  const [serverError, setServerError] = React.useState<string>();
  const form = useForm<Recovery>({ resolver: zodResolver(recoverySchema), defaultValues: { email: '' } });
  const submit = form.handleSubmit(async ({ email }) => {
    setServerError(undefined);
    const outcome = await sendRecovery(email);
    if (outcome.sent) onSent(email);
    else setServerError(outcome.message);
  });
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField control={form.control} name="email" id="recovery-email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
        <FormError>{serverError}</FormError>
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </Form>
  );
}

/** The mailed code opens a recovery session here; the mailed link does the same wherever it is opened. */
function EnterCode({ email }: { email: string }) {
  const navigate = useNavigate();
  const [serverError, setServerError] = React.useState<string>();
  const [resent, setResent] = React.useState(false);
  const form = useForm<ConfirmationCode>({ resolver: zodResolver(confirmationCodeSchema), defaultValues: { code: '' } });
  const submit = form.handleSubmit(async ({ code }) => {
    setServerError(undefined);
    const { error } = await (await loadAuth()).verifyOtp({ email, token: code, type: 'recovery' });
    if (error) return setServerError(error.message);
    void navigate('/reset-password', { replace: true });
  });
  return (
    <div className="space-y-5">
      <div className="flex items-start gap-3 rounded-md border bg-muted/40 p-3 text-sm">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <p>
          If <strong className="break-all">{email}</strong> has an account, we sent it a link to reset the password and a 6-digit code. Open the link, or enter
          the code here.
        </p>
      </div>
      <Form {...form}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <TextField
            control={form.control}
            name="code"
            id="recovery-code"
            label="Code from the e-mail"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
          />
          <FormError>{serverError}</FormError>
          <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Checking...' : 'Continue'}
          </Button>
        </form>
      </Form>
      <ResendButton
        send={() => sendRecovery(email)}
        onOutcome={(outcome) => {
          setResent(outcome.sent);
          setServerError(outcome.sent ? undefined : outcome.message);
        }}
      />
      <p role="status" className="text-sm text-muted-foreground">
        {resent ? `Sent again to ${email}. It can take a minute to arrive; check your spam folder too.` : ''}
      </p>
    </div>
  );
}

/** "Forgot password?": the e-mail, then "check your inbox" with the code, then /reset-password. */
export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = React.useState<string>();
  useDocumentTitle(sentTo ? 'Check your inbox' : 'Reset your password');
  return (
    <AuthCard
      title={sentTo ? 'Check your inbox' : 'Reset your password'}
      description={sentTo ? 'The link and the code work once, and not for long.' : 'Enter the e-mail you signed up with. We will send you a link and a code.'}
    >
      {sentTo ? <EnterCode email={sentTo} /> : <AskForEmail onSent={setSentTo} />}
      <p className="text-center text-sm">
        <Link to="/login" className="text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
