import { askLimits, flagInputSchema, FlagReason, flagReasonLabels, flagReasons } from '@app/contracts';
import { FlagTriangleRight } from 'lucide-react';
import * as React from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormError, Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError, tryAgainHint } from '@/lib/api';

export type FlagBody = z.output<typeof flagInputSchema>;

/**
 * Flag something for moderators with a reason (Ask a SWE's reasons) and an optional note, in a
 * dialog: Ask a SWE's posts, community designs and their comments. `what` names it ("answer", "design").
 */
export function FlagButton({ what, label, send }: { what: string; label?: string; send(body: FlagBody): Promise<{ hidden: boolean }> }) {
  const [open, setOpen] = React.useState(false);
  const [reason, setReason] = React.useState<FlagReason | ''>('');
  const [note, setNote] = React.useState('');
  const [error, setError] = React.useState<string>();
  const [pending, setPending] = React.useState(false);
  const formId = React.useId();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = flagInputSchema.safeParse({ reason, note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setPending(true);
    send(parsed.data)
      .then(
        (result) => {
          setOpen(false);
          toast({ title: 'Flagged', description: result.hidden ? 'It is hidden until a moderator reviews it.' : 'A moderator will review it.' });
        },
        (err: unknown) => setError(err instanceof ApiError ? [err.message, tryAgainHint(err)].filter(Boolean).join(' ') : 'Failed to flag'),
      )
      .finally(() => setPending(false));
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={label}>
          <FlagTriangleRight aria-hidden /> Flag
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} noValidate className="space-y-4">
          <DialogHeader>
            <DialogTitle>Flag this {what}</DialogTitle>
            <DialogDescription>Moderators see your reason, never your name next to it.</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor={`${formId}-reason`}>Reason</Label>
            <Select value={reason} onValueChange={(v) => setReason(v as FlagReason)}>
              <SelectTrigger id={`${formId}-reason`}>
                <SelectValue placeholder="Choose why" />
              </SelectTrigger>
              <SelectContent>
                {flagReasons.map((r) => (
                  <SelectItem key={r} value={r}>
                    {flagReasonLabels[r]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${formId}-note`}>Note (optional)</Label>
            <Textarea id={`${formId}-note`} value={note} maxLength={askLimits.flagNoteMax} onChange={(e) => setNote(e.target.value)} />
          </div>
          <FormError>{error}</FormError>
          <DialogFooter>
            <Button type="submit" disabled={pending}>
              Flag
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
