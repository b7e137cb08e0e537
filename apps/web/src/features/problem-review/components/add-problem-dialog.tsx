import { zodResolver } from '@hookform/resolvers/zod';
import { CatalogueProblem, CreateQuestion, CreateQuestionInput, createQuestionSchema, difficulties } from '@app/contracts';
import { Plus } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage, TextField } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useCreateQuestion } from '../api';
import { CatalogueSearch } from './catalogue-search';

const defaults: CreateQuestionInput = { title: '', difficulty: 'Easy', tags: '' };

export function AddProblemDialog() {
  const [open, setOpen] = React.useState(false);
  const create = useCreateQuestion();
  const form = useForm<CreateQuestionInput, unknown, CreateQuestion>({ resolver: zodResolver(createQuestionSchema), defaultValues: defaults });
  const { isSubmitting } = form.formState;

  /** A catalogue problem fills the form as it is known (title, difficulty, tags); Add Problem adds it as any other. */
  const fill = (problem: CatalogueProblem) => {
    form.reset({ title: problem.title, difficulty: problem.difficulty, tags: problem.tags.join(', ') });
    form.setFocus('title');
  };

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
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Add New Problem</DialogTitle>
          <DialogDescription>Track a problem to review it before you forget it: pick a well-known one, or fill in your own.</DialogDescription>
        </DialogHeader>
        <CatalogueSearch onPick={fill} />
        <Form {...form}>
          <form onSubmit={submit} noValidate className="space-y-4">
            <TextField control={form.control} name="title" id="problem-title" label="Title" placeholder="e.g. Two Sum" />
            <FormField
              control={form.control}
              name="difficulty"
              render={({ field }) => (
                <FormItem id="problem-difficulty">
                  <FormLabel>Difficulty</FormLabel>
                  <Select value={field.value as string} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger ref={field.ref}>
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {difficulties.map((d) => (
                        <SelectItem key={d} value={d}>
                          {d}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
            <TextField control={form.control} name="tags" id="problem-tags" label="Tags" placeholder="arrays, hash table" description="Comma-separated." />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                Add Problem
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
