import { VoiceSessionDetail } from '@app/contracts';
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
              {dateTime(session.started_at)} · {clock(session.duration_seconds ?? 0)} · {session.credits_charged} credits
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
            <>
              <p>{session.report.summary}</p>
              <dl className="grid grid-cols-3 gap-2 text-sm">
                <div className="rounded-md bg-muted p-3">
                  <dt className="text-muted-foreground">Questions asked</dt>
                  <dd className="text-xl font-semibold">{session.report.questions_asked}</dd>
                </div>
                <div className="rounded-md bg-muted p-3">
                  <dt className="text-muted-foreground">Answers</dt>
                  <dd className="text-xl font-semibold">{session.report.answers_given}</dd>
                </div>
                <div className="rounded-md bg-muted p-3">
                  <dt className="text-muted-foreground">You spoke</dt>
                  <dd className="text-xl font-semibold">{clock(session.report.candidate_speaking_secs)}</dd>
                </div>
              </dl>
            </>
          ) : (
            <p className="text-muted-foreground">
              {session.status === 'ended' ? 'Preparing the transcript and report…' : 'The report is written when the interview ends.'}
            </p>
          )}
        </section>
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
