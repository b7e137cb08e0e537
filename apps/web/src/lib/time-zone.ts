import { practiceApi } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from './api';
import { useAuth } from './auth';

/** The zone this browser runs in: the candidate's until they choose another. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The candidate's stored zone (practice keeps it; null until set): the days Settings, Problem Review and the shell count in. */
export function useTimeZone() {
  const { user } = useAuth();
  return useQuery({ ...endpointQuery(practiceApi.getTimeZone), enabled: !!user });
}

/** Stores a zone; the figures counted in days (the due queue, the analytics) are asked again. */
export function useSetTimeZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (time_zone: string) => call(practiceApi.setTimeZone, { body: { time_zone } }),
    onSuccess: async ({ data }) => {
      client.setQueryData(endpointKey(practiceApi.getTimeZone, {}), data);
      await Promise.all([practiceApi.dueQueue, practiceApi.practiceAnalytics].map((spec) => client.invalidateQueries({ queryKey: endpointKey(spec) })));
    },
  });
}
