import { PromptListQuery, promptListQuerySchema } from '@app/contracts';
import * as React from 'react';
import { useAddressParams } from '@/lib/use-address-params';

export type FilterKey = 'q' | 'company' | 'level' | 'concept';

/**
 * The list's filters live in the URL (?level=senior&concept=caching&company=<id>&q=chat), the same
 * keys as the list call's query, so a filtered view can be shared and survives a reload. A value the
 * contract would refuse (an old or hand-typed link) is left out rather than failing the page.
 */
export function usePromptFilters() {
  const [params, editParams] = useAddressParams();
  const read = (key: FilterKey) => params.get(key) ?? undefined;
  const query: PromptListQuery = {};
  for (const key of ['q', 'company', 'level', 'concept'] as const) {
    const one = promptListQuerySchema.shape[key].safeParse(read(key));
    if (one.success && one.data !== undefined) Object.assign(query, { [key]: one.data });
  }

  const set = React.useCallback(
    (key: FilterKey, value: string | undefined) => editParams((next) => (value ? next.set(key, value) : next.delete(key))),
    [editParams],
  );
  const clear = () => editParams((next) => [...next.keys()].forEach((key) => next.delete(key)));
  return { query, search: read('q') ?? '', set, clear, active: Object.keys(query).length > 0 };
}
