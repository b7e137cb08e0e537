import { InterviewFilters, InterviewListItem, interviewsApi, InterviewSearchItem } from '@app/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { callWithHeaders, endpointKey } from '@/lib/api';

const pageSize = 24;

/**
 * The list's query (api.ts useInterviews), apart from the rest of the page's calls: a hover on the
 * sidebar's link starts it for the unfiltered list with the shell's code (app/route-prefetch.ts).
 */
export function interviewPagesQuery(filters: InterviewFilters, search: string) {
  const { sort: _sort, ...searchFilters } = filters;
  return infiniteQueryOptions({
    queryKey: search
      ? endpointKey(interviewsApi.searchInterviews, { query: { ...searchFilters, q: search } })
      : endpointKey(interviewsApi.listInterviews, { query: filters }),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }): Promise<{ items: (InterviewListItem | InterviewSearchItem)[]; next?: string }> => {
      const { data, headers } = search
        ? await callWithHeaders(interviewsApi.searchInterviews, { query: { ...searchFilters, q: search, limit: pageSize, cursor: pageParam } })
        : await callWithHeaders(interviewsApi.listInterviews, { query: { ...filters, limit: pageSize, cursor: pageParam } });
      return { items: data, next: headers.get('X-Next-Cursor') ?? undefined };
    },
    getNextPageParam: (last) => last.next,
  });
}
