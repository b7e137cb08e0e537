import { isModerator, opportunityKindLabels, opportunityKinds, OpportunitySort } from '@app/contracts';
import { Filter, Heart, Loader2, Plus, Search, X } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { useSettled } from '@/lib/use-settled';
import { cn } from '@/lib/utils';
import { deferred } from '@/lib/deferred';
import { LabelledSelect } from './components/labelled-select';
import { OwnSubmissions } from './moderation/own-submissions';
import { useMarkOpportunity, useOpportunityPages, useReopenOpportunity, useReportClosed } from './opportunities/api';
import { OpportunityCard } from './opportunities/opportunity-card';
import { seasonChoices } from './opportunities/seasons';
import { Flag, useOpportunityFilters } from './opportunities/use-filters';

/** The form loads after the list; its button holds the place meanwhile (lib/deferred.tsx). */
const SubmitOpportunityDialog = deferred(
  () => import('./opportunities/submit-opportunity-dialog').then((m) => m.SubmitOpportunityDialog),
  <Button disabled>
    <Plus aria-hidden /> <span className="sr-only sm:not-sr-only">Add Opportunity</span>
  </Button>,
);

function ExpandableSearch({ value, onChange }: { value: string; onChange(v: string): void }) {
  const [open, setOpen] = React.useState(value !== '');
  const input = React.useRef<HTMLInputElement>(null);
  React.useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  if (!open) {
    return (
      <Button variant="outline" size="icon" aria-label="Search opportunities" onClick={() => setOpen(true)}>
        <Search aria-hidden />
      </Button>
    );
  }
  return (
    <div className="relative w-full sm:w-64">
      <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        ref={input}
        type="search"
        aria-label="Search opportunities"
        placeholder="Search opportunities..."
        className="pl-8 pr-8"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && (onChange(''), setOpen(false))}
      />
      <button
        type="button"
        aria-label="Close search"
        className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-0.5 text-muted-foreground hover:text-foreground"
        onClick={() => (onChange(''), setOpen(false))}
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}

const any = 'any';
const sortLabels: Record<OpportunitySort, string> = { relevance: 'Best match', newest: 'Newest', deadline: 'Deadline soonest', upvotes: 'Most upvoted' };
const flagLabels: Record<Exclude<Flag, 'favorites'>, string> = { selective: 'Selective', paid: 'Paid', remote: 'Remote', open: 'Still open' };

/** A filter's choice; its id follows its label. */
function Choice(props: { label: string; value: string; onChange(v: string): void; options: Array<[string, string]> }) {
  return <LabelledSelect id={`opportunity-filter-${props.label.toLowerCase().replace(/\W+/g, '-')}`} compact {...props} />;
}

/** A text filter kept in the address once typing pauses. */
function TextFilter({ label, value, onChange, placeholder }: { label: string; value: string; onChange(v: string): void; placeholder: string }) {
  const id = `opportunity-filter-${label.toLowerCase()}`;
  const [text, setText] = React.useState(value);
  const settled = useSettled(text.trim());
  React.useEffect(() => {
    if (settled !== value) onChange(settled);
    // Only a settled change of the text goes to the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <div className="min-w-0 space-y-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input id={id} className="h-9" value={text} placeholder={placeholder} onChange={(e) => setText(e.target.value)} />
    </div>
  );
}

export default function OpportunitiesPage() {
  useDocumentTitle('Student Pathfinder');
  const { user } = useAuth();
  const moderator = !!user && isModerator(user);
  const [filters, change] = useOpportunityFilters();
  const [text, setText] = React.useState(filters.q ?? '');
  const q = useSettled(text.trim());
  React.useEffect(() => {
    if (q !== (filters.q ?? '')) change({ q });
    // The address follows the settled search text, not the other way round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  const opportunities = useOpportunityPages(filters);
  const mark = useMarkOpportunity();
  const reportClosed = useReportClosed();
  const reopen = useReopenOpportunity();
  const flagsOn = (Object.keys(flagLabels) as Array<keyof typeof flagLabels>).filter((f) => filters[f] === 'true').length;
  const items = opportunities.data?.pages.flatMap((page) => page.items) ?? [];
  const sort = filters.sort ?? (filters.q ? 'relevance' : 'newest');
  const sorts = (Object.keys(sortLabels) as OpportunitySort[]).filter((s) => s !== 'relevance' || filters.q);

  const failed = (description: string) => () => toast({ variant: 'destructive', title: 'Error', description });
  const onMark = (id: string) => (kind: 'upvote' | 'favorite', on: boolean) =>
    mark.mutate({ id, mark: kind, on }, { onError: failed(kind === 'upvote' ? 'Failed to update vote' : 'Failed to update favorites') });

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Student Pathfinder</h1>
          <p className="text-muted-foreground">Find the perfect opportunities based on your profile and career goals</p>
        </div>
        <div className="flex w-full flex-wrap items-center justify-end gap-2 sm:w-auto sm:flex-nowrap">
          <ExpandableSearch value={text} onChange={setText} />
          <Button
            variant="outline"
            aria-pressed={filters.favorites === 'true'}
            onClick={() => change({ favorites: filters.favorites !== 'true' })}
            className={cn(filters.favorites === 'true' && 'border-primary text-rose-600 dark:text-rose-400')}
          >
            <Heart className={cn(filters.favorites === 'true' && 'fill-current')} aria-hidden /> Favorites
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="outline"
                size="icon"
                aria-label={flagsOn ? `Filter opportunities (${flagsOn} on)` : 'Filter opportunities'}
                className={cn('relative', flagsOn && 'border-primary')}
              >
                <Filter aria-hidden />
                {flagsOn ? (
                  <span className="absolute -right-1 -top-1 flex size-4 items-center justify-center rounded-full bg-primary text-[10px] text-primary-foreground">
                    {flagsOn}
                  </span>
                ) : null}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuLabel>Show only</DropdownMenuLabel>
              <DropdownMenuSeparator />
              {(Object.keys(flagLabels) as Array<keyof typeof flagLabels>).map((f) => (
                <DropdownMenuCheckboxItem key={f} checked={filters[f] === 'true'} onCheckedChange={(v) => change({ [f]: v === true })}>
                  {flagLabels[f]}
                </DropdownMenuCheckboxItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
          <SubmitOpportunityDialog />
        </div>
      </header>
      <OwnSubmissions kind="opportunity" />
      <section aria-label="Sort and filters" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Choice
          label="Sort by"
          value={sort}
          onChange={(v) => change({ sort: v === (filters.q ? 'relevance' : 'newest') ? undefined : v })}
          options={sorts.map((s) => [s, sortLabels[s]])}
        />
        <Choice
          label="Kind"
          value={filters.kind ?? any}
          onChange={(v) => change({ kind: v === any ? undefined : v })}
          options={[[any, 'Any kind'], ...opportunityKinds.map((k): [string, string] => [k, opportunityKindLabels[k]])]}
        />
        <Choice
          label="Season"
          value={filters.season ?? any}
          onChange={(v) => change({ season: v === any ? undefined : v })}
          options={[[any, 'Any season'], ...seasonChoices(filters.season)]}
        />
        <Choice
          label="Visa sponsorship"
          value={filters.sponsorship ?? any}
          onChange={(v) => change({ sponsorship: v === any ? undefined : v })}
          options={[
            [any, 'Any'],
            ['yes', 'Sponsors visas'],
            ['no', 'No sponsorship'],
          ]}
        />
        <TextFilter label="Company" value={filters.company ?? ''} onChange={(company) => change({ company })} placeholder="Any company" />
        <TextFilter label="Location" value={filters.location ?? ''} onChange={(location) => change({ location })} placeholder="Anywhere" />
      </section>
      {opportunities.isPending ? (
        <div role="status" className="flex justify-center py-16">
          <Loader2 className="size-8 animate-spin text-muted-foreground" aria-hidden />
          <span className="sr-only">Loading opportunities</span>
        </div>
      ) : opportunities.isError ? (
        <p role="alert" className="py-16 text-center text-muted-foreground">
          Failed to fetch opportunities
        </p>
      ) : items.length === 0 ? (
        <p className="py-16 text-center text-muted-foreground">{filters.favorites === 'true' ? 'No favorites yet' : 'No opportunities found'}</p>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
            {items.map((o) => (
              <OpportunityCard
                key={o.id}
                opportunity={o}
                onMark={onMark(o.id)}
                canEdit={moderator || o.user_id === user?.id}
                moderator={moderator}
                onReportClosed={() => reportClosed.mutate(o.id, { onError: failed('Failed to report the opportunity as closed') })}
                onReopen={() => reopen.mutate(o.id, { onError: failed('Failed to reopen the opportunity') })}
              />
            ))}
          </div>
          {opportunities.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => opportunities.fetchNextPage()} disabled={opportunities.isFetchingNextPage}>
                {opportunities.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden /> : null} Show more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
