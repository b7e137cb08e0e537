import { relativeTime } from '@app/contracts';
import { ExternalLink, ThumbsUp } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export interface ListItemProps {
  title: string;
  description: string;
  author?: string;
  postedAt?: string;
  /** Shown with its count when given; disabled while its request is in flight. */
  upvote?: { count: number; active: boolean; busy: boolean; onToggle(): void };
  url?: string;
  /** Extra action buttons and badges, after the title. */
  badges?: React.ReactNode;
  actions?: React.ReactNode;
}

/** The shared list item of spec section 2 (feature requests, external resources). */
export function ListItem({ title, description, author, postedAt, upvote, url, badges, actions }: ListItemProps) {
  return (
    <li className="flex gap-4 rounded-lg border bg-card p-4 text-card-foreground shadow-sm">
      {upvote ? (
        <div className="flex flex-col items-center gap-1">
          <Button
            variant={upvote.active ? 'default' : 'outline'}
            size="icon"
            aria-pressed={upvote.active}
            aria-label={`Upvote ${title}`}
            disabled={upvote.busy}
            onClick={upvote.onToggle}
            className={cn(upvote.active && 'ring-2 ring-primary/30')}
          >
            <ThumbsUp aria-hidden />
          </Button>
          <span className="text-sm font-semibold tabular-nums" data-testid="upvote-count">
            {upvote.count}
          </span>
        </div>
      ) : null}
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 font-semibold leading-tight [overflow-wrap:anywhere]">{title}</h2>
          {badges}
        </div>
        <p className="whitespace-pre-line text-sm text-muted-foreground [overflow-wrap:anywhere]">{description}</p>
        {author || postedAt ? (
          <p className="text-xs text-muted-foreground">
            {[author ? `by ${author}` : null, postedAt ? `posted ${relativeTime(postedAt)}` : null].filter(Boolean).join(' • ')}
          </p>
        ) : null}
        {url || actions ? (
          <div className="flex flex-wrap gap-2 pt-2">
            {url ? (
              <Button asChild variant="outline" size="sm">
                <a href={url} target="_blank" rel="noopener noreferrer" aria-label={`Visit ${title} (opens in a new tab)`}>
                  <ExternalLink aria-hidden /> Visit
                </a>
              </Button>
            ) : null}
            {actions}
          </div>
        ) : null}
      </div>
    </li>
  );
}
