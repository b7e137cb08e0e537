import * as React from 'react';

/**
 * A part of a page that is not what the page is opened for (a dialog and its form, a chart): its
 * code loads after the page's own, so the page's content does not wait for it, and `placeholder`
 * holds its place meanwhile (its trigger, disabled; a box of its height).
 */
export function deferred<P extends object>(load: () => Promise<React.ComponentType<P>>, placeholder: React.ReactNode) {
  const Part = React.lazy(async () => ({ default: await load() }));
  return function Deferred(props: P) {
    return (
      <React.Suspense fallback={placeholder}>
        <Part {...props} />
      </React.Suspense>
    );
  };
}
