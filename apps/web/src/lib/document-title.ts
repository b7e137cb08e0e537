import { useEffect } from 'react';

const appName = 'Thunderprep';

/**
 * The browser tab's title while this page is shown ("Problem Review · Thunderprep"), so tabs,
 * history and screen readers tell pages apart. Leaving the page puts the previous title back.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · ${appName}`;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/** The same for places that cannot call a hook (an error boundary's fallback). */
export function DocumentTitle({ title }: { title: string }): null {
  useDocumentTitle(title);
  return null;
}
