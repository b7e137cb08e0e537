import { QueryClientProvider } from '@tanstack/react-query';
import * as React from 'react';
import { browserTimeZone, useSetTimeZone, useTimeZone } from '@/lib/time-zone';
import { queryClient } from '@/lib/query-client';

function StoreOnce() {
  const zone = useTimeZone();
  const { mutate } = useSetTimeZone();
  const asked = React.useRef(false);
  React.useEffect(() => {
    if (zone.data?.time_zone !== null || asked.current) return;
    asked.current = true;
    mutate(browserTimeZone());
  }, [zone.data, mutate]);
  return null;
}

/**
 * A signed-in candidate without a stored time zone gets the browser's, once, without doing anything:
 * their days and the morning of the daily review e-mail are then their own. Renders nothing; its own
 * module, so the data layer stays out of the first page's code.
 */
export default function BrowserTimeZone() {
  return (
    <QueryClientProvider client={queryClient}>
      <StoreOnce />
    </QueryClientProvider>
  );
}
