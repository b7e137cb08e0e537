import { CreateSession, gradeNames, problemLink, problemSlug, QuestionListItem, ReviewGrade, reviewGrade, reviewGrades } from '@app/contracts';
import confetti from 'canvas-confetti';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import * as React from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PagePlaceholder } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { useDueQueue, useErrorTypes, useLogSession, useQuestions } from './api';
import { ReviewForm } from './components/review-form';
import { DifficultyDot } from './difficulty';
import { dueLabel, keepReviewDraft, ReviewDraft } from './helpers';

/** One review of the session: the problem as it was before, and the grade FSRS was given. */
interface Reviewed {
  question: QuestionListItem;
  grade: ReviewGrade;
}

const SESSION_PATH = '/leetcode/session';

/** "Review due": everything due today, one problem after another, then what the session did. */
export default function ReviewSessionPage() {
  useDocumentTitle('Review due');
  const navigate = useNavigate();
  const { session } = useAuth();
  const due = useDueQueue();
  const errorTypes = useErrorTypes();
  // The queue as the session started: reviews refetch it, and must not take problems out from under it.
  const [queue, setQueue] = React.useState<QuestionListItem[] | null>(null);
  if (queue === null && due.data) setQueue(due.data.questions);
  const [reviewed, setReviewed] = React.useState<Reviewed[]>([]);
  const current = queue?.[reviewed.length];
  const log = useLogSession(current?.id ?? '');

  if (due.isError) throw due.error;
  if (!queue || !due.data) return <PagePlaceholder />;
  if (queue.length === 0) return <NothingDue heldBack={due.data.held_back} />;
  if (!current) return <SessionSummary reviewed={reviewed} />;

  const save = async (review: CreateSession, typed: ReviewDraft): Promise<boolean> => {
    const signInAgain = () => {
      keepReviewDraft(current.id, typed);
      toast({ variant: 'destructive', title: 'Error', description: 'Please login to submit a review' });
      void navigate('/login', { state: { from: SESSION_PATH } });
      return false;
    };
    if (!session) return signInAgain();
    try {
      await log.mutateAsync({ ...review, notes: review.notes?.trim() || null });
      const grade = reviewGrade(review);
      toast({
        title: 'Session recorded!',
        description: `${current.title}: ${gradeNames[grade]}, correctness ${review.correctness}%, confidence ${review.confidence}%.`,
      });
      if (reviewed.length + 1 === queue.length) void confetti({ particleCount: 120, spread: 70, origin: { y: 0.7 }, disableForReducedMotion: true });
      setReviewed((done) => [...done, { question: current, grade }]);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return signInAgain();
      const capped = err instanceof ApiError && err.status === 429;
      toast({ variant: 'destructive', title: 'Error', description: capped ? err.message : 'Failed to create session' });
      return false;
    }
  };

  const slug = problemSlug(current.title);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-3">
        <p className="text-sm font-medium text-muted-foreground">Review due</p>
        <SessionProgress done={reviewed.length} total={queue.length} />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="flex min-w-0 items-center gap-3 text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
            <DifficultyDot difficulty={current.difficulty} className="size-3 shrink-0" /> <span className="min-w-0">{current.title}</span>
          </h1>
          <Button asChild variant="outline" size="sm">
            <a href={problemLink(slug)} target="_blank" rel="noreferrer noopener">
              Problem <ExternalLink aria-hidden />
            </a>
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          {current.session_count === 0
            ? 'New: not reviewed yet.'
            : `Reviewed ${current.session_count} time${current.session_count === 1 ? '' : 's'}; due ${dueLabel(current.due_at).toLowerCase()}.`}
        </p>
      </header>
      <Card>
        <CardHeader>
          <CardTitle>Log a review</CardTitle>
        </CardHeader>
        <CardContent>
          <ReviewForm key={current.id} question={current} errorTypes={errorTypes.data} draft={undefined} saving={log.isPending} onSave={save} />
        </CardContent>
      </Card>
    </div>
  );
}

/** "3 of 12": the problem on screen among today's, and a bar of those done. */
function SessionProgress({ done, total }: { done: number; total: number }) {
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  return (
    <div className="space-y-1">
      <p className="text-sm font-semibold tabular-nums" data-testid="session-position">
        {Math.min(done + 1, total)} of {total}
      </p>
      <div
        role="progressbar"
        aria-label="Problems reviewed"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total} reviewed`}
        className="h-2 w-full overflow-hidden rounded-full bg-secondary"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function NothingDue({ heldBack }: { heldBack: number }) {
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-3xl font-bold tracking-tight">Review due</h1>
      <p className="text-lg">Nothing is due today.</p>
      {heldBack > 0 ? (
        <p className="text-muted-foreground" data-testid="held-back">
          {heldBack} more {heldBack === 1 ? 'problem waits' : 'problems wait'} beyond your daily limits: raise them on Problem Review to review more today.
        </p>
      ) : null}
      <BackToList />
    </div>
  );
}

function BackToList() {
  return (
    <Button asChild variant="outline">
      <Link to="/leetcode">
        <ArrowLeft aria-hidden /> Back to Problem Review
      </Link>
    </Button>
  );
}

const percent = (retention: number | null) => (retention === null ? 'none' : `${retention}%`);

/** Spec section 9's retention, a never-reviewed problem counting 0, averaged over the problems reviewed. */
const meanRetention = (retentions: Array<number | null>) => Math.round(retentions.reduce<number>((sum, r) => sum + (r ?? 0), 0) / retentions.length);

/** What the session did: how many, which grades, when each is due next and how retention moved. */
function SessionSummary({ reviewed }: { reviewed: Reviewed[] }) {
  const questions = useQuestions();
  // After the last review the list is fetched again; until then its due dates are the old ones.
  const fresh = questions.data && !questions.isFetching ? new Map(questions.data.map((q) => [q.id, q])) : undefined;
  const counts = reviewGrades.map((grade) => [grade, reviewed.filter((r) => r.grade === grade).length] as const).filter(([, n]) => n > 0);
  const before = meanRetention(reviewed.map((r) => r.question.retention));
  const after = fresh ? meanRetention(reviewed.map((r) => fresh.get(r.question.id)?.retention ?? null)) : undefined;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-3">
        <SessionProgress done={reviewed.length} total={reviewed.length} />
        <h1 className="text-3xl font-bold tracking-tight">Session complete</h1>
        <p className="text-lg" data-testid="session-summary">
          You reviewed {reviewed.length} problem{reviewed.length === 1 ? '' : 's'}: {counts.map(([grade, n]) => `${n} ${gradeNames[grade]}`).join(', ')}.
        </p>
        <p className="text-muted-foreground" data-testid="retention-change" aria-live="polite">
          {after === undefined
            ? 'Updating retention…'
            : `Mean retention of these problems: ${before}% → ${after}% (${after >= before ? '+' : ''}${after - before}).`}
        </p>
      </header>
      <Card>
        <CardContent className="pt-6">
          <ul aria-label="Problems reviewed" className="divide-y">
            {reviewed.map(({ question, grade }) => {
              const now = fresh?.get(question.id);
              return (
                <li key={question.id} className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 py-3" data-testid="summary-row">
                  <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{question.title}</span>
                  <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    <div className="flex gap-1">
                      <dt className="text-muted-foreground">Grade</dt>
                      <dd data-testid="summary-grade">{gradeNames[grade]}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt className="text-muted-foreground">Next due</dt>
                      <dd data-testid="summary-due">{now ? dueLabel(now.due_at).toLowerCase() : '…'}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt className="text-muted-foreground">Retention</dt>
                      <dd className="tabular-nums">
                        {percent(question.retention)} → {now ? percent(now.retention) : '…'}
                      </dd>
                    </div>
                  </dl>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
      <BackToList />
    </div>
  );
}
