import { practiceApi } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { call, endpointKey, endpointQuery } from '@/lib/api';
import { cn } from '@/lib/utils';

/**
 * "Daily review e-mail": the same choice as the mail's unsubscribe link (practice keeps it). On
 * unless turned off; identity only sends it to a confirmed address.
 */
export function ReviewEmailSwitch() {
  const client = useQueryClient();
  const preference = useQuery(endpointQuery(practiceApi.getReviewEmail));
  const save = useMutation({
    mutationFn: (enabled: boolean) => call(practiceApi.setReviewEmail, { body: { enabled } }),
    onSuccess: ({ data }) => client.setQueryData(endpointKey(practiceApi.getReviewEmail, {}), data),
    onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Could not change the daily review e-mail. Please try again.' }),
  });
  const enabled = save.isPending ? save.variables : preference.data?.enabled;

  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mail</CardTitle>
        <CardDescription>Sent to your confirmed address only. Every e-mail has a link to stop it.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center justify-between gap-4">
          <div className="flex items-start gap-3">
            <MailCheck className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
            <div>
              <p id="review-email-label" className="text-sm font-medium">
                Daily review e-mail
              </p>
              <p id="review-email-description" className="text-sm text-muted-foreground">
                The problems due for review, each morning you have some.
              </p>
            </div>
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={!!enabled}
            aria-labelledby="review-email-label"
            aria-describedby="review-email-description"
            disabled={enabled === undefined || save.isPending}
            onClick={() => save.mutate(!enabled)}
            className={cn(
              'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
              enabled ? 'bg-primary' : 'bg-input',
            )}
          >
            <span className={cn('block size-5 rounded-full bg-background shadow transition-transform', enabled ? 'translate-x-5' : 'translate-x-0')} />
          </button>
        </div>
      </CardContent>
    </Card>
  );
}
