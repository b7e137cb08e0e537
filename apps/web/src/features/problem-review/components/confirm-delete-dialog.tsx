import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** Deleting takes the problems' review history with it, and cannot be undone: asked first. */
export function ConfirmDeleteDialog({
  open,
  count,
  deleting,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  count: number;
  deleting: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const what = count === 1 ? 'this problem' : `these ${count} problems`;
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? undefined : onCancel())}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete {count === 1 ? '1 problem' : `${count} problems`}?</DialogTitle>
          <DialogDescription>
            This deletes {what} and every review logged for {count === 1 ? 'it' : 'them'}. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={deleting} onClick={onConfirm}>
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
