import { InterviewSort } from '@app/contracts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { FilterState } from '../filters';

const sortLabels: Record<InterviewSort, string> = { newest: 'Newest first', helpful: 'Most helpful' };

/** The list's order, kept in the URL with the filters. */
export function SortSelect({ filters }: { filters: FilterState }) {
  return (
    <Select value={filters.sort} onValueChange={(v) => filters.setSort(v as InterviewSort)}>
      <SelectTrigger aria-label="Sort interviews" className="w-40" data-testid="sort-interviews">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {(Object.keys(sortLabels) as InterviewSort[]).map((s) => (
          <SelectItem key={s} value={s}>
            {sortLabels[s]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
