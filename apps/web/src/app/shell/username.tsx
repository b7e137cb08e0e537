import * as React from 'react';
import { useAfterContent } from '@/lib/after-content';

const ProfileUsername = React.lazy(() => import('./profile-username'));

/** Renders with the profile's username once known (undefined until the page has shown its content, while it loads, or when it cannot). */
export function WithUsername({ children }: { children: (username: string | undefined) => React.ReactNode }) {
  const contentShown = useAfterContent();
  if (!contentShown) return children(undefined);
  return (
    <React.Suspense fallback={children(undefined)}>
      <ProfileUsername>{children}</ProfileUsername>
    </React.Suspense>
  );
}
