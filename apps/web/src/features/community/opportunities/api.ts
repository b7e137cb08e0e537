import { communityApi, CreateOpportunity, Opportunity, OpportunityFields, OpportunityMarks } from '@app/contracts';
import { InfiniteData, QueryClient, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey } from '@/lib/api';
import { OpportunityFilters, opportunityPagesQuery, Page } from './list-query';

export type { OpportunityFilters } from './list-query';

type Pages = InfiniteData<Page, string | undefined>;
/** The board's pages and the moderators' review queue (a plain list) share the list's key. */
type Cached = Pages | Opportunity[];

const listKey = endpointKey(communityApi.listOpportunities);

/** Pages by cursor (X-Next-Cursor); the next is fetched when the candidate asks for more. */
export function useOpportunityPages(filters: OpportunityFilters) {
  return useInfiniteQuery(opportunityPagesQuery(filters));
}

/** Every cached list with one opportunity changed: shown at once, before the server answers. */
function patchLists(client: QueryClient, id: string, update: (o: Opportunity) => Opportunity) {
  const each = (items: Opportunity[]) => items.map((o) => (o.id === id ? update(o) : o));
  client.setQueriesData<Cached>({ queryKey: listKey }, (cached) => {
    if (!cached) return cached;
    if (Array.isArray(cached)) return each(cached);
    return { ...cached, pages: cached.pages.map((page) => ({ ...page, items: each(page.items) })) };
  });
}

function useOptimistic<V>(guess: (vars: V) => { id: string; update: (o: Opportunity) => Opportunity }) {
  const client = useQueryClient();
  return {
    onMutate: async (vars: V) => {
      await client.cancelQueries({ queryKey: listKey });
      const previous = client.getQueriesData<Cached>({ queryKey: listKey });
      const { id, update } = guess(vars);
      patchLists(client, id, update);
      return { previous };
    },
    onError: (_err: unknown, _vars: V, context?: { previous: Array<[readonly unknown[], Cached | undefined]> }) => {
      for (const [queryKey, data] of context?.previous ?? []) client.setQueryData(queryKey, data);
    },
    patch: (id: string, update: (o: Opportunity) => Opportunity) => patchLists(client, id, update),
  };
}

export type Mark = 'upvote' | 'favorite';

const markCalls = {
  upvote: { on: communityApi.upvoteOpportunity, off: communityApi.removeOpportunityUpvote },
  favorite: { on: communityApi.favoriteOpportunity, off: communityApi.unfavoriteOpportunity },
} as const;

/** The marks after toggling, as the list should show them at once. */
function toggled(o: Opportunity, mark: Mark, on: boolean): Opportunity {
  if (mark === 'favorite') return { ...o, isFavorite: on };
  if (o.hasUserUpvoted === on) return o;
  return { ...o, hasUserUpvoted: on, upvotes: Math.max(0, o.upvotes + (on ? 1 : -1)) };
}

/** Upvote or favourite: every cached list shows the change at once; the server's answer (or, on failure, the previous lists) replaces the guess. */
export function useMarkOpportunity() {
  const optimistic = useOptimistic(({ id, mark, on }: { id: string; mark: Mark; on: boolean }) => ({ id, update: (o) => toggled(o, mark, on) }));
  return useMutation({
    mutationFn: async ({ id, mark, on }: { id: string; mark: Mark; on: boolean }): Promise<OpportunityMarks | null> => {
      if (on) return (await call(markCalls[mark].on, { params: { id } })).data;
      await call(markCalls[mark].off, { params: { id } });
      return null;
    },
    onMutate: optimistic.onMutate,
    onError: optimistic.onError,
    onSuccess: (marks) => {
      if (marks) optimistic.patch(marks.id, (o) => ({ ...o, ...marks }));
    },
  });
}

/** "This has closed": the caller's report (a moderator's closes it at once); the count shows at once, the server says whether it closed. */
export function useReportClosed() {
  const optimistic = useOptimistic((id: string) => ({
    id,
    update: (o) => (o.hasUserReportedClosed ? o : { ...o, hasUserReportedClosed: true, closedReports: o.closedReports + 1 }),
  }));
  return useMutation({
    mutationFn: async (id: string) => (await call(communityApi.reportOpportunityClosed, { params: { id } })).data,
    onMutate: optimistic.onMutate,
    onError: optimistic.onError,
    onSuccess: (state) => optimistic.patch(state.id, (o) => ({ ...o, ...state })),
  });
}

export function useReopenOpportunity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(communityApi.reopenOpportunity, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey }),
  });
}

export function useSetOpportunityFields() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id: string; fields: OpportunityFields }) => call(communityApi.updateOpportunityFields, { params: { id }, body: fields }),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey }),
  });
}

export function useCreateOpportunity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOpportunity) => call(communityApi.createOpportunity, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey }),
  });
}
