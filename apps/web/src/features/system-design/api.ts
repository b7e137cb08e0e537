import { AttemptMode, Autosave, communityApi, DesignAttempt, PromptListQuery, Rubric, systemDesignApi } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlagBody } from '@/components/flag-button';
import { ApiError, call, endpointKey, endpointQuery } from '@/lib/api';

export function usePrompts(query: PromptListQuery) {
  // The list keeps showing while a new filter's answer is on its way.
  return useQuery({ ...endpointQuery(systemDesignApi.listDesignPrompts, { query }), placeholderData: keepPreviousData });
}

export function usePrompt(slug: string) {
  return useQuery(endpointQuery(systemDesignApi.getDesignPrompt, { params: { slug } }));
}

export function useProgress() {
  return useQuery(endpointQuery(systemDesignApi.designProgress));
}

/** Read once when the practice screen opens: after that the page's own copy (and this device's) leads, not a refetch. */
export function useAttempt(id: string) {
  return useQuery({
    ...endpointQuery(systemDesignApi.getDesignAttempt, { params: { id } }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { savedAcrossVisits: false },
  });
}

/** Prompts, their progress and the caller's progress change with every start, submit and rating. */
function useRefresh() {
  const client = useQueryClient();
  return (attempt: DesignAttempt) => {
    client.setQueryData(endpointKey(systemDesignApi.getDesignAttempt, { params: { id: attempt.id } }), attempt);
    return Promise.all(
      [systemDesignApi.listDesignPrompts, systemDesignApi.getDesignPrompt, systemDesignApi.designProgress].map((spec) =>
        client.invalidateQueries({ predicate: (q) => q.queryKey[0] === spec.path }),
      ),
    );
  };
}

export function useStartAttempt(slug: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (mode: AttemptMode) => (await call(systemDesignApi.startDesignAttempt, { params: { slug }, body: { mode } })).data,
    onSuccess: refresh,
  });
}

export const saveAttempt = (id: string, body: Autosave) => call(systemDesignApi.saveDesignAttempt, { params: { id }, body });

export function useSubmitAttempt(id: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: async () => (await call(systemDesignApi.submitDesignAttempt, { params: { id } })).data, onSuccess: refresh });
}

export function useRateAttempt(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: Rubric) => (await call(systemDesignApi.rateDesignAttempt, { params: { id }, body })).data,
    onSuccess: refresh,
  });
}

/** Community's answer while the caller has not submitted an attempt of the prompt: others' designs stay hidden. */
export const designsHidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * Community designs: a prompt's published designs (served by community). Right after a submit,
 * community may not have heard of it yet: while `submitted` and still hidden, it asks again.
 */
export function useCommunityDesigns(slug: string, submitted: boolean) {
  return useQuery({
    ...endpointQuery(communityApi.listCommunityDesigns, { query: { prompt: slug } }),
    refetchInterval: (query) => (submitted && designsHidden(query.state.error) ? 2000 : false),
  });
}

/** One design's drawing, read when its reader opens it. */
export function useCommunityDesign(id: string) {
  return useQuery(endpointQuery(communityApi.getCommunityDesign, { params: { id } }));
}

function useRefreshDesigns() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] === communityApi.listCommunityDesigns.path });
}

export function usePublishAttempt() {
  const refresh = useRefreshDesigns();
  return useMutation({
    mutationFn: async ({ id, showUsername }: { id: string; showUsername: boolean }) =>
      (await call(systemDesignApi.publishDesignAttempt, { params: { id }, body: { show_username: showUsername } })).data,
    // Community lists it once practice's event arrives: moments later, so the list asks again shortly.
    onSuccess: () => setTimeout(() => void refresh(), 1000),
  });
}

export function useDesignUpvote() {
  const refresh = useRefreshDesigns();
  return useMutation({
    mutationFn: async ({ id, on }: { id: string; on: boolean }) =>
      on
        ? void (await call(communityApi.upvoteCommunityDesign, { params: { id } }))
        : void (await call(communityApi.removeCommunityDesignUpvote, { params: { id } })),
    onSuccess: refresh,
  });
}

export function useUnpublishDesign() {
  const refresh = useRefreshDesigns();
  return useMutation({ mutationFn: async (id: string) => void (await call(communityApi.unpublishCommunityDesign, { params: { id } })), onSuccess: refresh });
}

export function useDesignComments(id: string) {
  return useQuery(endpointQuery(communityApi.listDesignComments, { params: { id } }));
}

export function useAddDesignComment(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) => (await call(communityApi.addDesignComment, { params: { id }, body: { body } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: endpointKey(communityApi.listDesignComments, { params: { id } }) }),
  });
}

export function useEditDesignComment(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ commentId, body }: { commentId: string; body: string }) =>
      (await call(communityApi.editDesignComment, { params: { id, commentId }, body: { body } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: endpointKey(communityApi.listDesignComments, { params: { id } }) }),
  });
}

/** Flagging needs Ask a SWE's flag privilege (reputation): the caller's standing says whether they have it. */
export function useMayFlag(): boolean {
  const standing = useQuery(endpointQuery(communityApi.myAskStanding));
  return standing.data?.privileges.flag ?? false;
}

/** A flag on a design, or on one of its comments; a design hidden by it leaves the others' list. */
export function useFlagDesign(id: string) {
  const client = useQueryClient();
  const refresh = useRefreshDesigns();
  return useMutation({
    mutationFn: async ({ commentId, body }: { commentId?: string; body: FlagBody }) =>
      commentId ? call(communityApi.flagDesignComment, { params: { id, commentId }, body }) : call(communityApi.flagCommunityDesign, { params: { id }, body }),
    onSuccess: (_, { commentId }) =>
      commentId ? client.invalidateQueries({ queryKey: endpointKey(communityApi.listDesignComments, { params: { id } }) }) : refresh(),
  });
}
