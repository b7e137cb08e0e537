import * as React from 'react';

const ProfileUsername = React.lazy(() => import('./profile-username'));

/** Renders with the profile's username once known (undefined while it loads or when it cannot). */
export function WithUsername({ children }: { children: (username: string | undefined) => React.ReactNode }) {
  return (
    <React.Suspense fallback={children(undefined)}>
      <ProfileUsername>{children}</ProfileUsername>
    </React.Suspense>
  );
}
