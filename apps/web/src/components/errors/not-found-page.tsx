import { CloudLightning } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';

/** A tab whose history holds only this page (opened fresh, or from a link in a new tab): "back" would leave it. */
const canGoBack = () => window.history.length > 1;

export default function NotFoundPage() {
  const navigate = useNavigate();
  useDocumentTitle('404 Not Found');
  return (
    <section className="flex flex-col items-center justify-center gap-4 py-20 text-center">
      <CloudLightning className="size-16 text-bolt" aria-hidden />
      <h1 className="text-4xl font-bold tracking-tight">404 Not Found</h1>
      <p className="text-lg font-medium">Thunder has struck this path.</p>
      <p className="max-w-md text-muted-foreground">
        Whatever lived here was hit by lightning, or never existed. The storm passes; head back to where the skies were clear.
      </p>
      {/* Opened in a fresh tab, "back" has nowhere to go: go home instead. */}
      <Button onClick={() => (canGoBack() ? navigate(-1) : navigate('/', { replace: true }))}>Go Back</Button>
    </section>
  );
}
