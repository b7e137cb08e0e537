import { zodResolver } from '@hookform/resolvers/zod';
import { CreateOpportunity, CreateOpportunityInput, createOpportunitySchema, opportunityDefaults, selectiveBadge } from '@app/contracts';
import { Plus } from 'lucide-react';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useCreateOpportunity } from '../api';

const defaults: CreateOpportunityInput = { ...opportunityDefaults, compensation: '' };

/** 'Submit New Opportunity' (spec section 2 and 5): pending until a moderator approves it. */
export function SubmitOpportunityDialog() {
  const [open, setOpen] = React.useState(false);
  const create = useCreateOpportunity();
  const form = useForm<CreateOpportunityInput, unknown, CreateOpportunity>({ resolver: zodResolver(createOpportunitySchema), defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast({ title: 'Thanks for sharing!', description: 'Every new addition can help someone find their path.' });
      form.reset(defaults);
      setOpen(false);
    } catch (err) {
      // A link already shared: said under the field, the dialog stays open.
      if (err instanceof ApiError && err.status === 409) return form.setError('link', { message: err.fields.link ?? err.message }, { shouldFocus: true });
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to add new entry.' });
    }
  });

  const field = (name: 'title' | 'description' | 'link' | 'compensation') => ({
    id: `opportunity-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `opportunity-${name}-error` : undefined,
  });

  return (
    <Dialog open={open} onOpenChange={(o) => (setOpen(o), o || form.reset(defaults))}>
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
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor="opportunity-title">Title</Label>
            <Input placeholder="e.g. Software Engineering Intern, Summer 2026" {...field('title')} {...form.register('title')} />
            <FieldError id="opportunity-title-error" message={errors.title?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="opportunity-description">Description</Label>
            <Textarea placeholder="Brief description of the opportunity" {...field('description')} {...form.register('description')} />
            <FieldError id="opportunity-description-error" message={errors.description?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="opportunity-link">Application Link</Label>
            <Input type="url" inputMode="url" {...field('link')} {...form.register('link')} />
            <FieldError id="opportunity-link-error" message={errors.link?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="opportunity-compensation">Compensation (optional)</Label>
            <Input type="number" min={0} step={1} placeholder="Amount in USD" {...field('compensation')} {...form.register('compensation')} />
            <FieldError id="opportunity-compensation-error" message={errors.compensation?.message} />
          </div>
          <Controller
            control={form.control}
            name="badge"
            render={({ field: badge }) => (
              <div className="flex items-center gap-2">
                <Checkbox
                  id="opportunity-selective"
                  checked={badge.value === selectiveBadge}
                  onCheckedChange={(checked) => badge.onChange(checked === true ? selectiveBadge : null)}
                />
                <Label htmlFor="opportunity-selective">This is a selective program</Label>
              </div>
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              Submit Opportunity
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
