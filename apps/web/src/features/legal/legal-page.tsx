import type * as React from 'react';
import { useDocumentTitle } from '@/lib/document-title';

/** A short legal text: a heading, when it was last changed, its sections. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: React.ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl space-y-6 break-words [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_p]:leading-7 [&_p]:text-muted-foreground">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-sm">Last updated {updated}</p>
      </header>
      {children}
    </article>
  );
}
