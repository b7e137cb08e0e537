import { zodResolver } from '@hookform/resolvers/zod';
import { CreateQuestion, CreateQuestionInput, createQuestionSchema, difficulties } from '@app/contracts';
import { Plus } from 'lucide-react';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useCreateQuestion } from '../api';

const defaults: CreateQuestionInput = { title: '', difficulty: 'Easy', tags: '' };

export function AddProblemDialog() {
  const [open, setOpen] = React.useState(false);
  const create = useCreateQuestion();
  const form = useForm<CreateQuestionInput, unknown, CreateQuestion>({ resolver: zodResolver(createQuestionSchema), defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast({ title: 'Question Created' });
      form.reset(defaults);
      setOpen(false);
    } catch (err) {
      // A title already tracked: said under the field (the server's message), the dialog stays.
      if (err instanceof ApiError && err.status === 409 && err.fields.title)
        return form.setError('title', { message: err.fields.title }, { shouldFocus: true });
      // The cap on problems (caps.questionsPerUser): the server's sentence says what holds.
      const capped = err instanceof ApiError && err.status === 409;
      toast({ variant: 'destructive', title: 'Error', description: capped ? err.message : 'Failed to create question' });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(o) => (setOpen(o), o || form.reset(defaults))}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden /> Add New Problem
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add New Problem</DialogTitle>
          <DialogDescription>Track a problem to review it before you forget it.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor="problem-title">Title</Label>
            <Input id="problem-title" placeholder="e.g. Two Sum" aria-invalid={!!errors.title} {...form.register('title')} />
            <FieldError id="problem-title-error" message={errors.title?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="problem-difficulty">Difficulty</Label>
            <Controller
              control={form.control}
              name="difficulty"
              render={({ field }) => (
                <Select value={field.value as string} onValueChange={field.onChange}>
                  <SelectTrigger id="problem-difficulty" aria-invalid={!!errors.difficulty}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {difficulties.map((d) => (
                      <SelectItem key={d} value={d}>
                        {d}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <FieldError id="problem-difficulty-error" message={errors.difficulty?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="problem-tags">Tags</Label>
            <Input id="problem-tags" placeholder="arrays, hash table" {...form.register('tags')} />
            <p className="text-xs text-muted-foreground">Comma-separated.</p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              Add Problem
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
