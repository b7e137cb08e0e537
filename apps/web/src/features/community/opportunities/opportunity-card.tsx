import type { Opportunity } from '@app/contracts';
import { ExternalLink, Flag, Heart, Pencil, RotateCcw, ThumbsUp } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { deferred } from '@/lib/deferred';
import { cn } from '@/lib/utils';
import { Mark } from './api';
import { OpportunityFacts } from './opportunity-facts';

/** Its form and the contract's fields check load after the list; its button holds the place meanwhile (lib/deferred.tsx). */
const FieldsDialog = deferred(
  () => import('./fields-dialog').then((m) => m.FieldsDialog),
  ({ opportunity }) => (
    <Button variant="ghost" size="icon" aria-label={`Edit details of ${opportunity.title}`} disabled>
      <Pencil aria-hidden />
    </Button>
  ),
);

interface Props {
  opportunity: Opportunity;
  onMark(mark: Mark, on: boolean): void;
  /** Its author or a moderator: may state its details. */
  canEdit: boolean;
  moderator: boolean;
  onReportClosed(): void;
  onReopen(): void;
}

export function OpportunityCard({ opportunity: o, onMark, canEdit, moderator, onReportClosed, onReopen }: Props) {
  const ended = o.closed || o.pastDeadline;
  const toggleFavorite = () => {
    onMark('favorite', !o.isFavorite);
    toast({ title: o.isFavorite ? 'Opportunity removed from favorites' : 'Opportunity added to favorites' });
  };

  return (
    <article
      className={cn('flex min-w-0 flex-col rounded-lg border bg-card p-5 text-card-foreground shadow-sm', ended && 'border-dashed bg-muted/40')}
      data-testid="opportunity-card"
      aria-labelledby={`opportunity-${o.id}`}
    >
      {/* The badges get a row of their own: beside the title they squeezed it to a few letters a line. */}
      {o.status === 'pending' || o.badge || ended ? (
        <div className="mb-2 flex flex-wrap gap-2">
          {o.closed ? (
            <Badge variant="outline" className="border-destructive text-destructive">
              Closed
            </Badge>
          ) : o.pastDeadline ? (
            <Badge variant="outline" className="border-destructive text-destructive">
              Deadline passed
            </Badge>
          ) : null}
          {o.status === 'pending' ? (
            <Badge variant="outline" className="border-amber-500 text-amber-700 dark:text-amber-300" title="Visible only to you until a moderator approves it">
              Pending review
            </Badge>
          ) : null}
          {o.badge ? <Badge variant="secondary">{o.badge}</Badge> : null}
        </div>
      ) : null}
      <h2 id={`opportunity-${o.id}`} className="font-semibold leading-tight [overflow-wrap:anywhere]">
        {o.title}
      </h2>
      <p className="mt-2 line-clamp-2 text-sm text-muted-foreground [overflow-wrap:anywhere]">{o.description}</p>
      <OpportunityFacts opportunity={o} />
      {o.compensation ? <p className="mt-2 text-sm font-semibold text-emerald-700 dark:text-emerald-400">${o.compensation.toLocaleString('en-US')}</p> : null}
      <div className="mt-auto flex flex-wrap items-center gap-1 pt-4">
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={o.hasUserUpvoted}
          onClick={() => onMark('upvote', !o.hasUserUpvoted)}
          className={cn(o.hasUserUpvoted && 'text-primary')}
        >
          <ThumbsUp className={cn(o.hasUserUpvoted && 'fill-current')} aria-hidden />
          <span className="sr-only">Upvote {o.title}, upvotes:</span>
          <span className="tabular-nums" data-testid="upvote-count">
            {o.upvotes}
          </span>
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-pressed={o.isFavorite}
          aria-label={`Favorite ${o.title}`}
          onClick={toggleFavorite}
          className={cn(o.isFavorite && 'text-rose-600 dark:text-rose-400')}
        >
          <Heart className={cn(o.isFavorite && 'fill-current')} aria-hidden />
        </Button>
        {moderator && o.closed ? (
          <Button variant="ghost" size="icon" aria-label={`Reopen ${o.title}`} title="Reopen" onClick={onReopen}>
            <RotateCcw aria-hidden />
          </Button>
        ) : o.closed ? null : (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={o.hasUserReportedClosed}
            // The count shown on the button is part of its name (WCAG 2.5.3, label in name).
            aria-label={`${moderator ? `Close ${o.title}` : `Report ${o.title} as closed`}, reports: ${o.closedReports}`}
            title={moderator ? 'Close' : 'Report as closed'}
            onClick={onReportClosed}
            disabled={o.hasUserReportedClosed}
            className={cn(o.hasUserReportedClosed && 'text-amber-700 dark:text-amber-300')}
          >
            <Flag className={cn(o.hasUserReportedClosed && 'fill-current')} aria-hidden />
            {o.closedReports ? <span className="tabular-nums">{o.closedReports}</span> : null}
          </Button>
        )}
        {canEdit ? <FieldsDialog opportunity={o} /> : null}
        <Button asChild size="sm" className="ml-auto">
          <a href={o.link} target="_blank" rel="noopener noreferrer" aria-label={`Apply now to ${o.title} (opens in a new tab)`}>
            Apply now <ExternalLink aria-hidden />
          </a>
        </Button>
      </div>
    </article>
  );
}
