import { CreateSession, problemLink, problemSlug, relativeTime } from '@app/contracts';
import * as Collapsible from '@radix-ui/react-collapsible';
import confetti from 'canvas-confetti';
import { ChevronDown, ExternalLink } from 'lucide-react';
import * as React from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PagePlaceholder } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/lib/auth';
import { useErrorTypes, useLogSession, useQuestionSessions, useQuestions } from './api';
import { ReviewForm } from './components/review-form';
import { DifficultyDot } from './difficulty';

export default function ReviewPage() {
  const { questionId = '' } = useParams();
  const navigate = useNavigate();
  const { session } = useAuth();
  const questions = useQuestions();
  const sessions = useQuestionSessions(questionId);
  const errorTypes = useErrorTypes();
  const log = useLogSession(questionId);

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

  const slug = problemSlug(question.title);

  /** Stores the review; false (what was typed stays) when it could not be stored. */
  const save = async (review: CreateSession): Promise<boolean> => {
    // Signed out, or the session ended (expired, or signed out elsewhere; the API layer has dropped
    // it already): what was typed stays in its draft; sign in again and come back to it.
    const signInAgain = () => {
      toast({ variant: 'destructive', title: 'Error', description: 'Please login to submit a review' });
      void navigate('/login', { state: { from: `/leetcode/review/${question.id}` } });
      return false;
    };
    if (!session) return signInAgain();
    try {
      await log.mutateAsync({ ...review, notes: review.notes?.trim() || null });
      // The list's count, not the sessions shown: those are one page, the newest ones.
      const reviews = question.session_count + 1;
      toast({
        title: 'Session recorded!',
        description: `Review #${reviews} of ${question.title}: correctness ${review.correctness}%, confidence ${review.confidence}%.`,
      });
      void confetti({ particleCount: 120, spread: 70, origin: { y: 0.7 }, disableForReducedMotion: true });
      void navigate('/leetcode');
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return signInAgain();
      // The day's caps on reviews: the server's sentence says which one holds.
      const capped = err instanceof ApiError && err.status === 429;
      toast({ variant: 'destructive', title: 'Error', description: capped ? err.message : 'Failed to create session' });
      return false;
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
            <a href={problemLink(slug)} target="_blank" rel="noreferrer noopener">
              Problem <ExternalLink aria-hidden />
            </a>
          </Button>
        </div>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>Log a review</CardTitle>
        </CardHeader>
        <CardContent>
          <ReviewForm question={question} errorTypes={errorTypes.data} saving={log.isPending} onSave={save} />
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
                    <th scope="col" className="py-2 pr-4 text-left font-medium">
                      Date
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Correctness
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Confidence
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Time (min)
                    </th>
                    <th scope="col" className="py-2 pl-4 text-left font-medium">
                      Notes
                    </th>
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
              {question.session_count > sessions.data.length && (
                <p className="pt-2 text-xs text-muted-foreground">
                  The newest {sessions.data.length} of {question.session_count} sessions
                </p>
              )}
            </div>
          )}
        </Collapsible.Content>
      </Collapsible.Root>
    </div>
  );
}
