import { Loader2, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';
import { useResources } from './api';
import { ListItem } from './components/list-item';

export default function ExternalResourcesPage() {
  useDocumentTitle('External Resources');
  const resources = useResources();
  if (resources.isError) throw resources.error;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">External Resources</h1>
          <p className="text-muted-foreground">Share and discover helpful resources for technical interviews</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/contact-form/feedback">
            <Plus aria-hidden /> Suggest a resource
          </Link>
        </Button>
      </header>
      {resources.isPending ? (
        <p role="status" className="flex justify-center py-16">
          <Loader2 className="size-6 animate-spin text-muted-foreground" aria-hidden />
          <span className="sr-only">Loading resources</span>
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Resources">
          {resources.data.map((r) => (
            <ListItem key={r.id} title={r.title} description={r.description} author={r.author} postedAt={r.createdAt} url={r.url} />
          ))}
        </ul>
      )}
    </div>
  );
}
