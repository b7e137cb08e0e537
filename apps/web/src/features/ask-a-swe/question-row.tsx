import { QuestionSummary, relativeTime, topicLabel } from '@app/contracts';
import { BriefcaseBusiness, CheckCircle2, EyeOff } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';

/** One question in a list: its score, answers (green once one is accepted), title, tags and who asked. */
export function QuestionRow({ question: q }: { question: QuestionSummary }) {
  return (
    <li className="flex gap-4 rounded-lg border bg-card p-4" data-testid="question-row">
      <div className="flex w-16 shrink-0 flex-col items-end gap-1 text-sm text-muted-foreground">
        <span>
          <span className="font-semibold text-foreground">{q.score}</span> {Math.abs(q.score) === 1 ? 'vote' : 'votes'}
        </span>
        <span
          className={
            q.accepted_answer_id
              ? 'inline-flex items-center gap-1 rounded bg-emerald-700 px-1.5 text-white dark:bg-emerald-400 dark:text-emerald-950'
              : q.answer_count > 0
                ? 'rounded border border-emerald-700 px-1.5 text-emerald-800 dark:border-emerald-400 dark:text-emerald-300'
                : ''
          }
        >
          {q.accepted_answer_id ? <CheckCircle2 className="size-3" aria-label="Accepted" /> : null}
          {q.answer_count} {q.answer_count === 1 ? 'answer' : 'answers'}
        </span>
      </div>
      <div className="min-w-0 flex-1 space-y-1">
        <h3 className="font-semibold [overflow-wrap:anywhere]">
          <Link to={`/ask-a-swe/${q.id}`} className="text-primary underline-offset-2 hover:underline">
            {q.title}
          </Link>
          {q.duplicate_of ? <span className="font-normal text-muted-foreground"> [duplicate]</span> : null}
        </h3>
        {q.excerpt ? <p className="line-clamp-2 text-sm text-muted-foreground [overflow-wrap:anywhere]">{q.excerpt}</p> : null}
        <div className="flex flex-wrap items-center gap-2 text-xs">
          {q.tags.map((t) => (
            <Badge key={t} variant="secondary">
              {topicLabel(t)}
            </Badge>
          ))}
          {q.company ? <Badge variant="outline">{q.company.name}</Badge> : null}
          {q.answered_by_employee && q.company ? (
            <Badge variant="success">
              <BriefcaseBusiness className="size-3" aria-hidden /> Answered by someone at {q.company.name}
            </Badge>
          ) : null}
          {q.hidden ? (
            <Badge variant="outline">
              <EyeOff className="size-3" aria-hidden /> Hidden pending review
            </Badge>
          ) : null}
          <span className="ml-auto text-muted-foreground">
            {q.author?.name ?? (q.anonymous ? 'Anonymous' : 'Deleted account')} · asked {relativeTime(q.created_at)}
          </span>
        </div>
      </div>
    </li>
  );
}
