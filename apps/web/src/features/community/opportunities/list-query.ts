import { communityApi, Opportunity, OpportunityQuery } from '@app/contracts';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { callWithHeaders, endpointKey } from '@/lib/api';

const pageSize = 24;

/** What the page asks for: its URL's filters and sort (paging is the query's own). */
export type OpportunityFilters = Omit<OpportunityQuery, 'limit' | 'cursor' | 'status'>;

export interface Page {
  items: Opportunity[];
  next?: string;
}

/**
 * The board's query (api.ts useOpportunityPages), apart from the rest of the page's calls: a hover
 * on the sidebar's link starts it for the unfiltered list with the shell's code (app/route-prefetch.ts).
 */
export function opportunityPagesQuery(filters: OpportunityFilters) {
  return infiniteQueryOptions({
    queryKey: endpointKey(communityApi.listOpportunities, { query: filters }),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }): Promise<Page> => {
      const { data, headers } = await callWithHeaders(communityApi.listOpportunities, { query: { ...filters, limit: pageSize, cursor: pageParam } });
      return { items: data, next: headers.get('X-Next-Cursor') ?? undefined };
    },
    getNextPageParam: (last) => last.next,
    // The cards stay on screen while the next search loads, instead of blinking to a spinner.
    placeholderData: keepPreviousData,
  });
}
