import { zodResolver } from '@hookform/resolvers/zod';
import { passwordSchema } from '@app/contracts';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Form, TextField } from '@/components/ui/form';
import { FormError } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { loadAuth } from '@/lib/supabase';
import { AuthCard } from '@/components/auth-card';

const newPasswordSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });
type NewPassword = z.infer<typeof newPasswordSchema>;

function NewPasswordForm() {
  const navigate = useNavigate();
  const [serverError, setServerError] = React.useState<string>();
  const form = useForm<NewPassword>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirm: '' } });
  const submit = form.handleSubmit(async ({ password }) => {
    setServerError(undefined);
    const { error } = await (await loadAuth()).updateUser({ password });
    if (error) return setServerError(error.message);
    toast({ title: 'Password changed', description: 'You are signed in here; every other session has ended.' });
    void navigate('/', { replace: true });
  });
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          control={form.control}
          name="password"
          id="new-password"
          label="New password"
          description="At least 6 characters, with a letter and a digit. Spaces and symbols are welcome."
          type="password"
          autoComplete="new-password"
        />
        <TextField control={form.control} name="confirm" id="confirm-password" label="Confirm new password" type="password" autoComplete="new-password" />
        <FormError>{serverError}</FormError>
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </Form>
  );
}

/**
 * Where the recovery link lands (supabase-js takes the recovery session from the URL) and where the
 * code leads: the new password, then the app, signed in. Without a session the link failed or expired.
 */
export default function ResetPasswordPage() {
  const { loading, user, linkError } = useAuth();
  useDocumentTitle('Set a new password');
  if (loading) {
    return (
      <div role="status" className="flex min-h-screen items-center justify-center text-lg text-muted-foreground">
        Loading...
      </div>
    );
  }
  if (!user) {
    return (
      <AuthCard title="Set a new password" description="This page needs a password reset link or code.">
        <FormError>
          {linkError ? `The link did not work: ${linkError.replace(/\.$/, '')}.` : 'The reset link has expired or was already used.'} Ask for a new one.
        </FormError>
        <Button asChild className="w-full">
          <Link to="/forgot-password">Send a new reset link</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Set a new password"
      description={
        <>
          For <strong className="break-all">{user.email}</strong>. Every other session ends.
        </>
      }
    >
      <NewPasswordForm />
    </AuthCard>
  );
}
