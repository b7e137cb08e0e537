import { Hourglass } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';

/** A sidebar entry marked Soon, opened directly: say what is coming instead of '404 Not Found'. */
export default function SoonPage({ feature }: { feature: string }) {
  useDocumentTitle(`${feature} (coming soon)`);
  return (
    <section className="flex flex-col items-center justify-center gap-4 py-20 text-center">
      <Hourglass className="size-14 text-primary" aria-hidden />
      <h1 className="text-3xl font-bold tracking-tight">{feature} is coming soon</h1>
      <p className="max-w-md text-muted-foreground">We are building {feature} right now. Until it lands, keep your streak going with the problems you track.</p>
      <Button asChild>
        <Link to="/leetcode">Go to Problem Review</Link>
      </Button>
    </section>
  );
}
