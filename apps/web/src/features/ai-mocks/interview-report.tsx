import { AnswerAssessment, CallEvaluation, VoiceReport, VoiceSessionDetail } from '@app/contracts';
import { ArrowRight, Check, CircleHelp, X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { clock, dateTime } from './format';

const endLabels: Record<string, string> = {
  user: 'Ended by you',
  agent: 'Completed',
  time_limit: 'Time limit reached',
  never_connected: 'Never connected',
  error: 'Connection lost',
};

export function StatusBadges({ session }: { session: Pick<VoiceSessionDetail, 'status' | 'end_reason' | 'refunded'> }) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={session.end_reason === 'agent' ? 'success' : 'secondary'}>
        {session.status === 'ended' ? endLabels[session.end_reason ?? 'user'] : session.status === 'connected' ? 'In progress' : 'Starting'}
      </Badge>
      {session.refunded ? <Badge variant="outline">Refunded</Badge> : null}
    </span>
  );
}

/** One interview after the call: the short report, then who said what and when. */
export function InterviewReport({ session }: { session: VoiceSessionDetail }) {
  const title = [session.company, session.level].filter(Boolean).join(' · ') || 'General software engineering';
  return (
    <Card aria-label="Interview report">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <CardTitle>{title}</CardTitle>
            <CardDescription>
              {dateTime(session.started_at)} · {clock(session.duration_seconds ?? 0)} of a {session.minutes}-minute interview · {session.credits_charged}{' '}
              credits
            </CardDescription>
          </div>
          <StatusBadges session={session} />
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-labelledby="report-heading" className="space-y-2">
          <h3 id="report-heading" className="font-semibold">
            Report
          </h3>
          {session.report ? (
            <ReportBody report={session.report} />
          ) : (
            <p className="text-muted-foreground">
              {session.status === 'ended' ? 'Preparing the transcript and report…' : 'The report is written when the interview ends.'}
            </p>
          )}
        </section>
        {session.evaluation ? <InterviewerEvaluation evaluation={session.evaluation} /> : null}
        <section aria-labelledby="transcript-heading" className="space-y-2">
          <h3 id="transcript-heading" className="font-semibold">
            Transcript
          </h3>
          {session.transcript.length === 0 ? (
            <p className="text-muted-foreground">Nothing was said in this interview.</p>
          ) : (
            <ol className="space-y-3">
              {session.transcript.map((line, i) => (
                <li key={i} className="grid grid-cols-[3.5rem_1fr] gap-2 text-sm">
                  <span className="font-mono text-muted-foreground">{clock(line.time_in_call_secs)}</span>
                  <p>
                    <span className="font-semibold">{line.role === 'agent' ? 'Interviewer' : 'You'}: </span>
                    {line.message}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-muted p-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold">{value}</dd>
    </div>
  );
}

const notMeasured = '—';
const starParts = ['situation', 'task', 'action', 'result'] as const;

/** Present or absent, said in words as well as by the icon. */
function Mark({ label, present }: { label: string; present: boolean }) {
  return (
    <li className="flex items-center gap-1">
      {present ? <Check className="size-4 text-emerald-700 dark:text-emerald-400" aria-hidden /> : <X className="size-4 text-destructive" aria-hidden />}
      <span>
        {label}
        <span className="sr-only">{present ? ': yes' : ': no'}</span>
      </span>
    </li>
  );
}

function Concepts({ label, names }: { label: string; names: string[] }) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      <span className="text-muted-foreground">{label}:</span>
      {names.length === 0 ? (
        <span>none</span>
      ) : (
        names.map((name) => (
          <Badge key={name} variant="outline">
            {name}
          </Badge>
        ))
      )}
    </div>
  );
}

/** One question as the report judged it: its score and why, the concepts, complexity or STAR, and what was said. */
function QuestionVerdict({ verdict, index }: { verdict: AnswerAssessment; index: number }) {
  return (
    <li className="space-y-2 rounded-md border p-3 text-sm" aria-labelledby={`verdict-${index}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={`verdict-${index}`} className="font-medium">
          {index + 1}. {verdict.question}
        </h4>
        <Badge variant={verdict.score !== null && verdict.score >= 3 ? 'success' : 'secondary'}>
          {verdict.score === null ? 'Not scored' : `Score ${verdict.score} of 4`}
        </Badge>
      </div>
      <p>{verdict.score_reason}</p>
      <Concepts label="Covered" names={verdict.concepts_covered} />
      <Concepts label="Missed" names={verdict.concepts_missed} />
      {verdict.complexity_stated !== null ? (
        <ul aria-label="Complexity">
          <Mark label="Complexity stated" present={verdict.complexity_stated} />
        </ul>
      ) : null}
      {verdict.star ? (
        <ul aria-label="STAR structure" className="flex flex-wrap gap-3">
          {starParts.map((part) => (
            <Mark key={part} label={part[0].toUpperCase() + part.slice(1)} present={verdict.star![part]} />
          ))}
        </ul>
      ) : null}
      <details>
        <summary className="cursor-pointer text-muted-foreground">Your answer</summary>
        <p className="mt-1 whitespace-pre-wrap">{verdict.answer || 'Not answered.'}</p>
      </details>
    </li>
  );
}

/** The report: the summary and counts, then (local interviewer) how it sounded, each question, and what to do next. */
function ReportBody({ report }: { report: VoiceReport }) {
  const fillers = report.filler_words ?? [];
  return (
    <>
      <p>{report.summary}</p>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        <Figure label="Questions asked" value={String(report.questions_asked)} />
        <Figure label="Answers" value={String(report.answers_given)} />
        <Figure label="You spoke" value={clock(report.candidate_speaking_secs)} />
        {report.questions ? (
          <>
            <Figure label="Your share of talk time" value={report.talk_share == null ? notMeasured : `${Math.round(report.talk_share * 100)}%`} />
            <Figure label="Words per minute" value={report.words_per_minute == null ? notMeasured : String(report.words_per_minute)} />
            <Figure label="Longest pause" value={report.longest_pause_secs == null ? notMeasured : `${report.longest_pause_secs.toFixed(1)} s`} />
          </>
        ) : null}
      </dl>
      {report.questions ? (
        <p className="text-sm">
          <span className="text-muted-foreground">Filler words: </span>
          {fillers.length === 0 ? 'none heard' : fillers.map((f) => `${f.word} ×${f.count}`).join(', ')}
        </p>
      ) : null}
      {report.questions && report.questions.length > 0 ? (
        <section aria-labelledby="verdicts-heading" className="space-y-2 pt-2">
          <h3 id="verdicts-heading" className="font-semibold">
            Question by question
          </h3>
          <ol className="space-y-3">
            {report.questions.map((verdict, i) => (
              <QuestionVerdict key={i} verdict={verdict} index={i} />
            ))}
          </ol>
        </section>
      ) : null}
      {report.next_steps && report.next_steps.length > 0 ? (
        <section aria-labelledby="next-steps-heading" className="space-y-2 pt-2">
          <h3 id="next-steps-heading" className="font-semibold">
            Next steps
          </h3>
          <ol className="space-y-2 text-sm">
            {report.next_steps.map((step) => (
              <li key={step.text}>
                <Link to={step.href} className="inline-flex items-start gap-1 font-medium text-primary underline underline-offset-4">
                  <ArrowRight className="mt-0.5 size-4 shrink-0" aria-hidden />
                  {step.text}
                </Link>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}

/** ElevenLabs' ids are the agent's snake_case keys (years_of_experience): said as words instead. */
function spoken(id: string): string {
  const words = id
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : id;
}

const criterionResults = {
  success: { label: 'Met', variant: 'success', Icon: Check },
  failure: { label: 'Not met', variant: 'secondary', Icon: X },
  unknown: { label: 'Could not tell', variant: 'outline', Icon: CircleHelp },
} as const;

type CollectedValue = CallEvaluation['data'][number]['value'];

/** A collected value as a candidate reads it; null when the interviewer found nothing to note. */
function collected(value: CollectedValue): string | null {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  return value?.trim() ? value.trim() : null;
}

/**
 * ElevenLabs' own judgement of the call (ElevenLabs calls only): each criterion the interviewer
 * was set, met or not and why, then what it noted about the candidate. Items it could not fill
 * in are left out, and the section with them when nothing is left.
 */
function InterviewerEvaluation({ evaluation }: { evaluation: CallEvaluation }) {
  const noted = evaluation.data.flatMap((item) => {
    const value = collected(item.value);
    return value === null ? [] : [{ ...item, value }];
  });
  if (evaluation.criteria.length === 0 && noted.length === 0) return null;
  return (
    <section aria-labelledby="evaluation-heading" className="space-y-2">
      <h3 id="evaluation-heading" className="font-semibold">
        Interviewer&apos;s evaluation
      </h3>
      {evaluation.criteria.length > 0 ? (
        <ul aria-label="Evaluation criteria" className="space-y-3">
          {evaluation.criteria.map((criterion, i) => {
            const { label, variant, Icon } = criterionResults[criterion.result];
            return (
              <li key={`${criterion.id}-${i}`} className="space-y-2 rounded-md border p-3 text-sm" aria-labelledby={`criterion-${i}`}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h4 id={`criterion-${i}`} className="font-medium">
                    {spoken(criterion.id)}
                  </h4>
                  <Badge variant={variant}>
                    <Icon className="size-3" aria-hidden />
                    <span className="sr-only">Result: </span>
                    {label}
                  </Badge>
                </div>
                {criterion.rationale ? <p>{criterion.rationale}</p> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {noted.length > 0 ? (
        <div role="group" aria-labelledby="noted-heading" className="space-y-2 pt-2">
          <h4 id="noted-heading" className="text-sm font-medium">
            What the interviewer noted
          </h4>
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            {noted.map((item, i) => (
              <div key={`${item.id}-${i}`} className="rounded-md bg-muted p-3">
                <dt className="text-muted-foreground">{spoken(item.id)}</dt>
                <dd className="break-words font-semibold">{item.value}</dd>
                {item.rationale ? <dd className="mt-1 text-muted-foreground">{item.rationale}</dd> : null}
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </section>
  );
}
