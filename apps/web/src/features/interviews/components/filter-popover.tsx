import { interviewLevels, interviewTitles, outcomeLabels, storedOutcomes } from '@app/contracts';
import { ListFilter } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Combobox, ComboboxOption } from '@/components/ui/combobox';
import { useLocations } from '../api';
import { filterGroups, FilterGroup, FilterState } from '../filters';

const headings: Record<FilterGroup, string> = { level: 'Level', title: 'Title', location: 'Location', outcome: 'Outcome' };

// One listbox for every group: an option's value carries its group, so equal words in two groups stay apart.
const key = (group: FilterGroup, value: string) => `${group}:${value}`;

/** Level, title, location and outcome, several ticks per group; the badge counts every tick. */
export function FilterPopover({ filters }: { filters: FilterState }) {
  const locations = useLocations();
  const values: Record<FilterGroup, { value: string; label: string }[]> = {
    level: interviewLevels.map((v) => ({ value: v, label: v })),
    title: interviewTitles.map((v) => ({ value: v, label: v })),
    // Reported locations, and any ticked one (from a shared link) even if nobody reports it any more.
    location: [...new Set([...(locations.data ?? []).map((l) => l.location), ...filters.groups.location])].map((v) => ({ value: v, label: v })),
    outcome: storedOutcomes.map((v) => ({ value: v, label: outcomeLabels[v] })),
  };
  const options: ComboboxOption[] = filterGroups.flatMap((group) =>
    values[group].map(({ value, label }) => ({ value: key(group, value), label, group: headings[group] })),
  );
  // A location typed in a link in another case still ticks the listed one.
  const ticked = filterGroups.flatMap((group) =>
    values[group]
      .filter(({ value }) => filters.groups[group].some((v) => (group === 'location' ? v.toLowerCase() === value.toLowerCase() : v === value)))
      .map(({ value }) => key(group, value)),
  );
  const toggle = (next: string[]) => {
    const changed = next.find((k) => !ticked.includes(k)) ?? ticked.find((k) => !next.includes(k));
    if (!changed) return;
    const group = filterGroups.find((g) => changed.startsWith(`${g}:`))!;
    filters.toggle(group, changed.slice(group.length + 1));
  };
  const count = filters.tickCount;
  return (
    <Combobox
      multiple
      options={options}
      value={ticked}
      onValueChange={toggle}
      label="Filters"
      searchPlaceholder="Search filters..."
      searchLabel="Search filters"
      emptyText="No filter found."
      // A button that opens a dialog of filters, named by its text ('Filters 2 active'), not a value picker.
      role="button"
      className="justify-start font-medium"
      contentClassName="w-80"
      data-testid="filter-button"
    >
      <ListFilter aria-hidden /> Filters
      {count > 0 ? (
        <>
          <Badge data-testid="filter-count" className="ml-1 min-w-5 justify-center">
            {count}
          </Badge>
          <span className="sr-only"> active</span>
        </>
      ) : null}
    </Combobox>
  );
}
