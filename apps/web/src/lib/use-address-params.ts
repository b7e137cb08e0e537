import * as React from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The address's search parameters, and an edit of them that builds on the last edit asked for.
 *
 * react-router's functional setSearchParams hands the parameters of the render it came from, and a
 * navigation lands a render later: a filter picked while a settled search was still on its way
 * brought the old search back (the list said "No opportunities found"). Edits here start from the
 * last one asked for until the address shows something newer (a link, back, a reload).
 */
export function useAddressParams(): [URLSearchParams, (edit: (next: URLSearchParams) => void) => void] {
  const [params, setParams] = useSearchParams();
  const shown = params.toString();
  const asked = React.useRef(shown);
  // Before any effect or event of the render that shows a new address can edit it.
  React.useLayoutEffect(() => {
    asked.current = shown;
  }, [shown]);
  const edit = React.useCallback(
    (change: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(asked.current);
      change(next);
      asked.current = next.toString();
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, edit];
}
