import * as React from 'react';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DocumentTitle } from '@/lib/document-title';

interface Props {
  children: React.ReactNode;
  /** What to render instead; the default is the in-page "Something went wrong" card. */
  fallback?: (error: Error, reset: () => void) => React.ReactNode;
}

/** Catches a page's rendering error so the rest of the app keeps working. */
export class ErrorBoundary extends React.Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: React.ErrorInfo) {
    console.error('render failed', error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback) return this.props.fallback(error, this.reset);
    return (
      <div role="alert" className="mx-auto max-w-lg rounded-lg border bg-card p-8 text-center shadow-sm">
        <DocumentTitle title="Something went wrong" />
        <AlertTriangle className="mx-auto mb-3 size-8 text-destructive" aria-hidden />
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-sm text-muted-foreground">{error.message || 'An unexpected error occurred'}</p>
        <Button className="mt-6" onClick={this.reset}>
          Try again
        </Button>
      </div>
    );
  }
}
