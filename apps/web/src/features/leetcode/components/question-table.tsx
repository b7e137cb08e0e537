import { difficulties, endOfDay, QuestionListItem, relativeTime, rowsPerPageOptions } from '@app/contracts';
import { ArrowUpDown, CalendarClock, ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, Search, Trash2, X } from 'lucide-react';
import * as React from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { DifficultyDot } from '../difficulty';
import { dueLabel, hasAnyTag, matchesSearch, parseTagFilter } from '../helpers';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

export type SortKey = 'title' | 'retention' | 'due' | 'lastSolved' | 'difficulty';
const sortLabels: Record<SortKey, string> = { title: 'Title', retention: 'Retention', due: 'Due', lastSolved: 'Last Solved', difficulty: 'Difficulty' };

const compare: Record<SortKey, (a: QuestionListItem, b: QuestionListItem) => number> = {
  title: (a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }),
  retention: (a, b) => (a.retention ?? -1) - (b.retention ?? -1),
  // ISO instants in UTC: text order is time order.
  due: (a, b) => a.due_at.localeCompare(b.due_at),
  lastSolved: (a, b) => (a.last_solved_at ?? '').localeCompare(b.last_solved_at ?? ''),
  // Easy, Medium, Hard: the contract's own order.
  difficulty: (a, b) => difficulties.indexOf(a.difficulty) - difficulties.indexOf(b.difficulty),
};

const retentionTone = (r: number | null) =>
  r === null ? 'text-muted-foreground' : r >= 70 ? 'text-emerald-700 dark:text-emerald-400' : r >= 40 ? 'text-amber-700 dark:text-amber-400' : 'text-rose-700 dark:text-rose-400';

const problems = (n: number) => `${n} problem${n === 1 ? '' : 's'}`;

export function QuestionTable({ questions, onDelete, deleting }: { questions: QuestionListItem[]; onDelete(ids: string[]): Promise<string[]>; deleting: boolean }) {
  const [params, setParams] = useSearchParams();
  const tagFilter = parseTagFilter(params.get('tags'));
  const [search, setSearch] = React.useState('');
  const [sort, setSort] = React.useState<{ key: SortKey; desc: boolean } | null>(null);
  const [pageSize, setPageSize] = React.useState<number>(10);
  const [page, setPage] = React.useState(0);
  const [selected, setSelected] = React.useState<Set<string>>(new Set());
  const [confirming, setConfirming] = React.useState(false);
  const [dueOnly, setDueOnly] = React.useState(false);
  const dueBy = endOfDay(new Date()).getTime();

  const filtered = questions.filter((q) => matchesSearch(q.title, search) && hasAnyTag(q.tags, tagFilter) && (!dueOnly || Date.parse(q.due_at) <= dueBy));
  const sorted = sort ? [...filtered].sort(compare[sort.key]) : filtered;
  const rows = sort?.desc ? sorted.reverse() : sorted;
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pageCount - 1);
  const visible = rows.slice(current * pageSize, current * pageSize + pageSize);
  const pageSelected = visible.length > 0 && visible.every((q) => selected.has(q.id));
  const everySelected = rows.length > 0 && rows.every((q) => selected.has(q.id));

  const toggleSort = (key: SortKey) => setSort((s) => (s?.key === key ? { key, desc: !s.desc } : { key, desc: false }));
  const toggleRow = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const togglePage = () => setSelected(pageSelected ? new Set() : new Set(visible.map((q) => q.id)));
  const clearTags = () =>
    setParams((p) => {
      p.delete('tags');
      return p;
    });

  const header = (key: SortKey, className?: string) => (
    <th scope="col" className={cn('px-3 py-2 text-left font-medium', className)} aria-sort={sort?.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
      <button type="button" onClick={() => toggleSort(key)} className="inline-flex items-center gap-1 hover:text-foreground">
        {key === 'retention' ? 'Ret.' : sortLabels[key]} <ArrowUpDown className="size-3" aria-hidden />
      </button>
    </th>
  );

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-48 flex-1">
          <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden />
          <Input
            aria-label="Search titles (comma-separated)"
            placeholder="Search titles, e.g. two sum, tree"
            className="pl-8"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
          />
        </div>
        <Button
          variant={dueOnly ? 'secondary' : 'outline'}
          size="sm"
          aria-pressed={dueOnly}
          onClick={() => {
            setDueOnly(!dueOnly);
            setPage(0);
          }}
        >
          <CalendarClock aria-hidden /> Due today only
        </Button>
        <Button variant="outline" size="sm" onClick={() => toggleSort('difficulty')} aria-pressed={sort?.key === 'difficulty'}>
          <ArrowUpDown aria-hidden /> Difficulty
        </Button>
        {selected.size > 0 ? (
          <Button variant="destructive" size="sm" disabled={deleting} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden /> Delete {selected.size}
          </Button>
        ) : null}
      </div>
      {tagFilter.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="tag-filter">
          <span className="text-muted-foreground">Showing problems tagged</span>
          <span className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pl-3 pr-1 font-medium [overflow-wrap:anywhere]">
            {tagFilter.join(', ')}
            <button type="button" onClick={clearTags} aria-label="Clear tag filter" className="rounded-full p-1 hover:bg-background">
              <X className="size-3.5" aria-hidden />
            </button>
          </span>
        </div>
      ) : null}
      {pageSelected && rows.length > visible.length ? (
        <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-muted px-3 py-2 text-sm" data-testid="select-all-banner">
          {everySelected ? (
            <>
              <span>All {problems(rows.length)} are selected.</span>
              <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
            </>
          ) : (
            <>
              <span>All {problems(visible.length)} on this page are selected.</span>
              <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setSelected(new Set(rows.map((q) => q.id)))}>
                Select all {problems(rows.length)}
              </Button>
            </>
          )}
        </div>
      ) : null}
      <div className="overflow-hidden rounded-lg border">
        <table className="w-full text-sm">
          <thead className="bg-muted/60 text-muted-foreground">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <input type="checkbox" aria-label="Select all rows on this page" checked={pageSelected} onChange={togglePage} className="size-4 accent-[var(--primary)]" />
              </th>
              {header('title')}
              {header('retention', 'w-16 sm:w-20')}
              {header('due', 'w-28 sm:w-36')}
              {header('lastSolved', 'hidden w-36 sm:table-cell')}
            </tr>
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-10 text-center text-muted-foreground">
                  {questions.length === 0 ? 'No problems yet. Add the last one you solved.' : dueOnly ? 'Nothing else is due today.' : 'No problems match your search.'}
                </td>
              </tr>
            ) : (
              visible.map((q) => (
                // The title link stretches over the whole row: a click anywhere opens the review.
                <tr key={q.id} className="relative border-t hover:bg-muted/40" data-testid="question-row" data-state={selected.has(q.id) ? 'selected' : undefined}>
                  <td className="relative z-10 px-3 py-2">
                    <input type="checkbox" aria-label={`Select ${q.title}`} checked={selected.has(q.id)} onChange={() => toggleRow(q.id)} className="size-4 accent-[var(--primary)]" />
                  </td>
                  <td className="px-3 py-2 [overflow-wrap:anywhere]">
                    <Link to={`/leetcode/review/${q.id}`} className="flex items-center gap-2 font-medium after:absolute after:inset-0 after:content-[''] hover:underline">
                      <DifficultyDot difficulty={q.difficulty} />
                      <span data-testid="question-title">{q.title}</span>
                    </Link>
                    {q.tags ? <span className="mt-0.5 block text-xs text-muted-foreground">{q.tags.split(',').join(' · ')}</span> : null}
                  </td>
                  <td className={cn('px-3 py-2 font-semibold tabular-nums', retentionTone(q.retention))}>{q.retention === null ? '—' : `${q.retention}%`}</td>
                  <td className={cn('px-3 py-2', Date.parse(q.due_at) <= dueBy ? 'font-medium text-foreground' : 'text-muted-foreground')} data-testid="question-due">
                    <time dateTime={q.due_at} title={new Date(q.due_at).toLocaleString()}>
                      {dueLabel(q.due_at)}
                    </time>
                  </td>
                  <td className="hidden px-3 py-2 text-muted-foreground sm:table-cell">{q.last_solved_at ? relativeTime(q.last_solved_at) : 'Never'}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <span className="text-muted-foreground">
          {selected.size} of {rows.length} row(s) selected
        </span>
        <div className="flex flex-wrap items-center gap-2">
          <span id="rows-per-page-label">Rows per page</span>
          <Select
            value={String(pageSize)}
            onValueChange={(v) => {
              setPageSize(Number(v));
              setPage(0);
            }}
          >
            <SelectTrigger className="h-8 w-20" aria-labelledby="rows-per-page-label">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {rowsPerPageOptions.map((n) => (
                <SelectItem key={n} value={String(n)}>
                  {n}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <span className="px-2 tabular-nums" data-testid="page-indicator">
            Page {current + 1} of {pageCount}
          </span>
          <div className="flex items-center gap-2">
            <Button variant="outline" size="icon" className="size-8" aria-label="First page" disabled={current === 0} onClick={() => setPage(0)}>
              <ChevronsLeft aria-hidden />
            </Button>
            <Button variant="outline" size="icon" className="size-8" aria-label="Previous page" disabled={current === 0} onClick={() => setPage(current - 1)}>
              <ChevronLeft aria-hidden />
            </Button>
            <Button variant="outline" size="icon" className="size-8" aria-label="Next page" disabled={current >= pageCount - 1} onClick={() => setPage(current + 1)}>
              <ChevronRight aria-hidden />
            </Button>
            <Button variant="outline" size="icon" className="size-8" aria-label="Last page" disabled={current >= pageCount - 1} onClick={() => setPage(pageCount - 1)}>
              <ChevronsRight aria-hidden />
            </Button>
          </div>
        </div>
      </div>
      <ConfirmDeleteDialog
        open={confirming}
        count={selected.size}
        deleting={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          setSelected(new Set(await onDelete([...selected])));
        }}
      />
    </div>
  );
}
