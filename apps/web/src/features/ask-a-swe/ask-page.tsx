import { askNewAccounts } from '@app/contracts';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useDocumentTitle } from '@/lib/document-title';
import { useAskQuestion, useStanding } from './api';
import { QuestionForm } from './question-form';

/** /ask-a-swe/ask: a question with similar ones and interview reports suggested while its title is typed. */
export default function AskPage() {
  useDocumentTitle('Ask a question');
  const ask = useAskQuestion();
  const standing = useStanding();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const left = standing.data?.questions_left_today;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Button asChild variant="ghost" size="sm">
        <Link to="/ask-a-swe">
          <ArrowLeft aria-hidden /> All questions
        </Link>
      </Button>
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Ask a question</h1>
        <p className="text-muted-foreground">Engineers who work there answer; a verified employee&apos;s answer says so.</p>
        {standing.data?.new_account ? (
          <p className="text-sm text-muted-foreground">
            New accounts can ask {askNewAccounts.questionsPerDay} questions a day{left === undefined ? '' : `; ${left} left today`}.
          </p>
        ) : null}
      </header>
      <QuestionForm
        companyId={params.get('company') ?? undefined}
        submitLabel="Post your question"
        onSubmit={(values) =>
          ask.mutateAsync(values).then(({ data }) => {
            toast({ title: 'Question posted' });
            void navigate(`/ask-a-swe/${data.id}`);
          })
        }
      />
    </div>
  );
}
