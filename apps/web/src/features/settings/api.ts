import { communityApi, interviewsApi, profileApi, UpdateProfileInput } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '@/lib/api';
import { useAuth } from '@/lib/auth';

export function useProfile() {
  const { user } = useAuth();
  return useQuery({ ...endpointQuery(profileApi.getProfile), enabled: !!user });
}

/** The member's Ask a SWE reputation, shown on their profile. */
export function useReputation() {
  const { user } = useAuth();
  return useQuery({ ...endpointQuery(communityApi.userReputation, { params: { userId: user?.id ?? '' } }), enabled: !!user });
}

export function useCompanies() {
  return useQuery(endpointQuery(interviewsApi.listCompanies));
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileInput) => call(profileApi.updateProfile, { body }),
    onSuccess: ({ data }) => client.setQueryData(endpointKey(profileApi.getProfile, {}), data),
  });
}
