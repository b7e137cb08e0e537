import { QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { queryClient } from './query-client';

/** The data layer, loaded with the first page that fetches (the landing page does not). */
export default function QueryProvider({ children }: { children: React.ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
