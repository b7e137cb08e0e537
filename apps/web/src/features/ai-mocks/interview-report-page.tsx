import { voiceMessages } from '@app/contracts';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PagePlaceholder } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useVoiceSession } from './api';
import { InterviewReport } from './interview-report';

/** /ai-mocks/{sessionId}: one past interview's report and transcript. */
export default function InterviewReportPage() {
  useDocumentTitle('Interview report');
  const { sessionId = '' } = useParams();
  const session = useVoiceSession(sessionId);
  const back = (
    <Button asChild variant="ghost" size="sm">
      <Link to="/ai-mocks">
        <ArrowLeft aria-hidden /> AI Mock Interviews
      </Link>
    </Button>
  );
  if (session.isPending) return <PagePlaceholder />;
  if (session.isError) {
    if (!(session.error instanceof ApiError && session.error.status === 404)) throw session.error;
    return (
      <div className="mx-auto max-w-xl space-y-4 py-10 text-center">
        <h1 className="text-2xl font-bold">{voiceMessages.noSession}</h1>
        {back}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      {back}
      <h1 className="text-3xl font-bold tracking-tight">Interview report</h1>
      <InterviewReport session={session.data} />
    </div>
  );
}
