import { practiceApi } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { call, endpointKey, endpointQuery } from '@/lib/api';

/**
 * The daily review e-mail, offered once the first problems are in and until the user answers
 * (issue 38 item 6): it is off until they turn it on, here or in Settings.
 */
export function ReviewEmailOffer() {
  const client = useQueryClient();
  const setting = useQuery(endpointQuery(practiceApi.getReviewEmail));
  const choose = useMutation({
    mutationFn: (enabled: boolean) => call(practiceApi.setReviewEmail, { body: { enabled } }),
    onSuccess: ({ data }) => {
      client.setQueryData(endpointKey(practiceApi.getReviewEmail, {}), data);
      if (data.enabled) toast({ title: 'Daily review e-mail on', description: 'Change it any time in Settings.' });
    },
    onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Could not save your choice. Please try again.' }),
  });
  if (!setting.data || setting.data.chosen) return null;

  return (
    <section aria-labelledby="review-email-offer" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/40 p-4">
      <div className="flex items-start gap-3">
        <Mail className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div>
          <h2 id="review-email-offer" className="text-sm font-medium">
            Get a daily e-mail of your reviews?
          </h2>
          <p className="text-sm text-muted-foreground">One e-mail on mornings when problems are due, to your confirmed address. Off unless you turn it on.</p>
        </div>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={choose.isPending} onClick={() => choose.mutate(false)}>
          No thanks
        </Button>
        <Button size="sm" disabled={choose.isPending} onClick={() => choose.mutate(true)}>
          E-mail me
        </Button>
      </div>
    </section>
  );
}
