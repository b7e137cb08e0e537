import { reviewReasonMax } from '@app/contracts';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

export interface ReasonRequest {
  /** 'Reject' or 'Take down', with the item's title. */
  action: string;
  title: string;
  /** Who reads the reason, when not the submitter. */
  readBy?: string;
  onConfirm(reason: string): void;
}

/** Asks why before a rejection or take-down: the submitter reads the reason on their item. Mounted per request, so it starts empty. */
export function ReasonDialog({ request, onClose }: { request: ReasonRequest; onClose(): void }) {
  const [reason, setReason] = React.useState('');
  const [error, setError] = React.useState<string>();
  const id = React.useId();
  const confirm = (e: React.FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text) return setError('Please give a reason');
    if (text.length > reviewReasonMax) return setError(`At most ${reviewReasonMax} characters`);
    request.onConfirm(text);
    onClose();
  };
  return (
    <Dialog open onOpenChange={(open) => open || onClose()}>
      <DialogContent>
        <form onSubmit={confirm} noValidate className="space-y-4">
          <DialogHeader>
            <DialogTitle>
              {request.action}: {request.title}
            </DialogTitle>
            <DialogDescription>{request.readBy ?? 'The submitter sees this reason on their item and in a notification.'}</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
              aria-invalid={!!error}
              aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
            />
            <p id={`${id}-count`} className="text-xs text-muted-foreground">
              {reason.trim().length}/{reviewReasonMax}
            </p>
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive">
              {request.action}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
