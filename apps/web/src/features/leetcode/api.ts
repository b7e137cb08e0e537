import type { CreateQuestionInput, CreateSession, ErrorType, PracticeSession, PracticeSummary, Question, QuestionListItem } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useAuth } from '../auth/auth-provider';

const keys = {
  questions: (user?: string) => ['leetcode-questions', user] as const,
  summary: (user?: string) => ['leetcode-questions', user, 'summary'] as const,
  questionSessions: (id: string) => ['leetcode-sessions', 'question', id] as const,
};

/** Lists are fetched only when a user id exists (spec section 6). */
export function useQuestions() {
  const { user } = useAuth();
  return useQuery({ queryKey: keys.questions(user?.id), queryFn: () => api<QuestionListItem[]>('/api/leetcode-questions'), enabled: !!user });
}

/** The summary cards' figures, computed by the service (not from every session, 5.8 MB for 20,000). */
export function usePracticeSummary() {
  const { user } = useAuth();
  return useQuery({ queryKey: keys.summary(user?.id), queryFn: () => api<PracticeSummary>('/api/leetcode-questions/summary'), enabled: !!user });
}

export function useQuestionSessions(questionId: string) {
  const { user } = useAuth();
  return useQuery({ queryKey: keys.questionSessions(questionId), queryFn: () => api<PracticeSession[]>(`/api/leetcode-questions/${questionId}/sessions`), enabled: !!user });
}

export function useErrorTypes() {
  return useQuery({ queryKey: ['error-types'], queryFn: () => api<ErrorType[]>('/api/error-types'), staleTime: Infinity });
}

function useInvalidatePractice() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'leetcode-questions' || q.queryKey[0] === 'leetcode-sessions' });
}

export function useCreateQuestion() {
  const invalidate = useInvalidatePractice();
  return useMutation({
    mutationFn: (body: CreateQuestionInput) => api<{ data: Question }>('/api/leetcode-questions', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteQuestions() {
  const invalidate = useInvalidatePractice();
  return useMutation({
    // One call per selected row, as the contract has no bulk delete. Every call is let finish, and
    // the ids whose call failed come back, so the page can keep exactly those selected.
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(ids.map((id) => api<void>(`/api/leetcode-questions/${id}`, { method: 'DELETE' })));
      return { failed: ids.filter((_, i) => results[i].status === 'rejected') };
    },
    onSettled: invalidate,
  });
}

export function useLogSession(questionId: string) {
  const invalidate = useInvalidatePractice();
  return useMutation({
    mutationFn: (body: CreateSession) => api<{ data: PracticeSession }>(`/api/leetcode-questions/${questionId}/session`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}
