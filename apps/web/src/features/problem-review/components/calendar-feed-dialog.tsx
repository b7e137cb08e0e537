import { CalendarPlus, Copy } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useCalendarFeed, useCreateCalendarFeed, useDeleteCalendarFeed } from '../api';

/**
 * The private calendar address of due days and the interview day, for a calendar app to subscribe
 * to. Only a hash of its token is kept, so the address shows once, when made; a new one ends the old.
 */
export function CalendarFeedDialog() {
  const [open, setOpen] = React.useState(false);
  const [address, setAddress] = React.useState<string>();
  const status = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const remove = useDeleteCalendarFeed();
  const active = status.data?.active ?? false;

  const makeAddress = async () => {
    try {
      const { data } = await create.mutateAsync();
      setAddress(`${window.location.origin}${data.path}`);
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to make a calendar address' });
    }
  };

  const turnOff = async () => {
    try {
      await remove.mutateAsync();
      setAddress(undefined);
      toast({ title: 'Calendar feed turned off', description: 'Its address no longer works.' });
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to turn the calendar feed off' });
    }
  };

  const copy = async () => {
    if (!address) return;
    await navigator.clipboard.writeText(address).then(
      () => toast({ title: 'Address copied' }),
      () => toast({ variant: 'destructive', title: 'Error', description: 'Could not copy: select the address and copy it.' }),
    );
  };

  const busy = create.isPending || remove.isPending;
  return (
    <Dialog open={open} onOpenChange={(o) => (setOpen(o), setAddress(undefined))}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <CalendarPlus aria-hidden /> Calendar
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Calendar feed</DialogTitle>
          <DialogDescription>Subscribe in your calendar app to see the days your reviews are due and your interview day.</DialogDescription>
        </DialogHeader>
        <p className="text-sm" data-testid="calendar-status" aria-live="polite">
          {status.isPending
            ? 'Loading…'
            : active
              ? `Your private address is on (made ${new Date(status.data!.created_at!).toLocaleDateString()}).`
              : 'No calendar address yet.'}
        </p>
        {address ? (
          <div className="space-y-2">
            <Label htmlFor="calendar-address">Your private address</Label>
            <div className="flex gap-2">
              <Input id="calendar-address" readOnly value={address} onFocus={(e) => e.target.select()} aria-describedby="calendar-address-hint" />
              <Button type="button" variant="secondary" onClick={copy} aria-label="Copy the address">
                <Copy aria-hidden />
              </Button>
            </div>
            <p id="calendar-address-hint" className="text-xs text-muted-foreground">
              Shown only now. Anyone with it sees your due days, so keep it private; make a new one if it leaks.
            </p>
          </div>
        ) : null}
        <DialogFooter className="gap-2">
          {active ? (
            <Button type="button" variant="outline" onClick={turnOff} disabled={busy}>
              Turn off
            </Button>
          ) : null}
          <Button type="button" onClick={makeAddress} disabled={busy || status.isPending}>
            {active ? 'Make a new address' : 'Make my address'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
