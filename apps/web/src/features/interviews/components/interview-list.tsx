import { SearchX } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useInterviews } from '../api';
import { FilterState } from '../filters';
import { InterviewCard } from './interview-card';

/** The cards, newest first (best match first when searching); the next page loads when the end of the list comes into view. */
export function InterviewList({ filters }: { filters: FilterState }) {
  const interviews = useInterviews(filters.query, filters.search);
  const end = React.useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = interviews;

  React.useEffect(() => {
    const node = end.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (interviews.isPending) {
    return (
      <div role="status" aria-label="Loading interviews" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-56" />
        ))}
      </div>
    );
  }
  if (interviews.isError) throw interviews.error;

  const items = interviews.data.pages.flatMap((p) => p.items);
  const searched = `“${filters.search}”`;
  // Said once the results are in, by screen readers too; "or more" while further pages remain.
  const count = filters.search ? (
    <p role="status" className="text-sm text-muted-foreground" data-testid="search-count">
      {`${items.length}${hasNextPage ? ' or more' : ''} ${items.length === 1 && !hasNextPage ? 'interview matches' : 'interviews match'} ${searched}`}
    </p>
  ) : null;
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
        <SearchX className="size-8 text-muted-foreground" aria-hidden />
        <p className="text-muted-foreground" role={filters.search ? 'status' : undefined}>
          {filters.search
            ? `No interviews match ${searched}${filters.tickCount > 0 || filters.company ? ' with your filters' : ''}. Try other words, or fewer of them.`
            : filters.active
              ? 'No interviews found matching your filters'
              : 'No interviews shared yet. Be the first to add yours.'}
        </p>
        {filters.active ? (
          <Button variant="outline" onClick={filters.clear}>
            Clear Filters
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <>
      {count}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Interviews">
        {items.map((interview) => (
          <li key={interview.id} className="flex">
            <InterviewCard interview={interview} />
          </li>
        ))}
      </ul>
      <div ref={end} aria-hidden className="h-1" />
      {isFetchingNextPage ? (
        <p role="status" className="text-center text-sm text-muted-foreground">
          Loading more interviews...
        </p>
      ) : null}
    </>
  );
}
