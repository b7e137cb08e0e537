import { PromptListQuery, promptListQuerySchema } from '@app/contracts';
import * as React from 'react';
import { useSearchParams } from 'react-router-dom';

export type FilterKey = 'q' | 'company' | 'level' | 'concept';

/**
 * The list's filters live in the URL (?level=senior&concept=caching&company=<id>&q=chat), the same
 * keys as the list call's query, so a filtered view can be shared and survives a reload. A value the
 * contract would refuse (an old or hand-typed link) is left out rather than failing the page.
 */
export function usePromptFilters() {
  const [params, setParams] = useSearchParams();
  const read = (key: FilterKey) => params.get(key) ?? undefined;
  const query: PromptListQuery = {};
  for (const key of ['q', 'company', 'level', 'concept'] as const) {
    const one = promptListQuerySchema.shape[key].safeParse(read(key));
    if (one.success && one.data !== undefined) Object.assign(query, { [key]: one.data });
  }

  const set = React.useCallback(
    (key: FilterKey, value: string | undefined) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  return { query, search: read('q') ?? '', set, clear, active: Object.keys(query).length > 0 };
}
