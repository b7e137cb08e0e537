import { CloudLightning } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DocumentTitle } from '@/lib/document-title';

/** The last resort when the app itself fails. */
export function FullPageFallback({ error }: { error: Error }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-background p-6 text-center">
      <DocumentTitle title="Thunderstruck!" />
      <CloudLightning className="size-14 text-bolt" aria-hidden />
      <h1 className="text-3xl font-bold">Thunderstruck!</h1>
      <p className="max-w-md text-muted-foreground">{error.message || 'An unexpected error occurred'}</p>
      <p className="text-sm text-muted-foreground">Our team has been notified and is looking into it.</p>
      <div className="flex gap-3">
        <Button
          variant="outline"
          onClick={() => {
            window.history.back();
            setTimeout(() => window.location.reload(), 100);
          }}
        >
          Return to Safety
        </Button>
        <Button onClick={() => window.location.reload()}>Try Again Now</Button>
      </div>
    </main>
  );
}
