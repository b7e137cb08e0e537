import { zodResolver } from '@hookform/resolvers/zod';
import { CreateOpportunity, CreateOpportunityInput, createOpportunitySchema, opportunityDefaults, selectiveBadge } from '@app/contracts';
import { Plus } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { ListedLink } from '../moderation/listed-link';
import { useCreateOpportunity } from './api';
import { emptyFieldsDraft, FieldsInputs, parseFields } from './fields-inputs';

const defaults: CreateOpportunityInput = { ...opportunityDefaults, compensation: '' };

/**
 * 'Submit New Opportunity' (spec section 2 and 5): pending until a moderator approves it. The
 * details candidates filter by (company, where, when, kind, deadline, sponsorship) can be stated
 * here already; what is left unknown can be added later.
 */
export function SubmitOpportunityDialog() {
  const [open, setOpen] = React.useState(false);
  // Where a link shared again is listed already (the 409's fields.listed).
  const [listedAt, setListedAt] = React.useState<string>();
  const create = useCreateOpportunity();
  const form = useForm<CreateOpportunityInput, unknown, CreateOpportunity>({ resolver: zodResolver(createOpportunitySchema), defaultValues: defaults });
  const [details, setDetails] = React.useState(emptyFieldsDraft);
  const [detailErrors, setDetailErrors] = React.useState<Record<string, string>>({});
  const { isSubmitting } = form.formState;
  const reset = () => {
    form.reset(defaults);
    setDetails(emptyFieldsDraft);
    setDetailErrors({});
    setListedAt(undefined);
  };

  const submit = form.handleSubmit(async (values) => {
    const { fields, errors } = parseFields(details);
    setDetailErrors(errors ?? {});
    if (errors) return;
    try {
      await create.mutateAsync({ ...values, ...fields });
      toast({ title: 'Thanks for sharing!', description: 'Every new addition can help someone find their path.' });
      reset();
      setOpen(false);
    } catch (err) {
      // A link already shared: said under the field, the dialog stays open.
      if (err instanceof ApiError && err.status === 409) {
        setListedAt(err.fields.listed);
        return form.setError('link', { message: err.fields.link ?? err.message }, { shouldFocus: true });
      }
      // A detail the server refused: said under it, nothing typed is lost.
      if (err instanceof ApiError && err.status === 400 && Object.keys(err.fields).some((key) => key in emptyFieldsDraft)) return setDetailErrors(err.fields);
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to add new entry.' });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(o) => (setOpen(o), o || reset())}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden /> <span className="sr-only sm:not-sr-only">Add Opportunity</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Submit New Opportunity</DialogTitle>
          <DialogDescription>Share an opportunity with other students. All submissions will be reviewed.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="space-y-4">
            <TextField
              control={form.control}
              name="title"
              id="opportunity-title"
              label="Title"
              placeholder={`e.g. Software Engineering Intern, Summer ${new Date().getFullYear() + 1}`}
            />
            <TextField
              control={form.control}
              name="description"
              id="opportunity-description"
              label="Description"
              multiline
              placeholder="Brief description of the opportunity"
            />
            <TextField control={form.control} name="link" id="opportunity-link" label="Application Link" type="url" inputMode="url">
              <ListedLink to={listedAt} onFollow={() => setOpen(false)} />
            </TextField>
            <TextField
              control={form.control}
              name="compensation"
              id="opportunity-compensation"
              label="Compensation (optional)"
              type="number"
              min={0}
              step={1}
              placeholder="Amount in USD"
            />
            <FormField
              control={form.control}
              name="badge"
              render={({ field }) => (
                <FormItem id="opportunity-selective" className="flex items-center gap-2 space-y-0">
                  <FormControl>
                    <Checkbox
                      ref={field.ref}
                      checked={field.value === selectiveBadge}
                      onCheckedChange={(checked) => field.onChange(checked === true ? selectiveBadge : null)}
                    />
                  </FormControl>
                  <FormLabel>This is a selective program</FormLabel>
                </FormItem>
              )}
            />
            <fieldset className="space-y-4 border-t pt-4">
              <legend className="float-left mb-2 w-full text-sm font-medium">
                Details <span className="font-normal text-muted-foreground">(optional: what candidates filter by)</span>
              </legend>
              <FieldsInputs idPrefix="new-opportunity" draft={details} onChange={setDetails} errors={detailErrors} />
            </fieldset>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                Submit Opportunity
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
