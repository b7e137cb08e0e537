import { emailNotificationKinds, emailNotificationText, identityApi, practiceApi } from '@app/contracts';
import { CircleCheck } from 'lucide-react';
import * as React from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/label';
import { AuthCard } from '@/components/auth-card';
import { ApiError, call } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';

type State = { step: 'asking' | 'sending' } | { step: 'done'; what: string } | { step: 'failed'; message: string };

/** The daily review e-mail's link (practice keeps that choice), or a board e-mail's (identity keeps those). */
const mails = {
  review: {
    title: 'Stop the daily review e-mail?',
    description: 'It lists the problems due for review each day you have some.',
    invalid: practiceApi.unsubscribeReviewEmail.notFound,
    send: async (token: string) => {
      await call(practiceApi.unsubscribeReviewEmail, { body: { token } });
      return 'Daily review e-mail';
    },
  },
  notification: {
    title: 'Stop these e-mails?',
    description: 'Only the kind of e-mail this link came with stops; the others stay as they are in Settings.',
    invalid: identityApi.unsubscribeEmailNotification.notFound,
    send: async (token: string) => {
      const { data } = await call(identityApi.unsubscribeEmailNotification, { query: { token }, body: {} });
      return emailNotificationText[data.kind].label;
    },
  },
} as const;

/**
 * Where a mail's unsubscribe link lands, signed in or not: it asks first, because mail scanners
 * open links and a visit alone must not unsubscribe anyone. A mail client's one-click unsubscribe
 * (RFC 8058) posts to the service itself and never comes here.
 */
export default function UnsubscribePage({ mail }: { mail: keyof typeof mails }) {
  const { title, description, invalid, send } = mails[mail];
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // The service's redirect names the kind (and says so when the token does not open); the token alone decides what is turned off.
  const kind = emailNotificationKinds.find((k) => k === params.get('kind'));
  const [state, setState] = React.useState<State>({ step: 'asking' });

  const unsubscribe = async () => {
    setState({ step: 'sending' });
    try {
      setState({ step: 'done', what: await send(token) });
    } catch (err) {
      setState({ step: 'failed', message: err instanceof ApiError && err.status < 500 ? invalid : 'Something went wrong. Please try again in a moment.' });
    }
  };

  if (state.step === 'done') {
    return (
      <AuthCard title="Unsubscribed" description={`You will no longer get these e-mails: ${state.what}.`}>
        <p role="status" className="flex items-start gap-3 rounded-md border bg-muted/40 p-3 text-sm">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <span>Changed your mind? Turn &quot;{state.what}&quot; back on in Settings.</span>
        </p>
        <Button asChild variant="outline" className="w-full">
          <Link to="/settings#email">Open Settings</Link>
        </Button>
      </AuthCard>
    );
  }
  if (params.has('invalid')) {
    return (
      <AuthCard title="This link does not work" description="Nothing was changed.">
        <FormError>{invalid}</FormError>
        <Button asChild variant="outline" className="w-full">
          <Link to="/settings#email">Open Settings</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={kind ? `Stop e-mails: ${emailNotificationText[kind].label}?` : title} description={description}>
      {state.step === 'failed' ? <FormError>{state.message}</FormError> : null}
      <Button className="w-full" disabled={state.step === 'sending'} onClick={unsubscribe}>
        {state.step === 'sending' ? 'Unsubscribing...' : 'Unsubscribe'}
      </Button>
    </AuthCard>
  );
}
