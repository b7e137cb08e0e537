import { Heart, Loader2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useDocumentTitle } from '@/lib/document-title';
import { cn } from '@/lib/utils';
import { ListItem } from './components/list-item';
import { OwnSubmissions } from './moderation/own-submissions';
import { useMarkResource, useResources } from './resources/api';
import { SubmitResourceDialog } from './resources/submit-resource-dialog';

export default function ExternalResourcesPage() {
  useDocumentTitle('External Resources');
  const resources = useResources();
  const mark = useMarkResource();
  if (resources.isError) throw resources.error;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">External Resources</h1>
          <p className="text-muted-foreground">Share and discover helpful resources for technical interviews</p>
        </div>
        <SubmitResourceDialog />
      </header>
      <OwnSubmissions kind="resource" />
      {resources.isPending ? (
        <p role="status" className="flex justify-center py-16">
          <Loader2 className="size-6 animate-spin text-muted-foreground" aria-hidden />
          <span className="sr-only">Loading resources</span>
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Resources">
          {resources.data.map((r) => (
            <ListItem
              key={r.id}
              title={r.title}
              description={r.description}
              author={r.author}
              postedAt={r.createdAt}
              url={r.url}
              badges={r.status === 'pending' ? <Badge variant="secondary">Pending review</Badge> : null}
              upvote={{
                count: r.upvotes,
                active: r.hasUserUpvoted,
                busy: false,
                onToggle: () => mark.mutate({ id: r.id, type: 'upvote', on: !r.hasUserUpvoted }),
              }}
              actions={
                <Button
                  variant="ghost"
                  size="sm"
                  aria-pressed={r.isFavorite}
                  aria-label={`Favorite ${r.title}`}
                  className={cn(r.isFavorite && 'text-rose-600 dark:text-rose-400')}
                  onClick={() => {
                    mark.mutate({ id: r.id, type: 'favorite', on: !r.isFavorite });
                    toast({ title: r.isFavorite ? 'Resource removed from favorites' : 'Resource added to favorites' });
                  }}
                >
                  <Heart className={cn(r.isFavorite && 'fill-current')} aria-hidden /> Favorite
                </Button>
              }
            />
          ))}
        </ul>
      )}
    </div>
  );
}
