import { difficulties, QuestionListItem, relativeTime, rowsPerPageOptions } from '@app/contracts';
import { ArrowUpDown, ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, Search, Trash2 } from 'lucide-react';
import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { DifficultyDot } from '../difficulty';
import { matchesSearch } from '../helpers';

export type SortKey = 'title' | 'retention' | 'lastSolved' | 'difficulty';
const sortLabels: Record<SortKey, string> = { title: 'Title', retention: 'Retention', lastSolved: 'Last Solved', difficulty: 'Difficulty' };

const compare: Record<SortKey, (a: QuestionListItem, b: QuestionListItem) => number> = {
  title: (a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }),
  retention: (a, b) => (a.retention ?? -1) - (b.retention ?? -1),
  lastSolved: (a, b) => (a.last_solved_at ?? '').localeCompare(b.last_solved_at ?? ''),
  // Easy, Medium, Hard: the contract's own order.
  difficulty: (a, b) => difficulties.indexOf(a.difficulty) - difficulties.indexOf(b.difficulty),
};

const retentionTone = (r: number | null) =>
  r === null ? 'text-muted-foreground' : r >= 70 ? 'text-emerald-700 dark:text-emerald-400' : r >= 40 ? 'text-amber-700 dark:text-amber-400' : 'text-rose-700 dark:text-rose-400';

export function QuestionTable({ questions, onDelete, deleting }: { questions: QuestionListItem[]; onDelete(ids: string[]): Promise<string[]>; deleting: boolean }) {
  const navigate = useNavigate();
  const [search, setSearch] = React.useState('');
  const [sort, setSort] = React.useState<{ key: SortKey; desc: boolean } | null>(null);
  const [pageSize, setPageSize] = React.useState<number>(10);
  const [page, setPage] = React.useState(0);
  const [selected, setSelected] = React.useState<Set<string>>(new Set());

  const rows = React.useMemo(() => {
    const filtered = questions.filter((q) => matchesSearch(q.title, search));
    if (!sort) return filtered;
    const sorted = [...filtered].sort(compare[sort.key]);
    return sort.desc ? sorted.reverse() : sorted;
  }, [questions, search, sort]);
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pageCount - 1);
  const visible = rows.slice(current * pageSize, current * pageSize + pageSize);
  const allSelected = visible.length > 0 && visible.every((q) => selected.has(q.id));

  const toggleSort = (key: SortKey) => setSort((s) => (s?.key === key ? { key, desc: !s.desc } : { key, desc: false }));
  const toggleRow = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(visible.map((q) => q.id)));

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
        <Button variant="outline" size="sm" onClick={() => toggleSort('difficulty')} aria-pressed={sort?.key === 'difficulty'}>
          <ArrowUpDown aria-hidden /> Difficulty
        </Button>
        {selected.size > 0 ? (
          <Button
            variant="destructive"
            size="sm"
            disabled={deleting}
            onClick={async () => {
              setSelected(new Set(await onDelete([...selected])));
            }}
          >
            <Trash2 aria-hidden /> Delete {selected.size}
          </Button>
        ) : null}
      </div>
      <div className="overflow-hidden rounded-lg border">
        <table className="w-full text-sm">
          <thead className="bg-muted/60 text-muted-foreground">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <input type="checkbox" aria-label="Select all rows" checked={allSelected} onChange={toggleAll} className="size-4 accent-[var(--primary)]" />
              </th>
              {header('title')}
              {header('retention', 'hidden w-20 sm:table-cell')}
              {header('lastSolved', 'hidden w-36 sm:table-cell')}
            </tr>
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-3 py-10 text-center text-muted-foreground">
                  {questions.length === 0 ? 'No problems yet. Add the last one you solved.' : 'No problems match your search.'}
                </td>
              </tr>
            ) : (
              visible.map((q) => (
                <tr
                  key={q.id}
                  className="cursor-pointer border-t hover:bg-muted/40"
                  onClick={() => navigate(`/leetcode/review/${q.id}`)}
                  data-testid="question-row"
                  data-state={selected.has(q.id) ? 'selected' : undefined}
                >
                  <td className="px-3 py-2" onClick={(e) => e.stopPropagation()}>
                    <input type="checkbox" aria-label={`Select ${q.title}`} checked={selected.has(q.id)} onChange={() => toggleRow(q.id)} className="size-4 accent-[var(--primary)]" />
                  </td>
                  <td className="px-3 py-2">
                    <a
                      href={`/leetcode/review/${q.id}`}
                      onClick={(e) => {
                        e.preventDefault();
                        navigate(`/leetcode/review/${q.id}`);
                      }}
                      className="flex items-center gap-2 font-medium hover:underline"
                    >
                      <DifficultyDot difficulty={q.difficulty} />
                      <span data-testid="question-title">{q.title}</span>
                    </a>
                    {q.tags ? <span className="mt-0.5 block truncate text-xs text-muted-foreground">{q.tags.split(',').join(' · ')}</span> : null}
                  </td>
                  <td className={cn('hidden px-3 py-2 font-semibold tabular-nums sm:table-cell', retentionTone(q.retention))}>{q.retention === null ? '—' : `${q.retention}%`}</td>
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
        <div className="flex items-center gap-2">
          <span className="hidden sm:inline">Rows per page</span>
          <Select
            value={String(pageSize)}
            onValueChange={(v) => {
              setPageSize(Number(v));
              setPage(0);
            }}
          >
            <SelectTrigger className="h-8 w-20" aria-label="Rows per page">
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
  );
}
