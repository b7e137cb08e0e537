import { Loader2 } from 'lucide-react';
import * as React from 'react';

export function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-10 text-muted-foreground">
      <Loader2 className="size-4 animate-spin" aria-hidden /> {label}
    </p>
  );
}

export const Empty = ({ children }: { children: React.ReactNode }) => <p className="py-10 text-center text-muted-foreground">{children}</p>;
