import { zodResolver } from '@hookform/resolvers/zod';
import { CreateResource, createResourceSchema } from '@app/contracts';
import { Plus } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { ListedLink } from '../moderation/listed-link';
import { useCreateResource } from './api';

const defaults: CreateResource = { title: '', description: '', url: 'https://', author: '' };
const fields = [
  { name: 'title', label: 'Title', placeholder: 'e.g. Tech Interview Handbook' },
  { name: 'author', label: 'By', placeholder: 'Who made it: a site, a person' },
  { name: 'url', label: 'Link', placeholder: 'https://' },
] as const;

/** The add button: files the resource for review and says so with the spec's toast. */
export function SubmitResourceDialog() {
  const [open, setOpen] = React.useState(false);
  const [listedAt, setListedAt] = React.useState<string>();
  const create = useCreateResource();
  const form = useForm<CreateResource>({ resolver: zodResolver(createResourceSchema), defaultValues: defaults });
  const reset = () => (form.reset(defaults), setListedAt(undefined));

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast({ title: 'Resource Submitted', description: 'Your resource has been submitted for review' });
      reset();
      setOpen(false);
    } catch (err) {
      // A link already shared: where it is, under the field; the dialog stays open.
      if (err instanceof ApiError && err.status === 409) {
        setListedAt(err.fields.listed);
        return form.setError('url', { message: err.fields.url ?? err.message }, { shouldFocus: true });
      }
      toast({ variant: 'destructive', title: 'Error', description: err instanceof ApiError ? err.message : 'Failed to submit the resource.' });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(o) => (setOpen(o), o || reset())}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden /> Add Resource
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Share a Resource</DialogTitle>
          <DialogDescription>Share something that helped you prepare. A moderator reviews it before others see it.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="space-y-4">
            {fields.map(({ name, label, placeholder }) => (
              <TextField key={name} control={form.control} name={name} label={label} placeholder={placeholder} type={name === 'url' ? 'url' : 'text'}>
                {name === 'url' ? <ListedLink to={listedAt} onFollow={() => setOpen(false)} /> : null}
              </TextField>
            ))}
            <TextField control={form.control} name="description" label="Description" multiline placeholder="What it is and why it helps" />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={form.formState.isSubmitting}>
                Submit Resource
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
