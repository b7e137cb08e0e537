import { defaultLocation, InterviewListItem, InterviewSearchItem, outcomeLabels, StoredOutcome, storedOutcomes, topicLabel } from '@app/contracts';
import { CalendarCheck, Clock, Layers, MapPin, MoreHorizontal, ThumbsUp, Trash2, User } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { useDeleteInterview, useHelpful, useMyUsername, useSetOutcome } from '../api';
import { companyPath, completionLine, processDuration, roundsLabel, visibleTopics } from '../format';
import { CompanyLogo } from './company-logo';
import { InterviewComments } from './interview-comments';
import { LevelName } from './level-name';

const tint: Partial<Record<StoredOutcome, string>> = {
  accepted: 'border-emerald-300 bg-emerald-50/70 dark:border-emerald-800 dark:bg-emerald-950/40',
  rejected: 'border-red-300 bg-red-50/70 dark:border-red-900 dark:bg-red-950/40',
};

function OutcomeBadge({ outcome }: { outcome: StoredOutcome }) {
  const label = outcomeLabels[outcome];
  if (outcome === 'accepted') return <Badge variant="success">{label}</Badge>;
  if (outcome === 'rejected') return <Badge className="border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300">{label}</Badge>;
  if (outcome === 'offer')
    return (
      <Badge variant="secondary">
        <span role="img" aria-label="celebration">
          🎉
        </span>
        {label}
      </Badge>
    );
  return <Badge variant="outline">{label}</Badge>;
}

/**
 * Who shared it: the username its author chose to show, else 'Some Candidate'. Authors always see
 * their own name on their own cards, with what everyone else sees when it is hidden.
 */
function Author({ interview }: { interview: InterviewListItem }) {
  const username = useMyUsername();
  if (!interview.is_mine || !username) return <>{interview.author}</>;
  return (
    <>
      {username} (you){interview.show_username ? null : <span className="text-muted-foreground"> · shown to others as {interview.author}</span>}
    </>
  );
}

/** The owner's own card: record the outcome later, or delete it (after a confirmation). */
function OwnerActions({ interview }: { interview: InterviewListItem }) {
  const [open, setOpen] = React.useState(false);
  const [confirming, setConfirming] = React.useState(false);
  const setOutcome = useSetOutcome();
  const remove = useDeleteInterview();
  const close = () => (setOpen(false), setConfirming(false));
  return (
    <Popover open={open} onOpenChange={(o) => (o ? setOpen(true) : close())}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Manage my interview" className="-mr-2 -mt-1 size-8">
          <MoreHorizontal aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-60 space-y-3 p-3">
        <fieldset className="space-y-2">
          <legend className="text-xs font-medium text-muted-foreground">Outcome</legend>
          <div className="grid grid-cols-2 gap-1">
            {storedOutcomes.map((o) => (
              <Button
                key={o}
                size="sm"
                variant={interview.outcome === o ? 'default' : 'outline'}
                aria-pressed={interview.outcome === o}
                disabled={setOutcome.isPending}
                onClick={() =>
                  setOutcome.mutate(
                    { id: interview.id, outcome: o },
                    { onSuccess: close, onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to update the outcome' }) },
                  )
                }
              >
                {outcomeLabels[o]}
              </Button>
            ))}
          </div>
        </fieldset>
        {confirming ? (
          <div className="space-y-2">
            <p className="text-sm">Delete this interview? This cannot be undone.</p>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
              <Button
                size="sm"
                variant="destructive"
                disabled={remove.isPending}
                // The promise, not mutate's callbacks: the refreshed list no longer has this card, and
                // callbacks of a component gone by then are skipped (the toast with them).
                onClick={() =>
                  void remove.mutateAsync(interview.id).then(
                    () => (close(), toast({ title: 'Interview Deleted' })),
                    () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete interview' }),
                  )
                }
              >
                Delete
              </Button>
            </div>
          </div>
        ) : (
          <Button size="sm" variant="ghost" className="w-full justify-start text-destructive" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden /> Delete interview
          </Button>
        )}
      </PopoverContent>
    </Popover>
  );
}

/** Each round's category with what was asked and the problems named, for rounds that tell. */
function WhatWasAsked({ interview }: { interview: InterviewListItem }) {
  const told = interview.rounds.map((r, i) => ({ ...r, number: i + 1 })).filter((r) => r.asked || r.problems.length > 0);
  if (told.length === 0) return null;
  return (
    <details className="group rounded-md border bg-background/60 text-sm" data-testid="card-asked">
      <summary className="cursor-pointer select-none px-3 py-2 font-medium">What was asked</summary>
      <ol className="space-y-3 px-3 pb-3">
        {told.map((r) => (
          <li key={r.number} className="space-y-1">
            <p className="text-xs font-medium text-muted-foreground">
              Round {r.number}
              {r.round ? ` · ${r.round}` : null}
            </p>
            {r.asked ? <p className="whitespace-pre-line [overflow-wrap:anywhere]">{r.asked}</p> : null}
            {r.problems.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5" aria-label={`Round ${r.number} problems`}>
                {r.problems.map((p) => (
                  <li key={p}>
                    <Badge variant="secondary" className="font-normal [overflow-wrap:anywhere]">
                      {p}
                    </Badge>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** "Helpful": one mark per candidate, taken back with a second press; an author sees their count only. */
function HelpfulButton({ interview }: { interview: InterviewListItem }) {
  const helpful = useHelpful();
  const count = `${interview.helpful_count} found this helpful`;
  if (interview.is_mine) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="card-helpful">
        <ThumbsUp className="size-4" aria-hidden /> {count}
      </p>
    );
  }
  return (
    <Button
      size="sm"
      variant={interview.helpful_by_me ? 'secondary' : 'outline'}
      aria-pressed={interview.helpful_by_me}
      disabled={helpful.isPending}
      data-testid="card-helpful"
      onClick={() =>
        helpful.mutate(
          { id: interview.id, helpful: !interview.helpful_by_me },
          { onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to record your vote' }) },
        )
      }
    >
      <ThumbsUp aria-hidden /> Helpful · {interview.helpful_count}
    </Button>
  );
}

/** A card fact's term: an icon, named for screen readers. */
function Term({ icon: Icon, label }: { icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; label: string }) {
  return (
    <dt>
      <Icon className="size-4 text-muted-foreground" aria-hidden />
      <span className="sr-only">{label}</span>
    </dt>
  );
}

/** Where a search matched, the words matched marked: the parts are text, so nothing in them is markup. */
function Snippet({ snippet }: { snippet: InterviewSearchItem['snippet'] }) {
  if (!snippet.some((part) => part.highlighted)) return null;
  return (
    <p className="rounded-md bg-muted/60 px-3 py-2 text-sm [overflow-wrap:anywhere]" data-testid="card-snippet">
      {snippet.map((part, i) =>
        part.highlighted ? (
          <mark key={i} className="rounded-sm bg-yellow-200 px-0.5 text-foreground dark:bg-yellow-700/70">
            {part.text}
          </mark>
        ) : (
          <React.Fragment key={i}>{part.text}</React.Fragment>
        ),
      )}
    </p>
  );
}

/** Spec section 2's card; exact round dates are never on it, only the completion day and the duration. */
export function InterviewCard({ interview, preview = false }: { interview: InterviewListItem | InterviewSearchItem; preview?: boolean }) {
  const { shown, more } = visibleTopics(interview.topics);
  return (
    <Card
      data-testid="interview-card"
      data-outcome={interview.outcome ?? ''}
      className={cn('flex w-full flex-col gap-3 p-5', interview.outcome ? tint[interview.outcome] : undefined)}
    >
      <div className="flex items-start gap-3">
        <CompanyLogo name={interview.company_name} className="size-10" />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold [overflow-wrap:anywhere] leading-snug">
            {/* A preview's company may not exist yet: no page to lead to. */}
            {preview ? (
              <span data-testid="card-company">{interview.company_name}</span>
            ) : (
              <Link to={companyPath(interview.company_name)} className="hover:underline" data-testid="card-company">
                {interview.company_name}
              </Link>
            )}
          </h3>
          <p className="text-sm text-muted-foreground" data-testid="card-role">
            {interview.level || interview.title ? (
              <>
                {interview.level ? <LevelName level={interview.level} /> : null}
                {interview.level && interview.title ? ' · ' : null}
                {interview.title}
              </>
            ) : (
              'Role not given'
            )}
          </p>
        </div>
        {interview.is_mine ? <OwnerActions interview={interview} /> : null}
      </div>
      {'snippet' in interview ? <Snippet snippet={interview.snippet} /> : null}
      {interview.outcome ? (
        <div>
          <OutcomeBadge outcome={interview.outcome} />
        </div>
      ) : null}
      <dl className="grid gap-1.5 text-sm">
        <div className="flex items-center gap-2">
          <Term icon={MapPin} label="Location" />
          <dd data-testid="card-location">{interview.location ?? defaultLocation}</dd>
        </div>
        <div className="flex items-center gap-2">
          <Term icon={User} label="Shared by" />
          <dd data-testid="card-author">
            <Author interview={interview} />
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <Term icon={Layers} label="Rounds" />
          <dd data-testid="card-rounds">{roundsLabel(interview.round_count)}</dd>
        </div>
        {interview.process_days !== null ? (
          <div className="flex items-center gap-2">
            <Term icon={Clock} label="Process duration" />
            <dd data-testid="card-duration">{processDuration(interview.process_days)}</dd>
          </div>
        ) : null}
        <div className="flex items-center gap-2">
          <Term icon={CalendarCheck} label="Completion" />
          <dd data-testid="card-completed">{completionLine(interview)}</dd>
        </div>
      </dl>
      {shown.length > 0 ? (
        <ul className="mt-auto flex flex-wrap gap-1.5" aria-label="Topics" data-testid="card-topics">
          {shown.map((t) => (
            <li key={t}>
              <Badge variant="outline" className="font-normal">
                {topicLabel(t)}
              </Badge>
            </li>
          ))}
          {more > 0 ? (
            <li>
              <Badge variant="secondary" className="font-normal">
                +{more} more
              </Badge>
            </li>
          ) : null}
        </ul>
      ) : null}
      <WhatWasAsked interview={interview} />
      {preview ? null : (
        <InterviewComments interviewId={interview.id} count={interview.comment_count}>
          <HelpfulButton interview={interview} />
        </InterviewComments>
      )}
    </Card>
  );
}
