import type { CompanySectionProps } from '@/components/company-sections';
import { Bell, BellOff, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useCompanyQuestions, useFollowCompany, useFollows } from './api';
import { failure } from './post-parts';
import { QuestionRow } from './question-row';

/** On a company's page, beside its interview reports: its open questions, and asking or following it. */
export default function CompanyQuestions({ companyId, companyName }: CompanySectionProps) {
  const questions = useCompanyQuestions(companyId);
  const follows = useFollows();
  const follow = useFollowCompany();
  const following = follows.data?.companies.some((c) => c.id === companyId) ?? false;
  return (
    <section aria-labelledby="company-questions-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="company-questions-heading" className="text-xl font-semibold">
          Open questions about {companyName}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-pressed={following}
            disabled={!follows.data || follow.isPending}
            onClick={() =>
              follow
                .mutateAsync({ companyId, follow: !following })
                .catch((err: unknown) => toast({ variant: 'destructive', title: 'Error', description: failure(err, 'Failed to follow') }))
            }
          >
            {following ? <BellOff aria-hidden /> : <Bell aria-hidden />} {following ? `Following ${companyName}` : `Follow ${companyName}`}
          </Button>
          <Button asChild size="sm">
            <Link to={`/ask-a-swe/ask?company=${companyId}`}>
              <Plus aria-hidden /> Ask about {companyName}
            </Link>
          </Button>
        </div>
      </div>
      {questions.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading questions...
        </p>
      ) : questions.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {failure(questions.error, 'Failed to fetch questions')}
        </p>
      ) : questions.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No open questions about {companyName} yet.</p>
      ) : (
        <>
          <ul className="space-y-3" aria-label={`Questions about ${companyName}`}>
            {questions.data.map((q) => (
              <QuestionRow key={q.id} question={q} />
            ))}
          </ul>
          <Link to={`/ask-a-swe?company=${companyId}`} className="inline-block text-sm text-primary underline-offset-2 hover:underline">
            All questions about {companyName}
          </Link>
        </>
      )}
    </section>
  );
}
