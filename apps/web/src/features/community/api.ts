import { communityApi, ContactForm, FeatureInteractions, FeatureRequestStatus, FeatureSort, isModerator } from '@app/contracts';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '@/lib/api';
import { useAuth } from '@/lib/auth';

const flag = (on: boolean | undefined) => (on ? ('true' as const) : undefined);

export function useFeatureRequests(filters: { q?: string; status?: Exclude<FeatureRequestStatus, 'pending'>; voted?: boolean; sort?: FeatureSort }) {
  const { user } = useAuth();
  return useQuery({
    ...endpointQuery(communityApi.listFeatureRequests, {
      query: { q: filters.q || undefined, status: filters.status, voted: flag(filters.voted), sort: filters.sort },
    }),
    enabled: !!user,
    // The list stays on screen while the next search loads, instead of blinking to a spinner.
    placeholderData: keepPreviousData,
  });
}

/** Spec section 7: the interactions are asked for each request, only when the list is non-empty. */
export function useFeatureInteractions(ids: string[]) {
  return useQueries({ queries: ids.map((id) => endpointQuery(communityApi.featureInteractions, { params: { id } })) });
}

const interactionsKey = (id: string) => endpointKey(communityApi.featureInteractions, { params: { id } });

/**
 * Spec section 4: with an upvote and its id known, the interaction is deleted; otherwise an upvote
 * is created; then the interactions are refetched. The highlight and count change at once.
 */
export function useToggleFeatureVote() {
  const client = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async ({ id, current }: { id: string; current: FeatureInteractions }) => {
      if (current.hasUserUpvoted && current.userInteractionId) {
        await call(communityApi.removeFeatureInteraction, { params: { id, interactionId: current.userInteractionId } });
      } else {
        await call(communityApi.upvoteFeature, { params: { id }, body: { interaction_type: 'upvote' } });
      }
    },
    onMutate: async ({ id, current }) => {
      await client.cancelQueries({ queryKey: interactionsKey(id) });
      const next: FeatureInteractions = current.hasUserUpvoted
        ? { ...current, interactions: current.interactions.filter((i) => i.id !== current.userInteractionId), hasUserUpvoted: false, userInteractionId: null }
        : {
            ...current,
            interactions: [
              ...current.interactions,
              {
                id,
                user_id: user?.id ?? null,
                entity_type: 'feature_request',
                entity_id: id,
                interaction_type: 'upvote',
                reaction: null,
                created_at: new Date().toISOString(),
              },
            ],
            hasUserUpvoted: true,
            userInteractionId: null,
          };
      client.setQueryData(interactionsKey(id), next);
      return { current };
    },
    onError: (_err, { id }, context) => {
      if (context) client.setQueryData(interactionsKey(id), context.current);
    },
    onSettled: (_data, _err, { id }) => client.invalidateQueries({ queryKey: interactionsKey(id) }),
  });
}

/** E-mail updates on a request: PUT subscribes, DELETE unsubscribes; the button shows the new state at once. */
export function useToggleFeatureSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subscribe }: { id: string; subscribe: boolean }) =>
      call(subscribe ? communityApi.subscribeToFeature : communityApi.unsubscribeFromFeature, { params: { id } }),
    onMutate: async ({ id, subscribe }) => {
      await client.cancelQueries({ queryKey: interactionsKey(id) });
      const current = client.getQueryData<FeatureInteractions>(interactionsKey(id));
      if (current) client.setQueryData(interactionsKey(id), { ...current, isSubscribed: subscribe });
      return { current };
    },
    onError: (_err, { id }, context) => {
      if (context?.current) client.setQueryData(interactionsKey(id), context.current);
    },
    onSettled: (_data, _err, { id }) => client.invalidateQueries({ queryKey: interactionsKey(id) }),
  });
}

export function useSubmitContact() {
  return useMutation({ mutationFn: (body: ContactForm) => call(communityApi.submitContactForm, { body }) });
}

/** Moderators: app_metadata.role in the signed-in user's token. */
export function useIsModerator(): boolean {
  const { user } = useAuth();
  return !!user && isModerator(user);
}

export function useFeatureQueue(enabled: boolean) {
  return useQuery({ ...endpointQuery(communityApi.listFeatureRequests, { query: { status: 'pending' } }), enabled });
}

export function useContactSubmissions(enabled: boolean) {
  return useQuery({ ...endpointQuery(communityApi.listContactSubmissions), enabled });
}

export function useModerateFeature() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: string; status: FeatureRequestStatus; reason?: string }) =>
      call(communityApi.moderateFeatureRequest, { params: { id }, body: { status, reason } }),
    onSuccess: () =>
      Promise.all(
        [communityApi.listFeatureRequests, communityApi.moderationSummary, communityApi.moderationLog].map((endpoint) =>
          client.invalidateQueries({ queryKey: endpointKey(endpoint) }),
        ),
      ),
  });
}
