import {
  CatalogueListId,
  CreateQuestionInput,
  CreateSession,
  endpointPath,
  endpointQueryString,
  ExportQuery,
  practiceApi,
  ReviewGrade,
  ReviewLimits,
  SystemDesignConceptKey,
  systemDesignApi,
} from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { accessToken } from '@/lib/supabase';

/** Lists are fetched only when a user id exists (spec section 6). */
export function useQuestions() {
  const { user } = useAuth();
  return useQuery({ ...endpointQuery(practiceApi.listQuestions), enabled: !!user });
}

/** The summary cards' figures, computed by the service (not from every session, 5.8 MB for 20,000). */
export function usePracticeSummary() {
  const { user } = useAuth();
  return useQuery({ ...endpointQuery(practiceApi.practiceSummary), enabled: !!user });
}

/** The readiness figures (/analytics' summary call), in the candidate's time zone (Settings). */
export function usePracticeAnalytics() {
  const { user } = useAuth();
  return useQuery({ ...endpointQuery(practiceApi.practiceAnalytics), enabled: !!user });
}

/** Today's review session; not kept once its page is left, so the next session starts from what is due then. */
export function useDueQueue() {
  const { user } = useAuth();
  return useQuery({ ...endpointQuery(practiceApi.dueQueue), enabled: !!user, gcTime: 0, refetchOnWindowFocus: false });
}

export function useReviewLimits() {
  const { user } = useAuth();
  return useQuery({ ...endpointQuery(practiceApi.getReviewLimits), enabled: !!user });
}

export function useSetReviewLimits() {
  const invalidate = useInvalidatePractice();
  return useMutation({
    mutationFn: (body: ReviewLimits) => call(practiceApi.setReviewLimits, { body }),
    onSuccess: invalidate,
  });
}

export function useQuestionSessions(questionId: string) {
  const { user } = useAuth();
  return useQuery({ ...endpointQuery(practiceApi.listQuestionSessions, { params: { id: questionId } }), enabled: !!user });
}

export function useErrorTypes() {
  return useQuery({ ...endpointQuery(practiceApi.listErrorTypes), staleTime: Infinity });
}

/** Catalogue problems matching what is typed (title words or a number); nothing is asked for an empty search. */
export function useCatalogueSearch(q: string) {
  return useQuery({
    ...endpointQuery(practiceApi.searchCatalogue, { query: { q, limit: 8 } }),
    enabled: q.trim() !== '',
    staleTime: Infinity,
    // The previous answer stays while the next is on its way, so the list does not flicker per keystroke.
    placeholderData: keepPreviousData,
  });
}

export function useCatalogueLists() {
  return useQuery({ ...endpointQuery(practiceApi.listCatalogueLists), staleTime: Infinity });
}

/** Every practice query lives under /api/leetcode-questions. */
function useInvalidatePractice() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(practiceApi.listQuestions.path) });
}

export function useCreateQuestion() {
  const invalidate = useInvalidatePractice();
  return useMutation({
    mutationFn: (body: CreateQuestionInput) => call(practiceApi.createQuestion, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteQuestions() {
  const invalidate = useInvalidatePractice();
  return useMutation({
    // One call per selected row, as the contract has no bulk delete. Every call is let finish, and
    // the ids whose call failed come back, so the page can keep exactly those selected.
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(ids.map((id) => call(practiceApi.deleteQuestion, { params: { id } })));
      return { failed: ids.filter((_, i) => results[i].status === 'rejected') };
    },
    onSettled: invalidate,
  });
}

export function useLogSession(questionId: string) {
  const invalidate = useInvalidatePractice();
  return useMutation({
    mutationFn: (body: CreateSession) => call(practiceApi.logSession, { params: { id: questionId }, body }),
    onSuccess: invalidate,
  });
}

/** Takes back the caller's last review (within the server's window): the problem gets its schedule from before it. */
export function useUndoReview() {
  const invalidate = useInvalidatePractice();
  return useMutation({
    mutationFn: async (sessionId: string) => (await call(practiceApi.undoReview, { params: { sessionId } })).data,
    onSuccess: invalidate,
  });
}

/** Grades a system design concept card of the session (FSRS, the same four grades as a problem). */
export function useReviewConceptCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ concept, grade }: { concept: SystemDesignConceptKey; grade: ReviewGrade }) =>
      (await call(systemDesignApi.reviewConceptCard, { params: { concept }, body: { grade } })).data,
    onSuccess: () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/system-design') }),
  });
}

export function useAddCatalogueList() {
  const invalidate = useInvalidatePractice();
  return useMutation({
    mutationFn: (list: CatalogueListId) => call(practiceApi.addCatalogueList, { params: { list } }),
    onSuccess: invalidate,
  });
}

export function useCalendarFeed() {
  const { user } = useAuth();
  return useQuery({ ...endpointQuery(practiceApi.getCalendarFeed), enabled: !!user });
}

/** A new feed address (the previous one stops working); its days are the candidate's time zone's. */
export function useCreateCalendarFeed() {
  const invalidate = useInvalidatePractice();
  return useMutation({ mutationFn: () => call(practiceApi.createCalendarFeed), onSuccess: invalidate });
}

export function useDeleteCalendarFeed() {
  const invalidate = useInvalidatePractice();
  return useMutation({ mutationFn: () => call(practiceApi.deleteCalendarFeed), onSuccess: invalidate });
}

export function useImportProblems() {
  const invalidate = useInvalidatePractice();
  return useMutation({
    mutationFn: (csv: string) => call(practiceApi.importProblems, { body: { csv } }),
    onSuccess: invalidate,
  });
}

/** Saves the export as a file: it is fetched with the session's token (a plain link would carry none), then handed to the browser. */
export async function downloadExport(query: ExportQuery): Promise<void> {
  const token = await accessToken();
  const res = await fetch(endpointPath(practiceApi.exportPractice) + endpointQueryString(query), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`Export failed (${res.status})`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${query.data}.${query.format}`;
  link.click();
  URL.revokeObjectURL(url);
}
