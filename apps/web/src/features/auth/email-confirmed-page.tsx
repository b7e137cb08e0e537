import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/label';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { AuthCard } from '@/components/auth-card';

/** Where the confirmation link lands: supabase-js takes the session from the URL, and this page says what happened. */
export default function EmailConfirmedPage() {
  const { loading, user, linkError } = useAuth();
  const confirmed = !!user?.email_confirmed_at;
  useDocumentTitle(confirmed ? 'E-mail confirmed' : 'Confirm your e-mail');
  if (loading) {
    return (
      <div role="status" className="flex min-h-screen items-center justify-center text-lg text-muted-foreground">
        Loading...
      </div>
    );
  }
  if (confirmed) {
    return (
      <AuthCard title="E-mail confirmed" description="Thanks: your address is proven, and your company can show as Verified.">
        <p role="status" className="flex items-start gap-3 rounded-md border bg-muted/40 p-3 text-sm">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <span>
            <strong className="break-all">{user.email}</strong> is confirmed.
          </span>
        </p>
        <Button asChild className="w-full">
          <Link to="/">Continue to Thunderprep</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your e-mail" description="The link did not confirm an address.">
      <FormError>{linkError ? `The link did not work: ${linkError.replace(/\.$/, '')}.` : 'Open the newest link we sent you, or enter its code.'}</FormError>
      <Button asChild className="w-full">
        <Link to={user ? '/check-inbox' : '/login'}>{user ? 'Enter the code or get a new link' : 'Sign in to get a new link'}</Link>
      </Button>
    </AuthCard>
  );
}
