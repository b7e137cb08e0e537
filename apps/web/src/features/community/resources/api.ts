import { communityApi, CreateResource, ExternalResource } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '@/lib/api';

const listKey = endpointKey(communityApi.listExternalResources);
const submissionsKey = endpointKey(communityApi.ownSubmissions);

export function useResources() {
  return useQuery(endpointQuery(communityApi.listExternalResources));
}

export function useCreateResource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateResource) => call(communityApi.createResource, { body }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: listKey }), client.invalidateQueries({ queryKey: submissionsKey })]),
  });
}

type Mark = { id: string; type: 'upvote' | 'favorite'; on: boolean };
const markCalls = {
  upvote: [communityApi.upvoteResource, communityApi.removeResourceUpvote],
  favorite: [communityApi.favoriteResource, communityApi.unfavoriteResource],
} as const;

/** Upvote or favourite on and off, shown at once and put back if the server refuses. */
export function useMarkResource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, type, on }: Mark) => call(markCalls[type][on ? 0 : 1], { params: { id } }),
    onMutate: async ({ id, type, on }: Mark) => {
      await client.cancelQueries({ queryKey: listKey });
      const previous = client.getQueriesData<ExternalResource[]>({ queryKey: listKey });
      client.setQueriesData<ExternalResource[]>({ queryKey: listKey }, (list) =>
        list?.map((r) => {
          if (r.id !== id) return r;
          if (type === 'favorite') return { ...r, isFavorite: on };
          return { ...r, hasUserUpvoted: on, upvotes: r.upvotes + (on === r.hasUserUpvoted ? 0 : on ? 1 : -1) };
        }),
      );
      return { previous };
    },
    onError: (_err, _vars, context) => {
      for (const [queryKey, data] of context?.previous ?? []) client.setQueryData(queryKey, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: listKey }),
  });
}
