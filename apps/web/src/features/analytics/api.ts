import { practiceApi } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/api';

/** The candidate's readiness, counted in their own days (their time zone, set in Settings). */
export function usePracticeAnalytics() {
  return useQuery(endpointQuery(practiceApi.practiceAnalytics));
}
