import { confidenceFrom, correctnessFromErrors, createSessionSchema, maxSubmissions, relativeTime } from '@app/contracts';
import * as Collapsible from '@radix-ui/react-collapsible';
import * as Popover from '@radix-ui/react-popover';
import confetti from 'canvas-confetti';
import { ArrowLeft, ChevronDown, ExternalLink, Lightbulb, X } from 'lucide-react';
import * as React from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { PagePlaceholder } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '../auth/auth-provider';
import { useErrorTypes, useLogSession, useQuestionSessions, useQuestions } from './api';
import { DifficultyDot } from './difficulty';
import { keepReviewDraft, problemSlug, takeReviewDraft } from './helpers';

const BANNER_KEY = 'leetcode:extension-banner-dismissed';

/**
 * "" is allowed (not filled in yet, counts as 0); otherwise the number must pass the contract's own
 * rule for the field, whose message is the one shown. Time takes fractions (11.9 minutes).
 */
function parseField(value: string, rule: (typeof createSessionSchema.shape)['timer' | 'submissions']): { value: number; error?: string } {
  if (value.trim() === '') return { value: 0 };
  const parsed = rule.safeParse(Number(value));
  return parsed.success ? { value: Number(value) } : { value: 0, error: parsed.error.issues[0]?.message };
}

export default function ReviewPage() {
  const { questionId = '' } = useParams();
  const navigate = useNavigate();
  const { session, signOut } = useAuth();
  const questions = useQuestions();
  const sessions = useQuestionSessions(questionId);
  const errorTypes = useErrorTypes();
  const log = useLogSession(questionId);
  // A review typed before the session ended comes back after signing in again.
  const [draft] = React.useState(() => takeReviewDraft(questionId));
  const [errors, setErrors] = React.useState<string[]>(draft?.errors ?? []);
  const [submissions, setSubmissions] = React.useState(draft?.submissions ?? '');
  const [minutes, setMinutes] = React.useState(draft?.minutes ?? '');
  const [notes, setNotes] = React.useState(draft?.notes ?? '');
  const [bannerHidden, setBannerHidden] = React.useState(() => localStorage.getItem(BANNER_KEY) === '1');

  const question = questions.data?.find((q) => q.id === questionId);
  useDocumentTitle(question ? `Review ${question.title}` : 'Review');
  const missing = questions.isSuccess && !question;
  React.useEffect(() => {
    if (missing) {
      toast({ variant: 'destructive', title: 'Woops!', description: 'Could not find this question, sorry.' });
      void navigate('/leetcode', { replace: true });
    }
  }, [missing, navigate]);

  if (questions.isPending || !question) return <PagePlaceholder />;

  const subs = parseField(submissions, createSessionSchema.shape.submissions);
  const time = parseField(minutes, createSessionSchema.shape.timer);
  const correctness = correctnessFromErrors(errors, errorTypes.data);
  const confidence = confidenceFrom(subs.value, time.value);
  const slug = problemSlug(question.title);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (subs.error || time.error) return;
    // Signed out, or the session ended (expired, or signed out elsewhere): keep what was typed, sign
    // in again, and come back to it.
    const signInAgain = async () => {
      keepReviewDraft(question.id, { errors, submissions, minutes, notes });
      toast({ variant: 'destructive', title: 'Error', description: 'Please login to submit a review' });
      if (session) await signOut().catch(() => undefined);
      void navigate('/login', { state: { from: `/leetcode/review/${question.id}` } });
    };
    if (!session) return signInAgain();
    try {
      await log.mutateAsync({ question_id: question.id, correctness, confidence, timer: time.value, notes: notes.trim() || null, errors, submissions: subs.value });
      const reviews = (sessions.data?.length ?? 0) + 1;
      toast({ title: 'Session recorded!', description: `Review #${reviews} of ${question.title}: correctness ${correctness}%, confidence ${confidence}%.` });
      setErrors([]);
      setSubmissions('');
      setMinutes('');
      setNotes('');
      void confetti({ particleCount: 120, spread: 70, origin: { y: 0.7 }, disableForReducedMotion: true });
      void navigate('/leetcode');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return signInAgain();
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to create session' });
    }
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="flex min-w-0 items-center gap-3 text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
          <DifficultyDot difficulty={question.difficulty} className="size-3 shrink-0" /> <span className="min-w-0">{question.title}</span>
        </h1>
        <div className="flex gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={`https://neetcode.io/problems/${slug}`} target="_blank" rel="noreferrer noopener">
              Solution <ExternalLink aria-hidden />
            </a>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={`https://leetcode.com/problems/${slug}/`} target="_blank" rel="noreferrer noopener">
              Problem <ExternalLink aria-hidden />
            </a>
          </Button>
        </div>
      </header>

      {bannerHidden ? null : (
        <div role="note" className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          <Lightbulb className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p className="flex-1">Install our browser extension to count your keystrokes and backspaces while you solve: your reviews fill themselves in.</p>
          <button
            type="button"
            aria-label="Dismiss"
            className="rounded p-0.5 hover:bg-amber-200/60"
            onClick={() => {
              localStorage.setItem(BANNER_KEY, '1');
              setBannerHidden(true);
            }}
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Log a review</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2 sm:col-span-2">
              <Label htmlFor="review-errors">Errors</Label>
              <Popover.Root>
                <Popover.Trigger asChild>
                  <button id="review-errors" type="button" className="flex min-h-9 w-full flex-wrap items-center gap-1 rounded-md border border-input px-3 py-1.5 text-left text-sm shadow-sm">
                    {errors.length === 0 ? <span className="text-muted-foreground">No errors: a clean solve</span> : null}
                    {errors.map((id) => (
                      <span key={id} className="rounded bg-secondary px-1.5 py-0.5 text-xs font-medium">
                        {errorTypes.data?.find((e) => e.id === id)?.name ?? id}
                      </span>
                    ))}
                    <ChevronDown className="ml-auto size-4 opacity-60" aria-hidden />
                  </button>
                </Popover.Trigger>
                <Popover.Portal>
                  <Popover.Content align="start" sideOffset={4} className="z-50 w-[var(--radix-popover-trigger-width)] rounded-md border bg-popover p-1 shadow-md">
                    {errorTypes.data?.map((e) => (
                      <label key={e.id} className="flex cursor-pointer items-center gap-3 rounded-sm px-2 py-1.5 text-sm hover:bg-accent">
                        <input
                          type="checkbox"
                          className="size-4 accent-[var(--primary)]"
                          checked={errors.includes(e.id)}
                          onChange={() => setErrors((xs) => (xs.includes(e.id) ? xs.filter((x) => x !== e.id) : [...xs, e.id]))}
                        />
                        <span className="flex-1">{e.name}</span>
                        <span className="tabular-nums text-muted-foreground">−{e.score_impact}%</span>
                      </label>
                    ))}
                  </Popover.Content>
                </Popover.Portal>
              </Popover.Root>
            </div>
            <div className="space-y-2">
              <Label htmlFor="review-submissions">Submissions</Label>
              <Input id="review-submissions" type="number" min={0} max={maxSubmissions} inputMode="numeric" value={submissions} onChange={(e) => setSubmissions(e.target.value)} aria-invalid={!!subs.error} />
              <FieldError id="review-submissions-error" message={subs.error} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="review-time">Time (minutes)</Label>
              <Input id="review-time" type="number" min={0} step="any" inputMode="decimal" value={minutes} onChange={(e) => setMinutes(e.target.value)} aria-invalid={!!time.error} />
              <FieldError id="review-time-error" message={time.error} />
            </div>
            {/* Computed, not typed: shown as figures, not as boxes that look editable. */}
            <div className="space-y-1">
              <Label htmlFor="review-correctness">Correctness (%)</Label>
              <output id="review-correctness" data-testid="correctness" className="block text-2xl font-semibold tabular-nums">
                {correctness}
              </output>
              <p className="text-xs text-muted-foreground">Computed from the errors you chose.</p>
            </div>
            <div className="space-y-1">
              <Label htmlFor="review-confidence">Confidence (%)</Label>
              <output id="review-confidence" data-testid="confidence" className="block text-2xl font-semibold tabular-nums">
                {confidence}
              </output>
              <p className="text-xs text-muted-foreground">Computed from submissions and time.</p>
            </div>
            <div className="space-y-2 sm:col-span-2">
              <Label htmlFor="review-notes">Notes</Label>
              <textarea
                id="review-notes"
                rows={3}
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                placeholder="What tripped you up? What would you do differently?"
                className="w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-sm placeholder:text-muted-foreground"
              />
            </div>
            <div className="flex justify-between gap-2 sm:col-span-2">
              <Button asChild variant="outline">
                <Link to="/leetcode">
                  <ArrowLeft aria-hidden /> Go Back
                </Link>
              </Button>
              <Button type="submit" disabled={log.isPending}>
                Log Review
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <Collapsible.Root defaultOpen className="rounded-lg border bg-card">
        <Collapsible.Trigger className="group flex w-full items-center justify-between p-4 text-left font-semibold">
          Previous Sessions
          <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden />
        </Collapsible.Trigger>
        <Collapsible.Content className="px-4 pb-4">
          {!sessions.data?.length ? (
            <p className="text-sm text-muted-foreground">No sessions yet</p>
          ) : (
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Previous sessions">
              <table className="w-full text-sm" data-testid="previous-sessions">
                <thead className="text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-2 pr-4 text-left font-medium">Date</th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">Correctness</th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">Confidence</th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">Time (min)</th>
                    <th scope="col" className="py-2 pl-4 text-left font-medium">Notes</th>
                  </tr>
                </thead>
                <tbody>
                  {sessions.data.map((s) => (
                    <tr key={s.id} className="border-t">
                      <td className="whitespace-nowrap py-2 pr-4">{relativeTime(s.created_at)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{s.correctness}%</td>
                      <td className="px-3 py-2 text-right tabular-nums">{s.confidence}%</td>
                      <td className="px-3 py-2 text-right tabular-nums">{s.timer}</td>
                      <td className="max-w-64 truncate py-2 pl-4 text-muted-foreground">{s.notes ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Collapsible.Content>
      </Collapsible.Root>
    </div>
  );
}
