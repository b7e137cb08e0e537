import * as React from 'react';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DocumentTitle } from '@/lib/document-title';

interface Props {
  children: React.ReactNode;
  /** What to render instead; the default is the in-page "Something went wrong" card. */
  fallback?: (error: Error, reset: () => void) => React.ReactNode;
}

/**
 * A page's code that failed to download (a dropped connection, or a deploy replaced it): React
 * keeps that failure, so only loading the app afresh can try again.
 */
const isCodeLoadFailure = (error: unknown) =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|Unable to preload/i.test(error.message);

export const errorMessage = (error: Error) =>
  isCodeLoadFailure(error) ? 'This page could not be loaded. Check your connection and try again.' : error.message || 'An unexpected error occurred';

/** Catches a page's rendering error so the rest of the app keeps working. */
export class ErrorBoundary extends React.Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: React.ErrorInfo) {
    console.error('render failed', error, info.componentStack);
  }

  reset = () => (isCodeLoadFailure(this.state.error) ? window.location.reload() : this.setState({ error: null }));

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback) return this.props.fallback(error, this.reset);
    return (
      <div role="alert" className="mx-auto max-w-lg rounded-lg border bg-card p-8 text-center shadow-sm">
        <DocumentTitle title="Something went wrong" />
        <AlertTriangle className="mx-auto mb-3 size-8 text-destructive" aria-hidden />
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="mt-2 break-words text-sm text-muted-foreground">{errorMessage(error)}</p>
        <Button className="mt-6" onClick={this.reset}>
          Try again
        </Button>
      </div>
    );
  }
}
