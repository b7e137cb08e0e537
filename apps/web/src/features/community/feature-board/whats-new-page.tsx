import { ArrowLeft, Loader2, ThumbsUp } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/label';
import { useDocumentTitle } from '@/lib/document-title';
import { useShippedFeatures } from './api';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** What's new: the requests that are done, the most recently done first. */
export default function WhatsNewPage() {
  useDocumentTitle("What's new");
  const shipped = useShippedFeatures();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Button asChild variant="ghost" size="sm">
        <Link to="/feature-request">
          <ArrowLeft aria-hidden /> Feature requests
        </Link>
      </Button>
      <header>
        <h1 className="text-3xl font-bold tracking-tight">What&apos;s new</h1>
        <p className="text-muted-foreground">Feature requests we have completed, newest first</p>
      </header>
      {shipped.isPending ? (
        <p role="status" className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading what&apos;s new...
        </p>
      ) : shipped.isError ? (
        <FormError>Failed to fetch what&apos;s new</FormError>
      ) : shipped.data.length === 0 ? (
        <p className="py-16 text-center text-muted-foreground">Nothing completed yet: vote for what you want next</p>
      ) : (
        <ol className="space-y-3" aria-label="Completed feature requests">
          {shipped.data.map((f) => (
            <li key={f.id} className="space-y-1 rounded-lg border bg-card p-4 text-card-foreground">
              <p className="text-xs font-medium uppercase tracking-wide text-emerald-700 dark:text-emerald-300">
                Completed <time dateTime={f.completed_at}>{day.format(new Date(f.completed_at))}</time>
              </p>
              <h2 className="font-semibold [overflow-wrap:anywhere]">
                <Link to={`/feature-requests/${f.id}`} className="hover:underline">
                  {f.title}
                </Link>
              </h2>
              <p className="whitespace-pre-line text-sm text-muted-foreground [overflow-wrap:anywhere]">{f.description}</p>
              <p className="flex items-center gap-1 text-xs text-muted-foreground">
                <ThumbsUp className="size-3" aria-hidden /> {f.upvotes} {f.upvotes === 1 ? 'vote' : 'votes'}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
