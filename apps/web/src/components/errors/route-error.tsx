import { AlertTriangle } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { errorMessage } from './error-boundary';
import { DocumentTitle } from '@/lib/document-title';

const messageOf = (error: unknown): string => {
  if (isRouteErrorResponse(error)) return error.statusText || `Error ${error.status}`;
  return error instanceof Error ? errorMessage(error) : 'An unexpected error occurred';
};

/**
 * The router's own error screen: whatever a route throws (the shell included) lands here instead of
 * a blank page, with a way to try again and a way home. A full load of either starts the app afresh.
 */
export function RouteError() {
  const error = useRouteError();
  console.error('route failed', error);
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-background p-6">
      <div role="alert" className="w-full max-w-lg rounded-lg border bg-card p-8 text-center shadow-sm">
        <DocumentTitle title="Something went wrong" />
        <AlertTriangle className="mx-auto mb-3 size-8 text-destructive" aria-hidden />
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="mt-2 break-words text-sm text-muted-foreground">{messageOf(error)}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild variant="outline">
            <a href="/">Go to the home page</a>
          </Button>
          <Button onClick={() => window.location.reload()}>Try again</Button>
        </div>
      </div>
    </main>
  );
}
