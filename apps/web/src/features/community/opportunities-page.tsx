import { Filter, Loader2, Search, X } from 'lucide-react';
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
import { toast } from '@/components/ui/use-toast';
import { useDocumentTitle } from '@/lib/document-title';
import { useSettled } from '@/lib/use-settled';
import { cn } from '@/lib/utils';
import { useMarkOpportunity, useOpportunities } from './api';
import { OpportunityCard } from './components/opportunity-card';
import { SubmitOpportunityDialog } from './components/submit-opportunity-dialog';

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

export default function OpportunitiesPage() {
  useDocumentTitle('Student Pathfinder');
  const [text, setText] = React.useState('');
  const [selective, setSelective] = React.useState(false);
  const [paid, setPaid] = React.useState(false);
  const q = useSettled(text.trim());
  const opportunities = useOpportunities({ q, selective, paid });
  const mark = useMarkOpportunity();
  const filters = Number(selective) + Number(paid);

  const onMark = (id: string) => (kind: 'upvote' | 'favorite', on: boolean) =>
    mark.mutate(
      { id, mark: kind, on },
      {
        onError: () =>
          toast({ variant: 'destructive', title: 'Error', description: kind === 'upvote' ? 'Failed to update vote' : 'Failed to update favorites' }),
      },
    );

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Student Pathfinder</h1>
          <p className="text-muted-foreground">Find the perfect opportunities based on your profile and career goals</p>
        </div>
        <div className="flex w-full flex-wrap items-center justify-end gap-2 sm:w-auto sm:flex-nowrap">
          <ExpandableSearch value={text} onChange={setText} />
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="outline"
                size="icon"
                aria-label={filters ? `Filter opportunities (${filters} on)` : 'Filter opportunities'}
                className={cn('relative', filters && 'border-primary')}
              >
                <Filter aria-hidden />
                {filters ? (
                  <span className="absolute -right-1 -top-1 flex size-4 items-center justify-center rounded-full bg-primary text-[10px] text-primary-foreground">
                    {filters}
                  </span>
                ) : null}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuLabel>Show only</DropdownMenuLabel>
              <DropdownMenuSeparator />
              <DropdownMenuCheckboxItem checked={selective} onCheckedChange={(v) => setSelective(v === true)}>
                Selective
              </DropdownMenuCheckboxItem>
              <DropdownMenuCheckboxItem checked={paid} onCheckedChange={(v) => setPaid(v === true)}>
                Paid
              </DropdownMenuCheckboxItem>
            </DropdownMenuContent>
          </DropdownMenu>
          <SubmitOpportunityDialog />
        </div>
      </header>
      {opportunities.isPending ? (
        <div role="status" className="flex justify-center py-16">
          <Loader2 className="size-8 animate-spin text-muted-foreground" aria-hidden />
          <span className="sr-only">Loading opportunities</span>
        </div>
      ) : opportunities.isError ? (
        <p role="alert" className="py-16 text-center text-muted-foreground">
          Failed to fetch opportunities
        </p>
      ) : opportunities.data.length === 0 ? (
        <p className="py-16 text-center text-muted-foreground">No opportunities found</p>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
          {opportunities.data.map((o) => (
            <OpportunityCard key={o.id} opportunity={o} onMark={onMark(o.id)} />
          ))}
        </div>
      )}
    </div>
  );
}
