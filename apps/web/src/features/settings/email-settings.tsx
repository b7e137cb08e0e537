import {
  communityApi,
  EmailNotificationKind,
  emailNotificationText,
  identityApi,
  InAppNotificationKind,
  inAppNotificationKinds,
  inAppNotificationLabels,
  practiceApi,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { call, endpointKey, endpointQuery } from '@/lib/api';
import { cn } from '@/lib/utils';

function Switch({ name, enabled, busy, onChange }: { name: string; enabled: boolean | undefined; busy: boolean; onChange: (enabled: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={!!enabled}
      aria-label={name}
      disabled={enabled === undefined || busy}
      onClick={() => onChange(!enabled)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
        enabled ? 'bg-primary' : 'bg-input',
      )}
    >
      <span className={cn('block size-5 rounded-full bg-background shadow transition-transform', enabled ? 'translate-x-5' : 'translate-x-0')} />
    </button>
  );
}

/** A channel a kind is not sent in (the daily review e-mail has no bell notification). */
const None = () => (
  <span className="w-11 text-center text-sm text-muted-foreground" title="Not sent this way">
    —
  </span>
);

const failed = (what: string) => () => toast({ variant: 'destructive', title: 'Error', description: `Could not change ${what}. Please try again.` });

/**
 * Settings' notifications: per kind, the bell (community keeps those choices) and e-mail (identity
 * keeps the board's, practice the daily review e-mail's), the same choice each mail's unsubscribe
 * link makes (docs/notifications.md).
 */
export function EmailSettings() {
  const client = useQueryClient();
  const email = useQuery(endpointQuery(identityApi.getEmailNotifications));
  const setEmail = useMutation({
    mutationFn: (body: { kind: EmailNotificationKind; enabled: boolean }) => call(identityApi.setEmailNotification, { body }),
    onSuccess: ({ data }) => client.setQueryData(endpointKey(identityApi.getEmailNotifications, {}), data),
    onError: failed('that e-mail'),
  });
  const bell = useQuery(endpointQuery(communityApi.getInAppNotifications));
  const setBell = useMutation({
    mutationFn: (body: { kind: InAppNotificationKind; enabled: boolean }) => call(communityApi.setInAppNotification, { body }),
    onSuccess: ({ data }) => client.setQueryData(endpointKey(communityApi.getInAppNotifications, {}), data),
    onError: failed('those notifications'),
  });
  const digest = useQuery(endpointQuery(practiceApi.getReviewEmail));
  const setDigest = useMutation({
    mutationFn: (enabled: boolean) => call(practiceApi.setReviewEmail, { body: { enabled } }),
    onSuccess: ({ data }) => client.setQueryData(endpointKey(practiceApi.getReviewEmail, {}), data),
    onError: failed('the daily review e-mail'),
  });
  const emailOn = (kind: EmailNotificationKind) =>
    setEmail.isPending && setEmail.variables.kind === kind ? setEmail.variables.enabled : email.data?.settings[kind];
  const bellOn = (kind: InAppNotificationKind) =>
    setBell.isPending && setBell.variables.kind === kind ? setBell.variables.enabled : bell.data?.settings[kind];

  return (
    <Card id="email">
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          What you hear about, in the bell and by e-mail, kind by kind. Voters and followers of a feature request hear of its status changes until they turn it
          off, as on Fider; the daily review e-mail stays off until you turn it on, the weekly Ask a SWE digest on until you turn it off. Every e-mail says why
          it came and has a link to stop it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {email.data && !email.data.address_confirmed ? (
          <p role="note" className="mb-2 flex items-start gap-2 rounded-md border bg-muted/40 p-3 text-sm">
            <MailWarning className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span>No e-mail is sent until your address is confirmed, except the confirmation itself and password recovery.</span>
          </p>
        ) : null}
        <div className="flex justify-end gap-4 pb-1 text-xs font-medium text-muted-foreground" aria-hidden>
          <span className="w-11 text-center">Bell</span>
          <span className="w-11 text-center">E-mail</span>
        </div>
        <ul className="divide-y">
          {inAppNotificationKinds.map((kind) => {
            const label = inAppNotificationLabels[kind];
            return (
              <li key={kind} className="flex items-center justify-between gap-4 py-3">
                <span className="text-sm font-medium">{label}</span>
                <span className="flex shrink-0 gap-4">
                  <Switch
                    name={`${label} in the bell`}
                    enabled={bellOn(kind)}
                    busy={setBell.isPending}
                    onChange={(enabled) => setBell.mutate({ kind, enabled })}
                  />
                  <Switch
                    name={`${label} by e-mail`}
                    enabled={emailOn(kind)}
                    busy={setEmail.isPending}
                    onChange={(enabled) => setEmail.mutate({ kind, enabled })}
                  />
                </span>
              </li>
            );
          })}
          <li className="flex items-center justify-between gap-4 py-3">
            <span>
              <span className="block text-sm font-medium">Daily review e-mail</span>
              <span className="block text-sm text-muted-foreground">The problems due for review, each morning you have some.</span>
            </span>
            <span className="flex shrink-0 gap-4">
              <None />
              <Switch
                name="Daily review e-mail"
                enabled={setDigest.isPending ? setDigest.variables : digest.data?.enabled}
                busy={setDigest.isPending}
                onChange={(enabled) => setDigest.mutate(enabled)}
              />
            </span>
          </li>
          <li className="flex items-center justify-between gap-4 py-3">
            <span>
              <span className="block text-sm font-medium">{emailNotificationText.ask_digest.label}</span>
              <span className="block text-sm text-muted-foreground">
                Once a week, the answers, questions and comments in what you follow on Ask a SWE that you left unread in the bell.
              </span>
            </span>
            <span className="flex shrink-0 gap-4">
              <None />
              <Switch
                name={emailNotificationText.ask_digest.label}
                enabled={emailOn('ask_digest')}
                busy={setEmail.isPending}
                onChange={(enabled) => setEmail.mutate({ kind: 'ask_digest', enabled })}
              />
            </span>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
