import { Opportunity } from '@app/contracts';
import { Pencil } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useSetOpportunityFields } from './api';
import { draftOf, FieldsInputs, parseFields } from './fields-inputs';

/** Company, where, when, kind, deadline and sponsorship: stated by the opportunity's author or a moderator. */
export function FieldsDialog({ opportunity }: { opportunity: Opportunity }) {
  const [open, setOpen] = React.useState(false);
  const [draft, setDraft] = React.useState(() => draftOf(opportunity));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const save = useSetOpportunityFields();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { fields, errors: wrong } = parseFields(draft);
    if (wrong) return setErrors(wrong);
    try {
      await save.mutateAsync({ id: opportunity.id, fields });
      toast({ title: 'Details saved' });
      setOpen(false);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) return setErrors(err.fields);
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to save the details.' });
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setDraft(draftOf(opportunity));
          setErrors({});
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Edit details of ${opportunity.title}`}>
          <Pencil aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Opportunity details</DialogTitle>
          <DialogDescription>What candidates filter by. Leave what you do not know unknown.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FieldsInputs idPrefix={`details-${opportunity.id}`} draft={draft} onChange={setDraft} errors={errors} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Save details
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
