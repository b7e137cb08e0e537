import { dueTodayCount, QuestionListItem } from '@app/contracts';
import { ArrowDownUp, CalendarPlus, ListChecks, ListPlus, Plus, SlidersHorizontal, Sparkles } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PagePlaceholder } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useTimeZone } from '@/lib/time-zone';
import { deferred } from '@/lib/deferred';
import { useDocumentTitle } from '@/lib/document-title';
import { useDeleteQuestions, usePracticeAnalytics, usePracticeSummary, useQuestions } from './api';
import { DuePlan } from './components/due-plan';
import { QuestionTable } from './components/question-table';
import { ReviewEmailOffer } from './components/review-email-offer';
import { ReadinessSummary, SummaryCards } from './components/summary';

/** A dialog's trigger while its code (forms, schemas, pickers) loads after the page's content (lib/deferred.tsx). */
const waiting = (icon: React.ReactNode, label: string, variant?: 'outline') => (
  <Button variant={variant} disabled>
    {icon} {label}
  </Button>
);

const ReviewLimitsDialog = deferred(
  () => import('./components/review-limits-dialog').then((m) => m.ReviewLimitsDialog),
  waiting(<SlidersHorizontal aria-hidden />, 'Daily limits', 'outline'),
);
const ExportImportDialog = deferred(
  () => import('./components/export-import-dialog').then((m) => m.ExportImportDialog),
  waiting(<ArrowDownUp aria-hidden />, 'Export / Import', 'outline'),
);
const CalendarFeedDialog = deferred(
  () => import('./components/calendar-feed-dialog').then((m) => m.CalendarFeedDialog),
  waiting(<CalendarPlus aria-hidden />, 'Calendar', 'outline'),
);
const AddListDialog = deferred(
  () => import('./components/add-list-dialog').then((m) => m.AddListDialog),
  waiting(<ListPlus aria-hidden />, 'Add list', 'outline'),
);
const AddProblemDialog = deferred(
  () => import('./components/add-problem-dialog').then((m) => m.AddProblemDialog),
  waiting(<Plus aria-hidden />, 'Add New Problem'),
);

export default function ProblemReviewPage() {
  useDocumentTitle('Problem Review');
  const questions = useQuestions();
  const summary = usePracticeSummary();
  const analytics = usePracticeAnalytics();
  const timeZone = useTimeZone().data?.time_zone ?? undefined;
  const remove = useDeleteQuestions();

  if (questions.isPending || summary.isPending) return <PagePlaceholder />;
  if (questions.isError) throw questions.error;
  if (summary.isError) throw summary.error;

  // What to practise now: the most overdue (the earliest due date; ISO instants sort as text).
  const next = questions.data.reduce<QuestionListItem | undefined>((first, q) => (!first || q.due_at < first.due_at ? q : first), undefined);
  const due = dueTodayCount(questions.data, new Date(), timeZone);

  /** Deletes the rows; answers the ids that are still there (their call failed), to stay selected. */
  const onDelete = async (ids: string[]): Promise<string[]> => {
    const { failed } = await remove.mutateAsync(ids);
    if (failed.length > 0) toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete question' });
    else toast({ title: 'Question Deleted' });
    return failed;
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Problem Review</h1>
          <p className="text-muted-foreground">Spaced repetition for coding problems: review each one just before you would forget it.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {due > 0 ? (
            <Button asChild title="Review everything due today, one problem after another">
              <Link to="/leetcode/session">
                <ListChecks aria-hidden /> Review due
              </Link>
            </Button>
          ) : null}
          {next ? (
            <Button asChild variant="secondary" title={`Review next: ${next.title}`}>
              <Link to={`/leetcode/review/${next.id}`}>
                <Sparkles aria-hidden /> Review next
              </Link>
            </Button>
          ) : null}
          <ReviewLimitsDialog />
          <ExportImportDialog />
          <CalendarFeedDialog />
          <AddListDialog />
          <AddProblemDialog />
        </div>
      </header>
      {questions.data.length > 0 ? <ReviewEmailOffer /> : null}
      <DuePlan questions={questions.data} />
      <SummaryCards summary={summary.data} />
      <ReadinessSummary analytics={analytics.data} questions={questions.data} />
      <QuestionTable questions={questions.data} onDelete={onDelete} deleting={remove.isPending} />
    </div>
  );
}
