import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { CheckEmail } from './check-email';

/** Where to go next: back to the page that sent the user here, if it is one of ours. */
function nextPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/**
 * "Check your inbox", signed in: where sign-up leads, and where the banner's "Enter the code" does.
 * The address can be confirmed later (the banner stays until it is).
 */
export default function CheckInboxPage() {
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  useDocumentTitle('Check your inbox');
  const next = nextPath(location.state);
  if (!user?.email) return <Navigate to="/" replace />;
  if (user.email_confirmed_at) return <Navigate to={next} replace />;
  return (
    <div className="mx-auto w-full max-w-md py-4">
      <Card>
        <CardHeader>
          <h1 className="text-lg font-semibold leading-none tracking-tight">Check your inbox</h1>
          <CardDescription>Confirm your e-mail address: enter the 6-digit code, or open the link in the e-mail.</CardDescription>
        </CardHeader>
        <CardContent>
          <CheckEmail
            email={user.email}
            onConfirmed={() => {
              toast({ title: 'E-mail confirmed', description: `${user.email} is confirmed.` });
              void navigate(next, { replace: true });
            }}
          >
            <Button asChild variant="ghost" size="sm">
              <Link to={next}>Skip for now</Link>
            </Button>
          </CheckEmail>
        </CardContent>
      </Card>
    </div>
  );
}
