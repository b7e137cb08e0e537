import { practiceApi } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/api';

/** The browser's time zone: the analytics count the candidate's own days. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function usePracticeAnalytics() {
  return useQuery(endpointQuery(practiceApi.practiceAnalytics, { query: { tz: browserTimeZone() } }));
}
