import { dueTodayCount, QuestionListItem } from '@app/contracts';
import { ListChecks, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PagePlaceholder } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useTimeZone } from '@/lib/time-zone';
import { useDocumentTitle } from '@/lib/document-title';
import { useDeleteQuestions, usePracticeAnalytics, usePracticeSummary, useQuestions } from './api';
import { AddListDialog } from './components/add-list-dialog';
import { AddProblemDialog } from './components/add-problem-dialog';
import { CalendarFeedDialog } from './components/calendar-feed-dialog';
import { DuePlan } from './components/due-plan';
import { ExportImportDialog } from './components/export-import-dialog';
import { QuestionTable } from './components/question-table';
import { ReviewEmailOffer } from './components/review-email-offer';
import { ReviewLimitsDialog } from './components/review-limits-dialog';
import { ReadinessSummary, SummaryCards } from './components/summary';

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
