import { QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { useProfile } from '@/features/settings/api';
import { queryClient } from '@/lib/query-client';

function Username({ children }: { children: (username: string | undefined) => React.ReactNode }) {
  const profile = useProfile();
  return children(profile.data?.username);
}

/**
 * The signed-in user's profile username, from the same cache the settings page writes, so the
 * shell follows a rename at once. Its own module: the data layer stays out of the first page's code.
 */
export default function ProfileUsername({ children }: { children: (username: string | undefined) => React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Username>{children}</Username>
    </QueryClientProvider>
  );
}
