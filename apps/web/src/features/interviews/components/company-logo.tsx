import { Building2 } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/lib/utils';
import { logoPath } from '../format';

/** The company's logo from /logos/{slug}.png; a generic building icon when there is none. */
export function CompanyLogo({ name, className }: { name: string; className?: string }) {
  const src = logoPath(name);
  // The path that failed: another name gets its own try.
  const [failed, setFailed] = React.useState<string>();
  if (failed === src) {
    return (
      <span
        data-testid="logo-fallback"
        className={cn('inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground', className)}
        aria-hidden
      >
        <Building2 className="size-1/2" />
      </span>
    );
  }
  return (
    <img src={src} alt="" aria-hidden className={cn('size-8 shrink-0 rounded-md object-contain', className)} onError={() => setFailed(src)} loading="lazy" />
  );
}
