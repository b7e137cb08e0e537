import { opportunityKinds, OpportunitySort, opportunitySorts } from '@app/contracts';
import { useAddressParams } from '@/lib/use-address-params';
import type { OpportunityFilters } from './api';

/** The address's keys for the page's text filters, choices and on/off filters. */
const texts = ['q', 'company', 'location', 'season'] as const;
const flags = ['selective', 'paid', 'remote', 'favorites', 'open'] as const;
export type Flag = (typeof flags)[number];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (values.includes(value as T) ? (value as T) : undefined);

/**
 * Search, filters and sort live in the address (/pathfinder?q=…&kind=internship&sort=deadline), so
 * a shared, reloaded or back-navigated list shows the same opportunities; defaults are left out.
 */
export function useOpportunityFilters(): [OpportunityFilters, (change: Partial<Record<keyof OpportunityFilters, string | boolean | undefined>>) => void] {
  const [params, editParams] = useAddressParams();
  const filters: OpportunityFilters = {
    ...Object.fromEntries(texts.map((key) => [key, params.get(key) || undefined])),
    ...Object.fromEntries(flags.map((key) => [key, params.get(key) === 'true' ? 'true' : undefined])),
    kind: oneOf(opportunityKinds, params.get('kind')),
    sponsorship: oneOf(['yes', 'no'] as const, params.get('sponsorship')),
    sort: oneOf<OpportunitySort>(opportunitySorts, params.get('sort')),
  };
  const change = (next: Partial<Record<keyof OpportunityFilters, string | boolean | undefined>>) =>
    editParams((updated) => {
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined || value === false || value === '') updated.delete(key);
        else updated.set(key, value === true ? 'true' : value);
      }
    });
  return [filters, change];
}
