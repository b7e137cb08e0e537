import { difficulties, endOfDay, instantIn, QuestionListItem, relativeTime, rowsPerPageOptions } from '@app/contracts';
import {
  Column,
  ColumnDef,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  OnChangeFn,
  PaginationState,
  Row,
  RowData,
  RowSelectionState,
  SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { ArrowUpDown, CalendarClock, ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, Search, Trash2, X } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useTimeZone } from '@/lib/time-zone';
import { useAddressParams } from '@/lib/use-address-params';
import { cn } from '@/lib/utils';
import { DifficultyDot } from '../difficulty';
import { dueLabel, hasAnyTag, matchesSearch, parseTagFilter } from '../helpers';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

type SortKey = 'title' | 'retention' | 'due' | 'lastSolved' | 'difficulty';

/** Column ids double as sort keys; text order of ISO instants is time order. */
const sortingFns: Record<SortKey, (a: QuestionListItem, b: QuestionListItem) => number> = {
  title: (a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }),
  retention: (a, b) => (a.retention ?? -1) - (b.retention ?? -1),
  due: (a, b) => a.due_at.localeCompare(b.due_at),
  lastSolved: (a, b) => (a.last_solved_at ?? '').localeCompare(b.last_solved_at ?? ''),
  // Easy, Medium, Hard: the contract's own order.
  difficulty: (a, b) => difficulties.indexOf(a.difficulty) - difficulties.indexOf(b.difficulty),
};

declare module '@tanstack/react-table' {
  // Each column's cell classes (padding, hiding on small screens), read when rendering.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    className?: string;
  }
}

const retentionTone = (r: number | null) =>
  r === null
    ? 'text-muted-foreground'
    : r >= 70
      ? 'text-emerald-700 dark:text-emerald-400'
      : r >= 40
        ? 'text-amber-700 dark:text-amber-400'
        : 'text-rose-700 dark:text-rose-400';

const problems = (n: number) => `${n} problem${n === 1 ? '' : 's'}`;

function SortHeader({ column, label }: { column: Column<QuestionListItem>; label: string }) {
  return (
    <button type="button" onClick={() => column.toggleSorting(column.getIsSorted() === 'asc')} className="inline-flex items-center gap-1 hover:text-foreground">
      {label} <ArrowUpDown className="size-3" aria-hidden />
    </button>
  );
}

const isSortKey = (id: string | null): id is SortKey => id !== null && Object.hasOwn(sortingFns, id);

/** The table's order from ?sort=<column>&order=asc|desc; anything else is the list's own order. */
function sortingFrom(id: string | null, order: string | null): SortingState {
  return isSortKey(id) ? [{ id, desc: order === 'desc' }] : [];
}

const sortBy = (id: SortKey) => (a: Row<QuestionListItem>, b: Row<QuestionListItem>) => sortingFns[id](a.original, b.original);

/** When a question is due, in the candidate's days (their time zone), bold when due today. */
function DueDate({ dueAt }: { dueAt: string }) {
  const timeZone = useTimeZone().data?.time_zone ?? undefined;
  return (
    <time
      dateTime={dueAt}
      title={instantIn(new Date(dueAt), timeZone)}
      data-testid="question-due"
      className={Date.parse(dueAt) <= endOfDay(new Date(), timeZone).getTime() ? 'font-medium text-foreground' : 'text-muted-foreground'}
    >
      {dueLabel(dueAt, new Date(), timeZone)}
    </time>
  );
}

/** The shadcn data-table pattern: columns declared once, TanStack Table sorts, pages and selects. */
const columns: ColumnDef<QuestionListItem>[] = [
  {
    id: 'select',
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label="Select all rows on this page"
        checked={table.getIsAllPageRowsSelected()}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
        className="size-4 accent-[var(--primary)]"
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Select ${row.original.title}`}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
        className="size-4 accent-[var(--primary)]"
      />
    ),
    enableSorting: false,
    // Above the row's stretched link, so a click on the box selects instead of opening.
    meta: { className: 'relative z-10 w-10' },
  },
  {
    id: 'title',
    accessorKey: 'title',
    header: ({ column }) => <SortHeader column={column} label="Title" />,
    sortingFn: sortBy('title'),
    cell: ({ row: { original: q } }) => (
      <>
        <Link to={`/leetcode/review/${q.id}`} className="flex items-center gap-2 font-medium after:absolute after:inset-0 after:content-[''] hover:underline">
          <DifficultyDot difficulty={q.difficulty} />
          <span data-testid="question-title">{q.title}</span>
        </Link>
        {q.tags ? <span className="mt-0.5 block text-xs text-muted-foreground">{q.tags.split(',').join(' · ')}</span> : null}
      </>
    ),
    meta: { className: '[overflow-wrap:anywhere]' },
  },
  {
    id: 'retention',
    accessorKey: 'retention',
    header: ({ column }) => <SortHeader column={column} label="Ret." />,
    sortingFn: sortBy('retention'),
    cell: ({ row: { original: q } }) => (
      <span className={cn('font-semibold tabular-nums', retentionTone(q.retention))}>{q.retention === null ? '—' : `${q.retention}%`}</span>
    ),
    meta: { className: 'w-16 sm:w-20' },
  },
  {
    id: 'due',
    accessorKey: 'due_at',
    header: ({ column }) => <SortHeader column={column} label="Due" />,
    sortingFn: sortBy('due'),
    cell: ({ row: { original: q } }) => <DueDate dueAt={q.due_at} />,
    meta: { className: 'w-28 sm:w-36' },
  },
  {
    id: 'lastSolved',
    accessorKey: 'last_solved_at',
    header: ({ column }) => <SortHeader column={column} label="Last Solved" />,
    sortingFn: sortBy('lastSolved'),
    cell: ({ row: { original: q } }) => <span className="text-muted-foreground">{q.last_solved_at ? relativeTime(q.last_solved_at) : 'Never'}</span>,
    meta: { className: 'hidden w-36 sm:table-cell' },
  },
  // Sorted by (the Difficulty button), never shown: the title's dot says it.
  { id: 'difficulty', accessorKey: 'difficulty', sortingFn: sortBy('difficulty') },
];

export function QuestionTable({
  questions,
  onDelete,
  deleting,
}: {
  questions: QuestionListItem[];
  onDelete(ids: string[]): Promise<string[]>;
  deleting: boolean;
}) {
  const [params, updateParams] = useAddressParams();
  const tagFilter = parseTagFilter(params.get('tags'));
  // Search and sort live in the URL (?q=tree&sort=retention&order=desc): a reload, a shared link
  // and "back" from a review all come back to the same view.
  const search = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const orderParam = params.get('order');
  const sorting = React.useMemo(() => sortingFrom(sortParam, orderParam), [sortParam, orderParam]);
  const setSearch = (text: string) => updateParams((next) => (text ? next.set('q', text) : next.delete('q')));
  const setSorting: OnChangeFn<SortingState> = (change) => {
    const [first] = typeof change === 'function' ? change(sorting) : change;
    updateParams((next) => {
      if (first) {
        next.set('sort', first.id);
        next.set('order', first.desc ? 'desc' : 'asc');
      } else {
        next.delete('sort');
        next.delete('order');
      }
    });
  };
  const [pagination, setPagination] = React.useState<PaginationState>({ pageIndex: 0, pageSize: 10 });
  const [rowSelection, setRowSelection] = React.useState<RowSelectionState>({});
  const [confirming, setConfirming] = React.useState(false);
  const [dueOnly, setDueOnly] = React.useState(false);
  const timeZone = useTimeZone().data?.time_zone ?? undefined;
  const dueBy = endOfDay(new Date(), timeZone).getTime();

  const rows = questions.filter((q) => matchesSearch(q, search) && hasAnyTag(q.tags, tagFilter) && (!dueOnly || Date.parse(q.due_at) <= dueBy));
  const pageCount = Math.max(1, Math.ceil(rows.length / pagination.pageSize));
  // After deletions the page may be past the end: show the last one.
  const current = Math.min(pagination.pageIndex, pageCount - 1);
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (q) => q.id,
    state: { sorting, pagination: { ...pagination, pageIndex: current }, rowSelection, columnVisibility: { difficulty: false } },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    onRowSelectionChange: setRowSelection,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: false,
  });
  const visible = table.getRowModel().rows;
  const selected = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const pageSelected = table.getIsAllPageRowsSelected();
  const everySelected = table.getIsAllRowsSelected();
  const toFirstPage = () => setPagination((p) => ({ ...p, pageIndex: 0 }));
  const difficultySorted = sorting[0]?.id === 'difficulty';

  const clearTags = () => updateParams((next) => next.delete('tags'));
  // The topics the candidate's problems carry: the filter control writes them to ?tags=, as links from other pages do.
  const topics = React.useMemo(
    () => [...new Set(questions.flatMap((q) => parseTagFilter(q.tags)))].sort((a, b) => a.localeCompare(b)).map((t) => ({ value: t, label: t })),
    [questions],
  );
  const setTags = (tags: string[]) => {
    updateParams((next) => (tags.length > 0 ? next.set('tags', tags.join(',')) : next.delete('tags')));
    toFirstPage();
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-48 flex-1">
          <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden />
          <Input
            aria-label="Search titles and tags (comma-separated)"
            placeholder="Search titles and tags, e.g. two sum, graph"
            className="pl-8"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              toFirstPage();
            }}
          />
        </div>
        <Button
          variant={dueOnly ? 'secondary' : 'outline'}
          size="sm"
          aria-pressed={dueOnly}
          onClick={() => {
            setDueOnly(!dueOnly);
            toFirstPage();
          }}
        >
          <CalendarClock aria-hidden /> Due today only
        </Button>
        <Combobox
          multiple
          label="Topics"
          aria-label="Filter by topic"
          value={tagFilter}
          onValueChange={setTags}
          options={topics}
          placeholder="All topics"
          searchPlaceholder="Search topics..."
          searchLabel="Search topics"
          emptyText="No topic found."
          renderValue={(chosen) => `${chosen.length} topic${chosen.length === 1 ? '' : 's'}`}
          size="sm"
          className="h-8 w-auto"
        />
        <Button
          variant="outline"
          size="sm"
          onClick={() => table.getColumn('difficulty')?.toggleSorting(difficultySorted && !sorting[0].desc)}
          aria-pressed={difficultySorted}
        >
          <ArrowUpDown aria-hidden /> Difficulty
        </Button>
        {selected.length > 0 ? (
          <Button variant="destructive" size="sm" disabled={deleting} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden /> Delete {selected.length}
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
              <Button variant="link" size="sm" className="h-auto p-0" onClick={() => table.resetRowSelection()}>
                Clear selection
              </Button>
            </>
          ) : (
            <>
              <span>All {problems(visible.length)} on this page are selected.</span>
              <Button variant="link" size="sm" className="h-auto p-0" onClick={() => table.toggleAllRowsSelected(true)}>
                Select all {problems(rows.length)}
              </Button>
            </>
          )}
        </div>
      ) : null}
      <div className="overflow-hidden rounded-lg border">
        <table className="w-full text-sm">
          <thead className="bg-muted/60 text-muted-foreground">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      className={cn('px-3 py-2 text-left font-medium', h.column.columnDef.meta?.className)}
                      aria-sort={h.column.getCanSort() ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                    >
                      {flexRender(h.column.columnDef.header, h.getContext())}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={table.getVisibleLeafColumns().length} className="px-3 py-10 text-center text-muted-foreground">
                  {questions.length === 0
                    ? 'No problems yet. Add the last one you solved.'
                    : dueOnly
                      ? 'Nothing else is due today.'
                      : 'No problems match your search.'}
                </td>
              </tr>
            ) : (
              visible.map((row) => (
                // The title link stretches over the whole row: a click anywhere opens the review.
                <tr
                  key={row.id}
                  className="relative border-t hover:bg-muted/40"
                  data-testid="question-row"
                  data-state={row.getIsSelected() ? 'selected' : undefined}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={cn('px-3 py-2', cell.column.columnDef.meta?.className)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <span className="text-muted-foreground">
          {selected.length} of {rows.length} row(s) selected
        </span>
        <div className="flex flex-wrap items-center gap-2">
          <span id="rows-per-page-label">Rows per page</span>
          <Select value={String(pagination.pageSize)} onValueChange={(v) => setPagination({ pageIndex: 0, pageSize: Number(v) })}>
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
            <Button
              variant="outline"
              size="icon"
              className="size-8"
              aria-label="First page"
              disabled={!table.getCanPreviousPage()}
              onClick={() => table.firstPage()}
            >
              <ChevronsLeft aria-hidden />
            </Button>
            <Button
              variant="outline"
              size="icon"
              className="size-8"
              aria-label="Previous page"
              disabled={!table.getCanPreviousPage()}
              onClick={() => table.previousPage()}
            >
              <ChevronLeft aria-hidden />
            </Button>
            <Button variant="outline" size="icon" className="size-8" aria-label="Next page" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
              <ChevronRight aria-hidden />
            </Button>
            <Button variant="outline" size="icon" className="size-8" aria-label="Last page" disabled={!table.getCanNextPage()} onClick={() => table.lastPage()}>
              <ChevronsRight aria-hidden />
            </Button>
          </div>
        </div>
      </div>
      <ConfirmDeleteDialog
        open={confirming}
        count={selected.length}
        deleting={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          const failed = await onDelete(selected);
          setRowSelection(Object.fromEntries(failed.map((id) => [id, true])));
        }}
      />
    </div>
  );
}
