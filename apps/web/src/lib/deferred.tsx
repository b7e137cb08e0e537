import * as React from 'react';
import { useAfterContent } from './after-content';

/**
 * A part of a page that is not what the page is opened for (a dialog and its form, a chart): its
 * code loads once the page has shown its content (after-content.ts), so the content waits neither
 * for it to arrive nor for it to run, and `placeholder` holds its place meanwhile (its trigger,
 * disabled; a box of its height; a function of the part's props where it names what it is for).
 * Once loaded, it renders at once wherever it is used again.
 */
export function deferred<P extends object>(load: () => Promise<React.ComponentType<P>>, placeholder: React.ReactNode | ((props: P) => React.ReactNode)) {
  let loaded = false;
  const Part = React.lazy(async () => {
    const component = await load();
    loaded = true;
    return { default: component };
  });
  return function Deferred(props: P) {
    const contentShown = useAfterContent();
    const holder = typeof placeholder === 'function' ? placeholder(props) : placeholder;
    if (!loaded && !contentShown) return holder;
    return (
      <React.Suspense fallback={holder}>
        <Part {...props} />
      </React.Suspense>
    );
  };
}
