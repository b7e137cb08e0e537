import { companySlug } from '@app/contracts';
import { Building2 } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/lib/utils';
import { logoPath, monogram } from '../format';
import { logoSlugs } from './logo-slugs';

const frame = 'inline-flex size-8 shrink-0 items-center justify-center rounded-md';

/**
 * The company's logo from /logos/{slug}.png when there is one (logo-slugs lists them, so no page asks
 * for a file that is not there); otherwise its initials, as the logos themselves are drawn. Should
 * a listed file still fail to load, a generic building icon.
 */
export function CompanyLogo({ name, className }: { name: string; className?: string }) {
  const src = logoPath(name);
  // The path that failed: another name gets its own try.
  const [failed, setFailed] = React.useState<string>();
  if (!logoSlugs.has(companySlug(name))) {
    return (
      <span data-testid="logo-initials" className={cn(frame, 'bg-primary/10 text-xs font-semibold text-primary', className)} aria-hidden>
        {monogram(name)}
      </span>
    );
  }
  if (failed === src) {
    return (
      <span data-testid="logo-fallback" className={cn(frame, 'bg-muted text-muted-foreground', className)} aria-hidden>
        <Building2 className="size-1/2" />
      </span>
    );
  }
  return (
    <img src={src} alt="" aria-hidden className={cn('size-8 shrink-0 rounded-md object-contain', className)} onError={() => setFailed(src)} loading="lazy" />
  );
}
