import { practiceApi, voiceApi } from '@app/contracts';
import { endpointQuery } from '@/lib/api';
import { queryClient } from '@/lib/query-client';

/**
 * A signed-in page's code and the calls its first screen makes, started together: on the link's
 * hover, focus or touch, and on opening the page, instead of the calls waiting for the code. The
 * lists whose keys follow the URL's filters (interviews, opportunities) get their code only.
 */
const pages: Record<string, () => Array<Promise<unknown>>> = {
  '/leetcode': () => [
    import('@/features/problem-review/problem-review-page'),
    queryClient.prefetchQuery(endpointQuery(practiceApi.listQuestions)),
    queryClient.prefetchQuery(endpointQuery(practiceApi.practiceSummary)),
    queryClient.prefetchQuery(endpointQuery(practiceApi.practiceAnalytics)),
  ],
  // Today's queue is not kept once its page is left (gcTime 0): kept here until the page mounts.
  '/leetcode/session': () => [
    import('@/features/problem-review/review-session-page'),
    queryClient.prefetchQuery({ ...endpointQuery(practiceApi.dueQueue), gcTime: 30_000 }),
  ],
  '/analytics': () => [import('@/features/analytics/analytics-page'), queryClient.prefetchQuery(endpointQuery(practiceApi.practiceAnalytics))],
  '/ai-mocks': () => [import('@/features/ai-mocks/ai-mocks-page'), queryClient.prefetchQuery(endpointQuery(voiceApi.credits))],
  '/candidate-interviews': () => [import('@/features/interviews/interviews-page')],
  '/pathfinder': () => [import('@/features/community/opportunities-page')],
  '/system-design': () => [import('@/features/system-design/pages')],
};

const started = new Map<string, number>();

/** Starts `path`'s code and data once per few seconds (a hover then a click fetch once); failures are left to the page. */
export function prefetchPage(path: string): void {
  const load = pages[path];
  const last = started.get(path);
  if (!load || (last !== undefined && Date.now() - last < 10_000)) return;
  started.set(path, Date.now());
  for (const step of load()) step.catch(() => undefined);
}
