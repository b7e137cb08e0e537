import { QueryClient } from '@tanstack/react-query';

/** Spec section 7: fresh for 2 minutes, no retries, no refetch on focus, mutations not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 2 * 60 * 1000, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
