import { addListSummary, CatalogueListId } from '@app/contracts';
import { ListPlus } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useAddCatalogueList, useCatalogueLists } from '../api';

/** Tracks a whole curated list at once; problems already tracked are skipped and counted. */
export function AddListDialog() {
  const [open, setOpen] = React.useState(false);
  const [result, setResult] = React.useState<string>();
  const lists = useCatalogueLists();
  const add = useAddCatalogueList();

  const addList = async (id: CatalogueListId) => {
    setResult(undefined);
    try {
      const { data } = await add.mutateAsync(id);
      const summary = addListSummary(data);
      setResult(summary);
      toast({ title: 'List added', description: summary });
    } catch (err) {
      // The cap on problems (caps.questionsPerUser): the server's sentence says what holds.
      const capped = err instanceof ApiError && err.status === 409;
      toast({ variant: 'destructive', title: 'Error', description: capped ? err.message : 'Failed to add the list' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => (setOpen(o), setResult(undefined))}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <ListPlus aria-hidden /> Add list
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a list</DialogTitle>
          <DialogDescription>Track every problem of a well-known list. Problems you already track are skipped.</DialogDescription>
        </DialogHeader>
        {lists.isError ? <p className="text-sm text-destructive">Could not load the lists.</p> : null}
        <ul className="space-y-2" aria-label="Lists">
          {(lists.data ?? []).map((list) => (
            <li key={list.id} className="flex items-center justify-between gap-3 rounded-md border p-3">
              <div>
                <p className="font-medium">{list.name}</p>
                <p className="text-sm text-muted-foreground">{list.size} problems</p>
              </div>
              <Button size="sm" onClick={() => addList(list.id)} disabled={add.isPending} aria-label={`Add ${list.name}`}>
                Add
              </Button>
            </li>
          ))}
        </ul>
        <p role="status" className="min-h-5 text-sm font-medium">
          {add.isPending ? 'Adding…' : result}
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
