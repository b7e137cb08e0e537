import { InterviewFilters } from '@app/contracts';
import { useSearchParams } from 'react-router-dom';

/** The multi-select groups of the filter popover (spec section 9), in the order shown. */
export const filterGroups = ['level', 'title', 'location', 'outcome'] as const;
export type FilterGroup = (typeof filterGroups)[number];

export interface FilterState {
  groups: Record<FilterGroup, string[]>;
  companyId: string | undefined;
  /** Active filters: the ticks of every group plus the company (the badge counts the ticks). */
  tickCount: number;
  active: boolean;
  toggle(group: FilterGroup, value: string): void;
  setCompany(id: string | undefined): void;
  clear(): void;
  /** The list call's query. */
  query: InterviewFilters;
}

/**
 * Filters live in the URL (?level=Intern&outcome=offer&company_id=…), so a filtered view can be
 * shared and survives a reload; the same keys as the list call's query.
 */
export function useFilters(fixedCompanyId?: string): FilterState {
  const [params, setParams] = useSearchParams();
  const groups = Object.fromEntries(filterGroups.map((g) => [g, params.getAll(g)])) as Record<FilterGroup, string[]>;
  const companyId = fixedCompanyId ?? params.get('company_id') ?? undefined;
  const tickCount = filterGroups.reduce((n, g) => n + groups[g].length, 0);

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true },
    );

  const query: InterviewFilters = {};
  for (const g of filterGroups) if (groups[g].length) Object.assign(query, { [g]: groups[g] });
  if (companyId) query.company_id = [companyId];

  return {
    groups,
    companyId,
    tickCount,
    active: tickCount > 0 || (!fixedCompanyId && !!companyId),
    toggle: (group, value) =>
      update((next) => {
        const values = next.getAll(group);
        next.delete(group);
        for (const v of values.includes(value) ? values.filter((x) => x !== value) : [...values, value]) next.append(group, v);
      }),
    setCompany: (id) => update((next) => (id ? next.set('company_id', id) : next.delete('company_id'))),
    clear: () => update((next) => [...filterGroups, 'company_id'].forEach((k) => next.delete(k))),
    query,
  };
}
