import { communityApi, FeatureRequestText } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '@/lib/api';

/** One request for its detail view; merged ones say where they went. */
export function useFeatureRequest(id: string) {
  return useQuery(endpointQuery(communityApi.getFeatureRequest, { params: { id } }));
}

export function useFeatureComments(id: string) {
  return useQuery(endpointQuery(communityApi.listFeatureComments, { params: { id } }));
}

export function useShippedFeatures() {
  return useQuery(endpointQuery(communityApi.listShippedFeatures));
}

/** After any change to a request's comments: its thread and its count on the detail view. */
function useRefreshThread(id: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: endpointKey(communityApi.listFeatureComments, { params: { id } }) }),
      client.invalidateQueries({ queryKey: endpointKey(communityApi.getFeatureRequest, { params: { id } }) }),
    ]);
}

export function useAddComment(id: string) {
  const refresh = useRefreshThread(id);
  return useMutation({
    mutationFn: (body: string) => call(communityApi.addFeatureComment, { params: { id }, body: { body } }),
    onSuccess: refresh,
  });
}

export function useEditComment(id: string) {
  const refresh = useRefreshThread(id);
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: string }) =>
      call(communityApi.editFeatureComment, { params: { id, commentId }, body: { body } }),
    onSuccess: refresh,
  });
}

export function useDeleteComment(id: string) {
  const refresh = useRefreshThread(id);
  return useMutation({
    mutationFn: (commentId: string) => call(communityApi.deleteFeatureComment, { params: { id, commentId } }),
    onSuccess: refresh,
  });
}

/** Its author (while it waits for review) or a moderator corrects its title and description; the board lists the new title. */
export function useEditFeatureText(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: FeatureRequestText) => call(communityApi.editFeatureRequest, { params: { id }, body: text }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: endpointKey(communityApi.getFeatureRequest, { params: { id } }) }),
        client.invalidateQueries({ queryKey: endpointKey(communityApi.listFeatureRequests) }),
      ]),
  });
}

/** Moderators: the duplicate leaves the board, and both requests' views change. */
export function useMergeFeature(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (intoId: string) => call(communityApi.mergeFeatureRequest, { params: { id }, body: { into_id: intoId } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: endpointKey(communityApi.listFeatureRequests) }),
        client.invalidateQueries({ queryKey: endpointKey(communityApi.getFeatureRequest) }),
        client.invalidateQueries({ queryKey: endpointKey(communityApi.featureInteractions) }),
      ]),
  });
}
