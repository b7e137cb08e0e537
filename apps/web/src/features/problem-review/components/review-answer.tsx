import { ErrorType, gradeNames, QuestionListItem, relativeTime, reviewGrade } from '@app/contracts';
import { useQuestionSessions } from '../api';

/**
 * The answer side of a "Review due" card, shown once the candidate has tried the problem: what
 * their last review of it said (grade, scores, errors, notes), as Anki's back of the card.
 */
export function ReviewAnswer({ question, errorTypes }: { question: QuestionListItem; errorTypes: ErrorType[] | undefined }) {
  if (question.session_count === 0)
    return (
      <p className="text-sm text-muted-foreground" data-testid="review-answer">
        First review: no notes or earlier submissions yet.
      </p>
    );
  return <LastReview questionId={question.id} errorTypes={errorTypes} />;
}

function LastReview({ questionId, errorTypes }: { questionId: string; errorTypes: ErrorType[] | undefined }) {
  const sessions = useQuestionSessions(questionId);
  const last = sessions.data?.[0];
  if (sessions.isError) return <p className="text-sm text-destructive">Could not load your last review.</p>;
  if (!last)
    return (
      <p className="text-sm text-muted-foreground" aria-busy="true">
        Loading your last review…
      </p>
    );
  const names = new Map((errorTypes ?? []).map((e) => [e.id, e.name]));
  const errors = last.errors.map((id) => names.get(id) ?? id);
  return (
    <div className="space-y-3" data-testid="review-answer">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        <Figure label="Last review" value={relativeTime(last.created_at)} />
        <Figure label="Grade" value={gradeNames[reviewGrade(last)]} />
        <Figure label="Correctness" value={`${last.correctness}%`} />
        <Figure
          label="Time"
          value={`${last.timer} min${last.submissions === null ? '' : `, ${last.submissions} submission${last.submissions === 1 ? '' : 's'}`}`}
        />
      </dl>
      <div className="text-sm">
        <p className="font-medium">Errors</p>
        <p className="text-muted-foreground">{errors.length ? errors.join(', ') : 'None: a clean solve'}</p>
      </div>
      <div className="text-sm">
        <p className="font-medium">Notes</p>
        <p className="whitespace-pre-wrap text-muted-foreground [overflow-wrap:anywhere]">{last.notes ?? 'No notes.'}</p>
      </div>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
