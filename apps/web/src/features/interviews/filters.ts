import { InterviewFilters, InterviewSort } from '@app/contracts';
import * as React from 'react';
import { useAddressParams } from '@/lib/use-address-params';
import { useCompanies } from './api';

/** The multi-select groups of the filter popover (spec section 9), in the order shown. */
export const filterGroups = ['level', 'title', 'location', 'outcome'] as const;
export type FilterGroup = (typeof filterGroups)[number];

export interface FilterState {
  groups: Record<FilterGroup, string[]>;
  /** The company filter, by name (as the URL keeps it). */
  company: string | undefined;
  /** Active filters: the ticks of every group plus the company (the badge counts the ticks). */
  tickCount: number;
  active: boolean;
  toggle(group: FilterGroup, value: string): void;
  setCompany(name: string | undefined): void;
  /** The order: newest first unless ?sort=helpful (not a filter: Clear Filters keeps it). */
  sort: InterviewSort;
  setSort(sort: InterviewSort): void;
  /** What the candidate searched for (?q=), trimmed; '' when not searching. */
  search: string;
  setSearch(q: string): void;
  clear(): void;
  /** The list call's query. */
  query: InterviewFilters;
}

/**
 * Filters and the search live in the URL (?level=Intern&outcome=offer&company=Google&q=lru), so a filtered view can be
 * shared, read and survives a reload; the same keys as the list call's query. The company is kept
 * by name: a link that says which company it shows.
 */
export function useFilters(fixedCompany?: string): FilterState {
  const [params, update] = useAddressParams();
  const groups = Object.fromEntries(filterGroups.map((g) => [g, params.getAll(g)])) as Record<FilterGroup, string[]>;
  const company = fixedCompany ?? params.get('company') ?? undefined;
  const legacyCompanyId = fixedCompany ? undefined : (params.get('company_id') ?? undefined);
  const tickCount = filterGroups.reduce((n, g) => n + groups[g].length, 0);
  const sort: InterviewSort = params.get('sort') === 'helpful' ? 'helpful' : 'newest';
  const search = (params.get('q') ?? '').trim();

  // Links made before the company was kept by name carry ?company_id=…: rewritten to its name.
  const companies = useCompanies();
  React.useEffect(() => {
    if (!legacyCompanyId || !companies.data) return;
    const name = companies.data.find((c) => c.id === legacyCompanyId)?.name;
    update((next) => {
      next.delete('company_id');
      if (name) next.set('company', name);
    });
  }, [legacyCompanyId, companies.data, update]);

  const query: InterviewFilters = {};
  for (const g of filterGroups) if (groups[g].length) Object.assign(query, { [g]: groups[g] });
  if (company) query.company = [company];
  else if (legacyCompanyId) query.company_id = [legacyCompanyId];
  if (sort === 'helpful') query.sort = sort;

  return {
    groups,
    company,
    tickCount,
    active: tickCount > 0 || (!fixedCompany && !!(company ?? legacyCompanyId)) || search !== '',
    toggle: (group, value) =>
      update((next) => {
        const values = next.getAll(group);
        next.delete(group);
        for (const v of values.includes(value) ? values.filter((x) => x !== value) : [...values, value]) next.append(group, v);
      }),
    sort,
    setSort: (value) => update((next) => (value === 'helpful' ? next.set('sort', value) : next.delete('sort'))),
    setCompany: (name) => update((next) => (next.delete('company_id'), name ? next.set('company', name) : next.delete('company'))),
    search,
    setSearch: (q) => update((next) => (q.trim() ? next.set('q', q.trim()) : next.delete('q'))),
    clear: () => update((next) => [...filterGroups, 'company', 'company_id', 'q'].forEach((k) => next.delete(k))),
    query,
  };
}
