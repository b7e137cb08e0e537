import { practiceApi } from '@app/contracts';
import { CircleCheck } from 'lucide-react';
import * as React from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/label';
import { AuthCard } from '@/components/auth-card';
import { ApiError, call } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';

type State = { step: 'asking' | 'sending' | 'done' } | { step: 'failed'; message: string };

/**
 * Where the daily review e-mail's unsubscribe link lands, signed in or not: it asks first, because
 * mail scanners open links and a visit alone must not unsubscribe anyone. The button posts the
 * link's token as JSON (the services take JSON bodies only).
 */
export default function UnsubscribePage() {
  useDocumentTitle('Daily review e-mail');
  const token = useSearchParams()[0].get('token') ?? '';
  const [state, setState] = React.useState<State>({ step: 'asking' });

  const unsubscribe = async () => {
    setState({ step: 'sending' });
    try {
      await call(practiceApi.unsubscribeReviewEmail, { body: { token } });
      setState({ step: 'done' });
    } catch (err) {
      const message =
        err instanceof ApiError && err.status < 500 ? practiceApi.unsubscribeReviewEmail.notFound : 'Something went wrong. Please try again in a moment.';
      setState({ step: 'failed', message });
    }
  };

  if (state.step === 'done') {
    return (
      <AuthCard title="Unsubscribed" description="You will no longer get the daily review e-mail.">
        <p role="status" className="flex items-start gap-3 rounded-md border bg-muted/40 p-3 text-sm">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <span>Changed your mind? Turn &quot;Daily review e-mail&quot; back on in Settings.</span>
        </p>
        <Button asChild variant="outline" className="w-full">
          <Link to="/settings">Open Settings</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Stop the daily review e-mail?" description="It lists the problems due for review each day you have some.">
      {state.step === 'failed' ? <FormError>{state.message}</FormError> : null}
      <Button className="w-full" disabled={state.step === 'sending'} onClick={unsubscribe}>
        {state.step === 'sending' ? 'Unsubscribing...' : 'Unsubscribe'}
      </Button>
    </AuthCard>
  );
}
