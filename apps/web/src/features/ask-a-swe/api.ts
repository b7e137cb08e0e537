import {
  AnswerInput,
  interviewSearchMax,
  AskCommentInput,
  AskQuestionInput,
  communityApi,
  EditQuestionInput,
  FlagInput,
  interviewsApi,
  isModerator,
  PostKind,
  QuestionQuery,
  TopicTag,
  VoteInput,
} from '@app/contracts';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callWithHeaders, endpointKey, endpointQuery } from '@/lib/api';
import { useAuth } from '@/lib/auth';

const pageSize = 20;

/** Pages of questions by cursor (X-Next-Cursor); the list stays on screen while the next search loads. */
export function useQuestions(query: Omit<QuestionQuery, 'limit' | 'cursor'>) {
  return useInfiniteQuery({
    queryKey: endpointKey(communityApi.listQuestions, { query }),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => {
      const { data, headers } = await callWithHeaders(communityApi.listQuestions, { query: { ...query, limit: pageSize, cursor: pageParam } });
      return { items: data, next: headers.get('X-Next-Cursor') ?? undefined };
    },
    getNextPageParam: (last) => last.next,
    placeholderData: keepPreviousData,
  });
}

export function useCompanyQuestions(companyId: string) {
  return useQuery(endpointQuery(communityApi.listCompanyQuestions, { params: { companyId }, query: { limit: 5 } }));
}

/** Questions like the title being typed; asked once it is a few words long. */
export function useSimilarQuestions(title: string) {
  return useQuery({
    ...endpointQuery(communityApi.similarQuestions, { query: { title } }),
    enabled: title.length >= 8,
    placeholderData: keepPreviousData,
  });
}

export function useCompanies() {
  return useQuery(endpointQuery(interviewsApi.listCompanies));
}

/**
 * The title as a search for any of its words (websearch's "or"): a question's sentence rarely has
 * all its words in one report, and the best match (the most words) still comes first.
 */
function anyWordSearch(title: string): string {
  const words = (title.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.toLowerCase() !== 'or');
  let q = '';
  for (const word of words) {
    const next = q ? `${q} or ${word}` : word;
    if (next.length > interviewSearchMax) break;
    q = next;
  }
  return q;
}

/** Up to 3 interview reports matching the title being typed, asked from its third character. */
export function useMatchingReports(title: string) {
  const q = anyWordSearch(title);
  return useQuery({
    ...endpointQuery(interviewsApi.searchInterviews, { query: { q, limit: 3 } }),
    enabled: title.length >= 3 && q !== '',
    placeholderData: keepPreviousData,
  });
}

/** A few interview reports about a company, suggested while a question about it is written. */
export function useCompanyReports(companyId: string | undefined) {
  return useQuery({
    ...endpointQuery(interviewsApi.listInterviews, { query: { company_id: companyId ? [companyId] : [], limit: 3 } }),
    enabled: !!companyId,
  });
}

export function useQuestion(id: string, byEmployee: boolean) {
  return useQuery(endpointQuery(communityApi.getQuestion, { params: { id }, query: { by_employee: byEmployee ? 'true' : undefined } }));
}

export function useStanding() {
  return useQuery(endpointQuery(communityApi.myAskStanding));
}

export function useFollows() {
  return useQuery(endpointQuery(communityApi.myFollows));
}

export function useIsModerator(): boolean {
  const { user } = useAuth();
  return !!user && isModerator(user);
}

export function useRevisions(kind: PostKind, id: string, enabled: boolean) {
  return useQuery({
    ...endpointQuery(kind === 'question' ? communityApi.questionRevisions : communityApi.answerRevisions, { params: { id } }),
    enabled,
  });
}

/** After any write on a question: its page, the lists and the caller's standing are read again. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [communityApi.getQuestion, communityApi.listQuestions, communityApi.listCompanyQuestions, communityApi.myAskStanding, communityApi.myFollows].map(
        (spec) => client.invalidateQueries({ queryKey: endpointKey(spec) }),
      ),
    );
}

const write = <A, R>(fn: (args: A) => Promise<R>) =>
  function useWrite() {
    const refresh = useRefresh();
    return useMutation({ mutationFn: fn, onSuccess: () => refresh() });
  };

export const useAskQuestion = write((body: AskQuestionInput) => call(communityApi.askQuestion, { body }));
export const useEditQuestion = write(({ id, body }: { id: string; body: EditQuestionInput }) => call(communityApi.editQuestion, { params: { id }, body }));
export const useDeleteQuestion = write((id: string) => call(communityApi.deleteQuestion, { params: { id } }));
export const useAnswer = write(({ id, body }: { id: string; body: AnswerInput }) => call(communityApi.answerQuestion, { params: { id }, body }));
export const useEditAnswer = write(({ id, body }: { id: string; body: AnswerInput }) => call(communityApi.editAnswer, { params: { id }, body }));
export const useDeleteAnswer = write((id: string) => call(communityApi.deleteAnswer, { params: { id } }));
export const useAccept = write(({ id, answerId }: { id: string; answerId: string | null }) =>
  answerId ? call(communityApi.acceptAnswer, { params: { id }, body: { answer_id: answerId } }) : call(communityApi.unacceptAnswer, { params: { id } }),
);
export const useVote = write(({ kind, id, value }: { kind: PostKind; id: string; value: VoteInput['value'] | null }) => {
  if (kind === 'question')
    return value ? call(communityApi.voteOnQuestion, { params: { id }, body: { value } }) : call(communityApi.unvoteQuestion, { params: { id } });
  return value ? call(communityApi.voteOnAnswer, { params: { id }, body: { value } }) : call(communityApi.unvoteAnswer, { params: { id } });
});
export const useComment = write(({ kind, id, body }: { kind: PostKind; id: string; body: AskCommentInput }) =>
  call(kind === 'question' ? communityApi.commentOnQuestion : communityApi.commentOnAnswer, { params: { id }, body }),
);
export const useEditComment = write(({ id, body }: { id: string; body: AskCommentInput }) => call(communityApi.editAskComment, { params: { id }, body }));
export const useDeleteComment = write((id: string) => call(communityApi.deleteAskComment, { params: { id } }));
export const useFlag = write(({ kind, id, body }: { kind: PostKind; id: string; body: FlagInput }) =>
  call(kind === 'question' ? communityApi.flagQuestion : communityApi.flagAnswer, { params: { id }, body }),
);
export const useFollowQuestion = write(({ id, follow }: { id: string; follow: boolean }) =>
  call(follow ? communityApi.followQuestion : communityApi.unfollowQuestion, { params: { id } }),
);
export const useFollowTag = write(({ tag, follow }: { tag: TopicTag; follow: boolean }) =>
  call(follow ? communityApi.followTag : communityApi.unfollowTag, { params: { tag } }),
);
export const useFollowCompany = write(({ companyId, follow }: { companyId: string; follow: boolean }) =>
  call(follow ? communityApi.followCompany : communityApi.unfollowCompany, { params: { companyId } }),
);
export const useCloseAsDuplicate = write(({ id, duplicateOf }: { id: string; duplicateOf: string | null }) =>
  duplicateOf
    ? call(communityApi.closeAsDuplicate, { params: { id }, body: { duplicate_of: duplicateOf } })
    : call(communityApi.reopenQuestion, { params: { id } }),
);
