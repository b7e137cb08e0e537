import { CloudLightning } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';

/**
 * Whether "back" stays in the app. The Navigation API knows (it lists only this origin's entries);
 * without it, React Router's entry index: 0 is this tab's first page of the app.
 */
const canGoBack = () => {
  const navigation = (window as { navigation?: { canGoBack: boolean } }).navigation;
  return navigation ? navigation.canGoBack : ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
};

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
