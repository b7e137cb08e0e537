import { CompanyInsights, difficulties, Difficulty, duplicateTitleMessage } from '@app/contracts';
import { ListPlus } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useAddToProblemReview, useCatalogueEntry } from '../api';

/**
 * "Add to Problem Review": a problem the catalogue knows is added at once with its difficulty and
 * tags; for any other the candidate picks the difficulty, which reports do not carry.
 */
function AddToProblemReview({ title }: { title: string }) {
  const [open, setOpen] = React.useState(false);
  const [looking, setLooking] = React.useState(false);
  const add = useAddToProblemReview();
  const catalogueEntry = useCatalogueEntry();
  const addAs = (difficulty: Difficulty, tags?: string) =>
    add.mutate(
      { title, difficulty, tags },
      {
        onSuccess: () => (setOpen(false), toast({ title: 'Added to Problem Review', description: `${title} (${difficulty})` })),
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: err instanceof ApiError && err.status === 409 ? err.message || duplicateTitleMessage : 'Failed to add the problem',
          }),
      },
    );
  const start = async () => {
    setLooking(true);
    const entry = await catalogueEntry(title).catch(() => undefined);
    setLooking(false);
    if (entry) addAs(entry.difficulty, entry.tags.join(', '));
    else setOpen(true);
  };
  return (
    <Popover open={open} onOpenChange={(opening) => (opening ? void start() : setOpen(false))}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Add ${title} to Problem Review`} disabled={looking || add.isPending}>
          <ListPlus aria-hidden /> Add
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-56 space-y-2 p-3" aria-label={`Add ${title} to Problem Review`}>
        <p className="text-sm font-medium">How hard is it?</p>
        <div className="grid grid-cols-3 gap-1">
          {difficulties.map((d) => (
            <Button key={d} size="sm" variant="outline" disabled={add.isPending} onClick={() => addAs(d)}>
              {d}
            </Button>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  );
}

/** The problems candidates named most often in this company's rounds, each one click from Problem Review. */
export function TopQuestions({ insights }: { insights: CompanyInsights }) {
  return (
    <Card data-testid="top-questions">
      <CardHeader className="pb-2">
        <CardTitle className="text-lg">Most asked questions</CardTitle>
        <CardDescription>Problems candidates named in their rounds here, counted once per interview.</CardDescription>
      </CardHeader>
      <CardContent>
        {insights.top_questions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No problems named yet. Say what you were asked when you share your interview.</p>
        ) : (
          <ol className="divide-y" aria-label="Most asked questions">
            {insights.top_questions.map((q, i) => (
              <li key={q.title} className="flex items-center gap-3 py-2 text-sm">
                <span className="w-5 shrink-0 text-right tabular-nums text-muted-foreground">{i + 1}.</span>
                <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{q.title}</span>
                <span className="shrink-0 tabular-nums text-muted-foreground">
                  {q.count} {q.count === 1 ? 'report' : 'reports'}
                </span>
                <AddToProblemReview title={q.title} />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
