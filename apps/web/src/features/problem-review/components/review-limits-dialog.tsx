import { zodResolver } from '@hookform/resolvers/zod';
import { ReviewLimits, reviewLimitsRange, reviewLimitsSchema } from '@app/contracts';
import { SlidersHorizontal } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { useAddressParams } from '@/lib/use-address-params';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { useReviewLimits, useSetReviewLimits } from '../api';

/**
 * An emptied box holds no number: the contract's message says what is expected. Null, not
 * undefined: react-hook-form shows the default again for a field set to undefined.
 */
const asNumber = (text: string) => (text === '' ? null : Number(text));

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** How much "Review due" holds a day: reviews of problems seen before, and problems never reviewed. */
export function ReviewLimitsDialog() {
  // "limit in Daily limits" on "Review due" comes here with ?limits=open: the dialog opens with the page.
  const [params, editParams] = useAddressParams();
  const asked = params.get('limits') === 'open';
  const [open, setOpen] = React.useState(asked);
  const limits = useReviewLimits();
  const save = useSetReviewLimits();
  const form = useForm<ReviewLimits>({ resolver: zodResolver(reviewLimitsSchema), mode: 'onChange' });

  const openChange = (next: boolean) => {
    setOpen(next);
    if (next && limits.data) form.reset(limits.data);
  };

  // Opened from the address: its figures once they are in, and the address no longer asks.
  React.useEffect(() => {
    if (!asked || !limits.data) return;
    form.reset(limits.data);
    editParams((now) => now.delete('limits'));
  }, [asked, limits.data, form, editParams]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast({
        title: 'Daily limits saved',
        description: `${count(values.daily_review_limit, 'review')} and ${count(values.new_per_day, 'new problem')} a day.`,
      });
      setOpen(false);
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to save the daily limits' });
    }
  });

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={!limits.data}>
          <SlidersHorizontal aria-hidden /> Daily limits
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Daily limits</DialogTitle>
          <DialogDescription>How much a day&apos;s review session holds. What is over the limits waits for the next day.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="space-y-4">
            <TextField
              control={form.control}
              name="daily_review_limit"
              id="daily-review-limit"
              label="Daily review limit"
              description="Reviews of problems you have seen before."
              type="number"
              inputMode="numeric"
              min={1}
              max={reviewLimitsRange.reviewsMax}
              parse={asNumber}
            />
            <TextField
              control={form.control}
              name="new_per_day"
              id="new-per-day"
              label="New problems per day"
              description="Problems you have not reviewed yet, oldest added first."
              type="number"
              inputMode="numeric"
              min={0}
              max={reviewLimitsRange.newMax}
              parse={asNumber}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                Save limits
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
