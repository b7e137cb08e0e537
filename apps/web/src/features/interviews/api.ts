import {
  CreateCompany,
  CreateInterview,
  Difficulty,
  InterviewCommentInput,
  InterviewFilters,
  interviewsApi,
  practiceApi,
  profileApi,
  StoredOutcome,
} from '@app/contracts';
import { QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callWithHeaders, endpointKey, endpointQuery } from '@/lib/api';
import { interviewPagesQuery } from './list-query';

// Every call here is made from pages behind the sign-in route, so a user (and a token) exists.

export function useCompanies() {
  return useQuery(endpointQuery(interviewsApi.listCompanies));
}

/** The caller's username: shown on their own cards, and on a preview when they choose to show it. */
export function useMyUsername(): string | undefined {
  return useQuery(endpointQuery(profileApi.getProfile)).data?.username;
}

export function useLocations() {
  return useQuery(endpointQuery(interviewsApi.listInterviewLocations));
}

export function useInsights(companyName: string) {
  return useQuery(endpointQuery(interviewsApi.companyInsights, { params: { companyName } }));
}

/**
 * Pages of interviews by cursor (X-Next-Cursor), newest first, or best match first with where each
 * matched when `search` is given (the filters apply, the order is the search's); the next is fetched
 * as the candidate scrolls.
 */
export function useInterviews(filters: InterviewFilters, search: string) {
  return useInfiniteQuery(interviewPagesQuery(filters, search));
}

/** The lists of cards (browsed and searched): what a change to an interview refetches. */
const invalidateLists = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: endpointKey(interviewsApi.listInterviews) }),
    client.invalidateQueries({ queryKey: endpointKey(interviewsApi.searchInterviews) }),
  ]);

/** After a change: the lists, the locations and every company's insights are refetched. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      invalidateLists(client),
      client.invalidateQueries({ queryKey: endpointKey(interviewsApi.listInterviewLocations) }),
      client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]) === interviewsApi.companyInsights.path }),
    ]);
}

export function useCreateCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCompany) => call(interviewsApi.createCompany, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: endpointKey(interviewsApi.listCompanies) }),
  });
}

export function useCreateInterview() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: CreateInterview) => call(interviewsApi.createInterview, { body }), onSuccess: refresh });
}

export function useSetOutcome() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string; outcome: StoredOutcome }) => call(interviewsApi.updateInterview, { params: { id }, body: { outcome } }),
    onSuccess: refresh,
  });
}

/** `data` (a list's cached answer, paged or not) with report `id` marked helpful by the reader, or not, and its count moved. */
function withHelpful(data: unknown, id: string, helpful: boolean): unknown {
  if (Array.isArray(data)) return data.map((item) => withHelpful(item, id, helpful));
  if (!data || typeof data !== 'object') return data;
  const item = data as { id?: unknown; helpful_by_me?: boolean; helpful_count?: number };
  if (item.id === id && typeof item.helpful_by_me === 'boolean' && typeof item.helpful_count === 'number') {
    return item.helpful_by_me === helpful ? data : { ...item, helpful_by_me: helpful, helpful_count: item.helpful_count + (helpful ? 1 : -1) };
  }
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, withHelpful(value, id, helpful)]));
}

/**
 * Marks a report helpful, or takes the mark back: the cards show it at once, and the lists are
 * refetched once the server answered (or failed, which puts the cards back as they were).
 */
export function useHelpful() {
  const client = useQueryClient();
  const lists = [endpointKey(interviewsApi.listInterviews), endpointKey(interviewsApi.searchInterviews)];
  return useMutation({
    mutationFn: ({ id, helpful }: { id: string; helpful: boolean }) =>
      call(helpful ? interviewsApi.markHelpful : interviewsApi.unmarkHelpful, { params: { id } }),
    onMutate: async ({ id, helpful }) => {
      await Promise.all(lists.map((queryKey) => client.cancelQueries({ queryKey })));
      for (const queryKey of lists) client.setQueriesData({ queryKey }, (data: unknown) => withHelpful(data, id, helpful));
    },
    onSettled: () => invalidateLists(client),
  });
}

export function useDeleteInterview() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => call(interviewsApi.deleteInterview, { params: { id } }), onSuccess: refresh });
}

/** One of a company's most asked questions into the caller's Problem Review (practice's own add call). */
/** The catalogue's entry for a problem named in reports (its difficulty and tags), when the catalogue knows the title. */
export function useCatalogueEntry() {
  const client = useQueryClient();
  return async (title: string) => {
    const found = await client.fetchQuery({ ...endpointQuery(practiceApi.searchCatalogue, { query: { q: title, limit: 5 } }), staleTime: Infinity });
    return found.find((problem) => problem.title.toLowerCase() === title.trim().toLowerCase());
  };
}

export function useAddToProblemReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; difficulty: Difficulty; tags?: string }) => call(practiceApi.createQuestion, { body }),
    onSuccess: () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(practiceApi.listQuestions.path) }),
  });
}

const commentsPage = 20;
const commentsKey = (interviewId: string) => endpointKey(interviewsApi.listInterviewComments, { params: { id: interviewId } });

/** A report's comments, oldest first, a page at a time (X-Next-Cursor); read only once its thread is opened. */
export function useInterviewComments(interviewId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: commentsKey(interviewId),
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => {
      const { data, headers } = await callWithHeaders(interviewsApi.listInterviewComments, {
        params: { id: interviewId },
        query: { limit: commentsPage, cursor: pageParam },
      });
      return { items: data, next: headers.get('X-Next-Cursor') ?? undefined };
    },
    getNextPageParam: (last) => last.next,
  });
}

/** After a comment is added, changed or deleted: its thread, and the cards' comment counts. */
function useRefreshComments(interviewId: string) {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: commentsKey(interviewId) }), invalidateLists(client)]);
}

export function useAddComment(interviewId: string) {
  const refresh = useRefreshComments(interviewId);
  return useMutation({
    mutationFn: (body: InterviewCommentInput) => call(interviewsApi.addInterviewComment, { params: { id: interviewId }, body }),
    onSuccess: refresh,
  });
}

export function useEditComment(interviewId: string) {
  const refresh = useRefreshComments(interviewId);
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: string }) =>
      call(interviewsApi.editInterviewComment, { params: { id: interviewId, commentId }, body: { body } }),
    onSuccess: refresh,
  });
}

export function useDeleteComment(interviewId: string) {
  const refresh = useRefreshComments(interviewId);
  return useMutation({
    mutationFn: (commentId: string) => call(interviewsApi.deleteInterviewComment, { params: { id: interviewId, commentId } }),
    onSuccess: refresh,
  });
}
