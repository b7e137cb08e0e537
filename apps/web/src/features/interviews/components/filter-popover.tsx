import { interviewLevels, interviewTitles, outcomeLabels, storedOutcomes } from '@app/contracts';
import { Check, ListFilter } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from '@/components/ui/command';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { useLocations } from '../api';
import { FilterGroup, FilterState } from '../filters';
import { LevelName } from './level-name';

const headings: Record<FilterGroup, string> = { level: 'Level', title: 'Title', location: 'Location', outcome: 'Outcome' };

/** Level, title, location and outcome, several ticks per group; the badge counts every tick. */
export function FilterPopover({ filters }: { filters: FilterState }) {
  const locations = useLocations();
  const options: Record<FilterGroup, { value: string; label: string }[]> = {
    level: interviewLevels.map((v) => ({ value: v, label: v })),
    title: interviewTitles.map((v) => ({ value: v, label: v })),
    // Reported locations, and any ticked one (from a shared link) even if nobody reports it any more.
    location: [...new Set([...(locations.data ?? []).map((l) => l.location), ...filters.groups.location])].map((v) => ({ value: v, label: v })),
    outcome: storedOutcomes.map((v) => ({ value: v, label: outcomeLabels[v] })),
  };
  const count = filters.tickCount;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" data-testid="filter-button">
          <ListFilter aria-hidden /> Filters
          {count > 0 ? (
            <>
              <Badge data-testid="filter-count" className="ml-1 min-w-5 justify-center">
                {count}
              </Badge>
              <span className="sr-only"> active</span>
            </>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-80 p-0" aria-label="Filters">
        <Command>
          <CommandInput placeholder="Search filters..." aria-label="Search filters" />
          <CommandList className="max-h-96">
            <CommandEmpty>No filter found.</CommandEmpty>
            {/* A border, not a separator: a listbox may hold only options and groups. */}
            {(Object.keys(options) as FilterGroup[]).map((group, i) => (
              <CommandGroup key={group} heading={headings[group]} className={i > 0 ? 'border-t' : undefined}>
                {options[group].map(({ value, label }) => {
                  const on = filters.groups[group].some((v) => (group === 'location' ? v.toLowerCase() === value.toLowerCase() : v === value));
                  return (
                    <CommandItem key={value} value={`${headings[group]} ${label}`} onSelect={() => filters.toggle(group, value)} aria-checked={on}>
                      <span
                        className={cn(
                          'flex size-4 items-center justify-center rounded-sm border border-primary',
                          on ? 'bg-primary text-primary-foreground' : 'opacity-50',
                        )}
                        aria-hidden
                      >
                        {on ? <Check className="size-3" /> : null}
                      </span>
                      {/* Wrapped, not cut: a cut level name ended inside a token ('SDE I…'). */}
                      <span className="min-w-0">{group === 'level' ? <LevelName level={label} /> : label}</span>
                    </CommandItem>
                  );
                })}
              </CommandGroup>
            ))}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
