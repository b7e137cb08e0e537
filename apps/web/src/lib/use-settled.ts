import * as React from 'react';

/** The text as typed, settled for `ms` (one request per pause, not per key). */
export function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
