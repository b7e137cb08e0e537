import * as React from 'react';
import { Button } from '@/components/ui/button';
import { AuthRequestError, resendAsOwner } from '@/lib/supabase';

/** Seconds left before `until` (ms since the epoch), ticking each second; 0 once it has passed. */
function useSecondsUntil(until: number | undefined): number {
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    if (!until || until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

export type SendOutcome = { sent: true } | { sent: false; message: string; retryAfter?: number };

/**
 * "Send the e-mail again", held back while the server's limit lasts: the button counts down the
 * Retry-After it answered, so nobody is left pressing a button that cannot work.
 */
export function ResendButton({
  send,
  label = 'Send the e-mail again',
  onOutcome,
}: {
  send(): Promise<SendOutcome>;
  label?: string;
  onOutcome(o: SendOutcome): void;
}) {
  const [sending, setSending] = React.useState(false);
  const [until, setUntil] = React.useState<number>();
  const wait = useSecondsUntil(until);
  const click = async () => {
    setSending(true);
    const outcome = await send();
    setSending(false);
    if (!outcome.sent && outcome.retryAfter) setUntil(Date.now() + outcome.retryAfter * 1000);
    onOutcome(outcome);
  };
  return (
    <Button type="button" variant="outline" size="sm" disabled={sending || wait > 0} onClick={() => void click()}>
      {sending ? 'Sending...' : wait > 0 ? `${label} in ${wait} s` : label}
    </Button>
  );
}
/** Sends the sign-up confirmation again (the signed-in owner on a quota of their own); what came of it. */
export async function resendConfirmation(email: string): Promise<SendOutcome> {
  try {
    await resendAsOwner({ type: 'signup', email });
    return { sent: true };
  } catch (err) {
    return { sent: false, message: (err as Error).message, retryAfter: err instanceof AuthRequestError ? err.retryAfter : undefined };
  }
}
