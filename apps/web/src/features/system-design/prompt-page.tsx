import { AttemptMode, designTimedMinutes, rubricTotalMax, systemDesignLevelNames } from '@app/contracts';
import { ArrowLeft, Clock, Play } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PagePlaceholder } from '@/components/ui/skeleton';
import { tryAgainHint } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { usePrompt, useStartAttempt } from './api';
import { CommunityDesigns } from './community-designs';
import { askedAtLine, progressLine } from './format';

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** /system-design/:slug: the prompt, where it was asked, the candidate's attempts, and the way in (timed or untimed). */
export default function PromptPage() {
  const { slug = '' } = useParams();
  const prompt = usePrompt(slug);
  const start = useStartAttempt(slug);
  const navigate = useNavigate();
  useDocumentTitle(prompt.data?.title ?? 'System Design');

  if (prompt.isPending) return <PagePlaceholder />;
  if (prompt.isError) throw prompt.error;
  const p = prompt.data;
  const inProgress = p.attempts.find((a) => a.status === 'in_progress');
  const submitted = p.attempts.find((a) => a.status === 'submitted');

  const begin = (mode: AttemptMode) => start.mutate(mode, { onSuccess: (attempt) => void navigate(`/system-design/attempts/${attempt.id}`) });

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link to="/system-design" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> All prompts
      </Link>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-3xl font-bold tracking-tight">{p.title}</h1>
          <Badge variant="secondary">{systemDesignLevelNames[p.level]}</Badge>
        </div>
        <p className="text-lg">{p.prompt}</p>
        <p className="text-sm text-muted-foreground">{askedAtLine(p.asked_at)}</p>
      </header>

      <div className="flex flex-wrap items-center gap-2">
        {inProgress ? (
          <Button asChild>
            <Link to={`/system-design/attempts/${inProgress.id}`}>
              <Play aria-hidden /> Resume your attempt
            </Link>
          </Button>
        ) : null}
        <Button onClick={() => begin('timed')} disabled={start.isPending} variant={inProgress ? 'outline' : 'default'}>
          <Clock aria-hidden /> Start timed ({designTimedMinutes} min)
        </Button>
        <Button onClick={() => begin('untimed')} disabled={start.isPending} variant="outline">
          Start untimed
        </Button>
      </div>
      {start.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {start.error.message} {tryAgainHint(start.error)}
        </p>
      ) : null}

      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="text-base">What a good answer covers</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-wrap gap-1">
            {p.concepts.map((c) => (
              <li key={c.key}>
                <Badge variant="outline" className="font-normal">
                  {c.name}
                </Badge>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <section aria-labelledby="attempts-title">
          <CardHeader className="pb-3">
            <CardTitle id="attempts-title" className="text-base">
              Your attempts
            </CardTitle>
            <p className="text-sm text-muted-foreground" data-testid="prompt-progress">
              {progressLine(p.progress)}
            </p>
          </CardHeader>
          {p.attempts.length ? (
            <CardContent>
              <ul className="divide-y text-sm">
                {p.attempts.map((a) => (
                  <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <Link to={`/system-design/attempts/${a.id}`} className="hover:underline">
                      {dateTime.format(new Date(a.started_at))} · {a.mode === 'timed' ? 'Timed' : 'Untimed'}
                    </Link>
                    <span className="text-muted-foreground">
                      {a.status === 'in_progress'
                        ? 'In progress'
                        : a.rubric_total === null
                          ? 'Submitted, not rated'
                          : `Rated ${a.rubric_total}/${rubricTotalMax}`}
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          ) : null}
        </section>
      </Card>

      {p.reference_outline ? (
        <Card>
          <section aria-labelledby="outline-title">
            <CardHeader className="pb-3">
              <CardTitle id="outline-title" className="text-base">
                Reference outline
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="list-decimal space-y-1 pl-5 text-sm">
                {p.reference_outline.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ol>
            </CardContent>
          </section>
        </Card>
      ) : (
        <p className="text-sm text-muted-foreground">The reference outline opens once you submit an attempt: design it yourself first.</p>
      )}

      <CommunityDesigns slug={p.slug} unlocked={p.reference_outline !== null} submittedAttemptId={submitted?.id} />
    </div>
  );
}
