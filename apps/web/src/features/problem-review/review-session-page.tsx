import {
  ConceptCard,
  CreateSession,
  DueQueue,
  gradeNames,
  normaliseTags,
  problemLink,
  problemSlug,
  QuestionListItem,
  ReviewGrade,
  reviewGrade,
  reviewGrades,
} from '@app/contracts';
import confetti from 'canvas-confetti';
import { ArrowLeft, ExternalLink, Undo2 } from 'lucide-react';
import * as React from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PagePlaceholder } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { useDueQueue, useErrorTypes, useLogSession, useQuestions, useUndoReview } from './api';
import { ConceptCardReview } from './components/concept-card-review';
import { ReviewAnswer } from './components/review-answer';
import { ReviewForm } from './components/review-form';
import { DifficultyDot } from './difficulty';
import { dueLabel, sessionKeyAction, typingIn } from './helpers';

/** One review of the session: the problem as it was before, the grade FSRS was given, and the review (to undo it). */
interface Reviewed {
  question: QuestionListItem;
  grade: ReviewGrade;
  sessionId: string;
}

/** A system design concept card recalled in the session: its grade and the card as FSRS rescheduled it. */
interface Recalled {
  grade: ReviewGrade;
  next: ConceptCard;
}

const SESSION_PATH = '/leetcode/session';

/** "Review due": everything due today, one problem after another, then the system design concepts due, then what the session did. */
export default function ReviewSessionPage() {
  useDocumentTitle('Review due');
  const navigate = useNavigate();
  const { session } = useAuth();
  const due = useDueQueue();
  const errorTypes = useErrorTypes();
  // The queue as the session started: reviews refetch it, and must not take problems out from under it.
  const [start, setStart] = React.useState<DueQueue | null>(null);
  if (start === null && due.data) setStart(due.data);
  const [reviewed, setReviewed] = React.useState<Reviewed[]>([]);
  const [recalled, setRecalled] = React.useState<Recalled[]>([]);
  const current = start?.questions[reviewed.length];
  const log = useLogSession(current?.id ?? '');
  const undo = useUndoReview();
  // Only a problem's review can be taken back, and only the last grade of the session.
  const last = recalled.length === 0 ? reviewed.at(-1) : undefined;

  const undoLast = async () => {
    if (!last || undo.isPending) return;
    try {
      await undo.mutateAsync(last.sessionId);
      setReviewed((done) => done.slice(0, -1));
      toast({ title: 'Review undone', description: `${last.question.title} is back, due as it was before.` });
    } catch (err) {
      // The server says why: already undone, not the last review, or past its window.
      const told = err instanceof ApiError && (err.status === 404 || err.status === 409);
      toast({ variant: 'destructive', title: 'Could not undo', description: told ? err.message : 'Failed to undo the review' });
    }
  };
  useUndoKeys(last ? undoLast : undefined);

  if (due.isError) throw due.error;
  if (!start) return <PagePlaceholder />;
  const { questions: queue, concept_cards: cards } = start;
  if (queue.length === 0 && cards.length === 0) return <NothingDue heldBack={start.held_back} />;
  const total = queue.length + cards.length;
  const undoButton = last ? <UndoButton onUndo={undoLast} pending={undo.isPending} /> : null;
  if (!current) {
    const card = cards[recalled.length];
    if (!card) return <SessionSummary reviewed={reviewed} recalled={recalled} undoButton={undoButton} />;
    return (
      <ConceptCardReview
        key={card.concept}
        card={card}
        progress={
          <div className="space-y-3">
            <SessionProgress done={reviewed.length + recalled.length} total={total} />
            {undoButton}
          </div>
        }
        onGraded={(grade, next) => setRecalled((done) => [...done, { grade, next }])}
      />
    );
  }

  const save = async (review: CreateSession): Promise<boolean> => {
    const signInAgain = () => {
      toast({ variant: 'destructive', title: 'Error', description: 'Please login to submit a review' });
      void navigate('/login', { state: { from: SESSION_PATH } });
      return false;
    };
    if (!session) return signInAgain();
    try {
      const { data: logged } = await log.mutateAsync({ ...review, notes: review.notes?.trim() || null });
      const grade = reviewGrade(review);
      toast({
        title: 'Session recorded!',
        description: `${current.title}: ${gradeNames[grade]}, correctness ${review.correctness}%, confidence ${review.confidence}%.`,
      });
      if (reviewed.length + 1 === queue.length) void confetti({ particleCount: 120, spread: 70, origin: { y: 0.7 }, disableForReducedMotion: true });
      setReviewed((done) => [...done, { question: current, grade, sessionId: logged.id }]);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return signInAgain();
      const capped = err instanceof ApiError && err.status === 429;
      toast({ variant: 'destructive', title: 'Error', description: capped ? err.message : 'Failed to create session' });
      return false;
    }
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-3">
        <p className="text-sm font-medium text-muted-foreground">Review due</p>
        <SessionProgress done={reviewed.length} total={total} />
        {start.held_back > 0 ? <LimitShare today={queue.length} heldBack={start.held_back} /> : null}
        {undoButton}
      </header>
      <ProblemCard key={current.id} question={current} errorTypes={errorTypes.data} saving={log.isPending} onSave={save} />
    </div>
  );
}

/**
 * One problem of the session, as Anki's card: first the problem alone (solve it), then "Show
 * answer" (Space) reveals what the last review said and the grades (1–4) to log this one.
 */
function ProblemCard({ question, errorTypes, saving, onSave }: React.ComponentProps<typeof ReviewForm>) {
  const [shown, setShown] = React.useState(false);
  const showAnswer = React.useRef<HTMLButtonElement>(null);
  // Each card starts on its button, so Space (or Enter) turns it from wherever the last one left off.
  React.useEffect(() => showAnswer.current?.focus({ preventScroll: true }), []);
  React.useEffect(() => {
    if (shown) return;
    const onKey = (event: KeyboardEvent) => {
      // A focused button or link answers Space itself.
      const native = event.target instanceof HTMLElement && ['BUTTON', 'A'].includes(event.target.tagName);
      if (native || typingIn(event.target) || document.querySelector('[role=dialog], [role=listbox]')) return;
      if (sessionKeyAction(event) !== 'show-answer') return;
      event.preventDefault();
      setShown(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown]);

  const slug = problemSlug(question.title);
  const tags = normaliseTags(question.tags)?.split(',') ?? [];
  return (
    <>
      <Card>
        <CardHeader className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h1 className="flex min-w-0 items-center gap-3 text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
              <DifficultyDot difficulty={question.difficulty} className="size-3 shrink-0" /> <span className="min-w-0">{question.title}</span>
            </h1>
            <Button asChild variant="outline" size="sm">
              <a href={problemLink(slug)} target="_blank" rel="noreferrer noopener">
                Problem <ExternalLink aria-hidden />
              </a>
            </Button>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{question.difficulty}</span>
            {tags.map((tag) => (
              <span key={tag} className="rounded bg-secondary px-1.5 py-0.5 text-xs font-medium">
                {tag}
              </span>
            ))}
          </div>
          <p className="text-sm text-muted-foreground">
            {question.session_count === 0
              ? 'New: not reviewed yet.'
              : `Reviewed ${question.session_count} time${question.session_count === 1 ? '' : 's'}; due ${dueLabel(question.due_at).toLowerCase()}.`}
          </p>
        </CardHeader>
        <CardContent>
          {shown ? (
            <section aria-label="Answer">
              <ReviewAnswer question={question} errorTypes={errorTypes} />
            </section>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <Button ref={showAnswer} onClick={() => setShown(true)}>
                Show answer <kbd className="ml-1 rounded border border-current/30 px-1 font-mono text-xs opacity-80">Space</kbd>
              </Button>
              <p className="text-sm text-muted-foreground">Solve it first, then reveal your last review and grade this one.</p>
            </div>
          )}
        </CardContent>
      </Card>
      {shown ? (
        <Card>
          <CardHeader>
            <CardTitle>Log a review</CardTitle>
          </CardHeader>
          <CardContent>
            <ReviewForm question={question} errorTypes={errorTypes} saving={saving} onSave={onSave} />
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

/** u or Ctrl+Z (⌘Z) undoes the last grade, but not in a text field, where they are the field's own. */
function useUndoKeys(onUndo: (() => Promise<void>) | undefined) {
  React.useEffect(() => {
    if (!onUndo) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat || typingIn(event.target) || document.querySelector('[role=dialog], [role=listbox]')) return;
      if (sessionKeyAction(event) !== 'undo') return;
      event.preventDefault();
      void onUndo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onUndo]);
}

function UndoButton({ onUndo, pending }: { onUndo(): Promise<void>; pending: boolean }) {
  return (
    <Button variant="outline" size="sm" disabled={pending} onClick={() => void onUndo()} aria-keyshortcuts="U Control+Z">
      <Undo2 aria-hidden /> Undo last grade <kbd className="ml-1 rounded border border-current/30 px-1 font-mono text-xs opacity-80">U</kbd>
    </Button>
  );
}

/** The daily limits cut today's due problems: how many the session holds of all due, and where to change that. */
function LimitShare({ today, heldBack }: { today: number; heldBack: number }) {
  return (
    <p className="text-sm text-muted-foreground" data-testid="session-limit">
      {today} of {today + heldBack} due today,{' '}
      <Link to="/leetcode?limits=open" className="font-medium text-foreground underline underline-offset-4">
        limit in Daily limits
      </Link>
    </p>
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
function SessionSummary({ reviewed, recalled, undoButton }: { reviewed: Reviewed[]; recalled: Recalled[]; undoButton: React.ReactNode }) {
  const questions = useQuestions();
  // After the last review the list is fetched again; until then its due dates are the old ones.
  const fresh = questions.data && !questions.isFetching ? new Map(questions.data.map((q) => [q.id, q])) : undefined;
  const counts = reviewGrades.map((grade) => [grade, reviewed.filter((r) => r.grade === grade).length] as const).filter(([, n]) => n > 0);
  const before = reviewed.length ? meanRetention(reviewed.map((r) => r.question.retention)) : 0;
  const after = fresh && reviewed.length ? meanRetention(reviewed.map((r) => fresh.get(r.question.id)?.retention ?? null)) : undefined;
  const done = reviewed.length + recalled.length;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-3">
        <SessionProgress done={done} total={done} />
        <h1 className="text-3xl font-bold tracking-tight">Session complete</h1>
        {undoButton}
        {reviewed.length ? (
          <>
            <p className="text-lg" data-testid="session-summary">
              You reviewed {reviewed.length} problem{reviewed.length === 1 ? '' : 's'}: {counts.map(([grade, n]) => `${n} ${gradeNames[grade]}`).join(', ')}.
            </p>
            <p className="text-muted-foreground" data-testid="retention-change" aria-live="polite">
              {after === undefined
                ? 'Updating retention…'
                : `Mean retention of these problems: ${before}% → ${after}% (${after >= before ? '+' : ''}${after - before}).`}
            </p>
          </>
        ) : null}
      </header>
      {recalled.length ? (
        <Card>
          <CardHeader className="pb-2">
            <CardTitle className="text-base">System design concepts</CardTitle>
          </CardHeader>
          <CardContent>
            <ul aria-label="Concepts reviewed" className="divide-y">
              {recalled.map(({ grade, next }) => (
                <li key={next.concept} className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 py-3" data-testid="concept-summary-row">
                  <span className="font-medium">{next.name}</span>
                  <span className="text-sm">
                    {gradeNames[grade]} · next due {dueLabel(next.due_at).toLowerCase()}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      {reviewed.length ? (
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
      ) : null}
      <BackToList />
    </div>
  );
}
