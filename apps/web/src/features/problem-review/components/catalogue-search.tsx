import type { CatalogueProblem } from '@app/contracts';
import * as React from 'react';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSettled } from '@/lib/use-settled';
import { cn } from '@/lib/utils';
import { useCatalogueSearch, useQuestions } from '../api';
import { DifficultyDot } from '../difficulty';

/**
 * Search the catalogue as you type (title or number), an ARIA combobox: arrows move, Enter or a click
 * picks. Problems already tracked are shown so, and cannot be picked again.
 */
export function CatalogueSearch({ onPick }: { onPick: (problem: CatalogueProblem) => void }) {
  const [typed, setTyped] = React.useState('');
  const [active, setActive] = React.useState(0);
  const q = useSettled(typed, 150);
  const search = useCatalogueSearch(q);
  const questions = useQuestions();
  const tracked = React.useMemo(() => new Set((questions.data ?? []).map((t) => t.title.toLowerCase())), [questions.data]);
  const results = typed.trim() ? (search.data ?? []) : [];
  const open = typed.trim() !== '' && search.data !== undefined;
  const listId = React.useId();
  const optionId = (i: number) => `${listId}-${i}`;
  // The answer may shrink under the highlighted row while typing goes on.
  const current = Math.min(active, Math.max(results.length - 1, 0));

  const pick = (problem: CatalogueProblem) => {
    if (tracked.has(problem.title.toLowerCase())) return;
    onPick(problem);
    setTyped('');
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (!open || results.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((current + (e.key === 'ArrowDown' ? 1 : results.length - 1)) % results.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      pick(results[current]);
    } else if (e.key === 'Escape') {
      e.stopPropagation();
      setTyped('');
    }
  };

  return (
    <div className="min-w-0 space-y-2">
      <Label htmlFor={`${listId}-input`}>Find a well-known problem</Label>
      <Input
        id={`${listId}-input`}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && results.length > 0 ? optionId(current) : undefined}
        placeholder="Title or number, e.g. two sum or 146"
        autoComplete="off"
        maxLength={100}
        value={typed}
        onChange={(e) => (setTyped(e.target.value), setActive(0))}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <ul id={listId} role="listbox" aria-label="Catalogue problems" className="max-h-64 overflow-y-auto rounded-md border">
          {results.length === 0 ? (
            <li role="option" aria-selected={false} aria-disabled className="px-3 py-2 text-sm text-muted-foreground">
              No well-known problem matches. Fill in the form to add your own.
            </li>
          ) : (
            results.map((problem, i) => {
              const isTracked = tracked.has(problem.title.toLowerCase());
              return (
                <li
                  key={problem.number}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === current}
                  aria-disabled={isTracked || undefined}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(problem)}
                  onMouseEnter={() => setActive(i)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm',
                    i === current && 'bg-accent text-accent-foreground',
                    isTracked && 'cursor-default opacity-70',
                  )}
                >
                  <span className="w-10 shrink-0 text-right tabular-nums text-muted-foreground">{problem.number}.</span>
                  <DifficultyDot difficulty={problem.difficulty} />
                  <span className="min-w-0 flex-1 truncate">{problem.title}</span>
                  {isTracked ? <Badge variant="secondary">Tracked</Badge> : null}
                </li>
              );
            })
          )}
        </ul>
      ) : null}
    </div>
  );
}
