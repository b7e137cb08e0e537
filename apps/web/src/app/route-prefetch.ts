import { interviewsApi, practiceApi, voiceApi } from '@app/contracts';
import { opportunityPagesQuery } from '@/features/community/opportunities/list-query';
import { interviewPagesQuery } from '@/features/interviews/list-query';
import { whenIdle } from '@/lib/after-content';
import { endpointQuery } from '@/lib/api';
import { queryClient } from '@/lib/query-client';

/**
 * A signed-in page's code and the calls its first screen makes, started together: on the link's
 * hover, focus or touch, and on opening the page, instead of the calls waiting for the code. The
 * lists whose keys follow the URL's filters (interviews, opportunities) get their calls only for
 * an address without filters, as the sidebar's links are (`filtered`).
 */
const pages: Record<string, { code: () => Promise<unknown>; data?: () => Array<Promise<unknown>>; filtered?: true }> = {
  '/leetcode': {
    code: () => import('@/features/problem-review/problem-review-page'),
    data: () => [
      queryClient.prefetchQuery(endpointQuery(practiceApi.listQuestions)),
      queryClient.prefetchQuery(endpointQuery(practiceApi.practiceSummary)),
      queryClient.prefetchQuery(endpointQuery(practiceApi.practiceAnalytics)),
    ],
  },
  // Today's queue is not kept once its page is left (gcTime 0): kept here until the page mounts.
  '/leetcode/session': {
    code: () => import('@/features/problem-review/review-session-page'),
    data: () => [queryClient.prefetchQuery({ ...endpointQuery(practiceApi.dueQueue), gcTime: 30_000 })],
  },
  '/analytics': {
    code: () => import('@/features/analytics/analytics-page'),
    data: () => [queryClient.prefetchQuery(endpointQuery(practiceApi.practiceAnalytics))],
  },
  '/ai-mocks': {
    code: () => import('@/features/ai-mocks/ai-mocks-page'),
    data: () => [queryClient.prefetchQuery(endpointQuery(voiceApi.credits))],
  },
  '/candidate-interviews': {
    code: () => import('@/features/interviews/interviews-page'),
    data: () => [
      queryClient.prefetchInfiniteQuery(interviewPagesQuery({}, '')),
      queryClient.prefetchQuery(endpointQuery(interviewsApi.listInterviewLocations)),
    ],
    filtered: true,
  },
  '/pathfinder': {
    code: () => import('@/features/community/opportunities-page'),
    data: () => [queryClient.prefetchInfiniteQuery(opportunityPagesQuery({}))],
    filtered: true,
  },
  '/system-design': { code: () => import('@/features/system-design/pages') },
};

const started = new Map<string, number>();

/**
 * Starts `path`'s code and data once per few seconds (a hover then a click fetch once); failures
 * are left to the page. `search` is the address's query string: a filtered list's data is its own.
 */
export function prefetchPage(path: string, search = ''): void {
  const page = pages[path];
  const last = started.get(path);
  if (!page || (last !== undefined && Date.now() - last < 10_000)) return;
  started.set(path, Date.now());
  const data = page.filtered && search !== '' ? [] : (page.data?.() ?? []);
  for (const step of [page.code(), ...data]) step.catch(() => undefined);
}

const idle = () => new Promise<void>((resolve) => whenIdle(resolve));

/**
 * The other signed-in pages' code, one page at a time while the browser is idle, once the page
 * opened has shown its content: a click on the sidebar then waits for the page's data at most, not
 * for its code to arrive and run. Their data waits for the user's intent (prefetchPage), since it
 * changes.
 */
export async function warmPagesCode(): Promise<void> {
  // A browser asked to save data (Save-Data) fetches a page's code when it is wanted, not before.
  if ((navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return;
  for (const page of Object.values(pages)) {
    await idle();
    await page.code().catch(() => undefined);
  }
}
