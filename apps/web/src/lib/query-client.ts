import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { SESSION_STORAGE_KEY } from './supabase';

/** Spec section 7: fresh for 2 minutes, no retries, no refetch on focus, mutations not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 2 * 60 * 1000, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** Saved answers, one entry per account: `query-cache:<user id>`. */
const SAVED_PREFIX = 'query-cache:';
/** Older saved answers are not shown: a page waits for the server instead. */
const SAVED_MAX_AGE_MS = 60 * 60 * 1000;
/** localStorage holds about 5 MB for the whole origin; a larger cache is not saved. */
const SAVED_MAX_CHARS = 1_000_000;

function signedInUserId(): string | undefined {
  try {
    return (JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as { user?: { id?: string } } | null)?.user?.id ?? undefined;
  } catch {
    return undefined;
  }
}

/** On sign-out: nothing of this account's answers stays in the browser. */
export function forgetSavedQueries(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith(SAVED_PREFIX)) localStorage.removeItem(key);
}

/**
 * A reload or a return visit shows the lists as they were (saved in localStorage for an hour,
 * per account) while they are fetched again: restored answers count as stale, so each page still
 * asks the server and updates. Queries that must not outlive their page (gcTime 0) are not saved,
 * nor those marked `meta: { savedAcrossVisits: false }`: a document an editor opens with (a design
 * attempt) must come from the server, or a reload would start editing from an older copy.
 */
function keepAcrossVisits(client: QueryClient): void {
  const userId = signedInUserId();
  if (!userId) return;
  const key = SAVED_PREFIX + userId;
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as { savedAt: number; state: ReturnType<typeof dehydrate> } | null;
    if (saved && Date.now() - saved.savedAt < SAVED_MAX_AGE_MS) {
      for (const query of saved.state.queries) query.state.dataUpdatedAt = 0;
      hydrate(client, saved.state);
    }
  } catch {
    localStorage.removeItem(key);
  }
  const save = () => {
    // Signed out, or another account signed in in this tab: not this entry's to write.
    if (signedInUserId() !== userId) return;
    const state = dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && query.gcTime > 0 && query.meta?.savedAcrossVisits !== false,
    });
    const text = JSON.stringify({ savedAt: Date.now(), state });
    try {
      if (text.length > SAVED_MAX_CHARS) localStorage.removeItem(key);
      else localStorage.setItem(key, text);
    } catch {
      localStorage.removeItem(key);
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    clearTimeout(timer);
    timer = setTimeout(save, 1000);
  });
  // A change made in the last second before a reload or a closed tab is saved too: the next visit
  // must not start from the answers before it (a cleared interview date shown as still set).
  window.addEventListener('pagehide', () => {
    clearTimeout(timer);
    save();
  });
}

if (typeof window !== 'undefined') keepAcrossVisits(queryClient);
