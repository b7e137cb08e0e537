import { Autosave, DesignAttempt, designSteps, DesignStepKey } from '@app/contracts';
import { ArrowLeft, Check, CircleAlert, CloudOff, ListChecks, Loader2 } from 'lucide-react';
import * as React from 'react';
import { Link, useParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PagePlaceholder } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { saveAttempt, useAttempt, useSubmitAttempt } from './api';
import { RubricForm } from './components/rubric-form';
import { StepBar } from './components/step-bar';
import type { DesignScene } from '@/components/design-canvas/scene';
import { scheduleAt } from './timer';
import { SaveStatus, useAutosave } from './use-autosave';

// Excalidraw is most of this page's weight: it loads after the page's own code, on this route only.
const DesignCanvas = React.lazy(() => import('@/components/design-canvas/design-canvas'));

type Work = Pick<Autosave, 'notes' | 'scene'>;

function SaveIndicator({ status }: { status: SaveStatus }) {
  const shown = {
    saved: { icon: Check, text: 'All changes saved', className: 'text-muted-foreground' },
    saving: { icon: Loader2, text: 'Saving…', className: 'text-muted-foreground' },
    offline: { icon: CloudOff, text: 'Offline: kept on this device, saved when the connection is back', className: 'text-amber-700 dark:text-amber-400' },
    refused: { icon: CircleAlert, text: status.state === 'refused' ? status.message : '', className: 'text-destructive' },
  }[status.state];
  const Icon = shown.icon;
  return (
    <p role="status" className={`flex items-center gap-1.5 text-sm ${shown.className}`} data-testid="save-status">
      <Icon className={`size-4 shrink-0 ${status.state === 'saving' ? 'animate-spin' : ''}`} aria-hidden />
      {shown.text}
    </p>
  );
}

function CanvasRegion({ children }: { children: React.ReactNode }) {
  return (
    <section aria-label="Design canvas" tabIndex={0} className="rounded-lg focus-visible:outline-2 focus-visible:outline-ring" id="design-canvas">
      <React.Suspense fallback={<p className="m-auto text-muted-foreground">Loading the canvas…</p>}>{children}</React.Suspense>
    </section>
  );
}

const fileNameOf = (attempt: DesignAttempt) => `${attempt.prompt_slug}-design`;

function PracticeScreen({ attempt, userId }: { attempt: DesignAttempt; userId: string }) {
  const timed = attempt.mode === 'timed';
  const save = React.useCallback(async (revision: number, work: Work) => void (await saveAttempt(attempt.id, { revision, ...work })), [attempt.id]);
  const { work, status, update, flush, finish } = useAutosave<Work>({
    userId,
    attemptId: attempt.id,
    server: { revision: attempt.revision, work: { notes: attempt.notes, scene: attempt.scene } },
    save,
  });
  const [step, setStep] = React.useState<DesignStepKey>(() =>
    timed ? designSteps[scheduleAt(designSteps, Date.now() - new Date(attempt.started_at).getTime()).stepIndex].key : designSteps[0].key,
  );
  const submit = useSubmitAttempt(attempt.id);
  const [submitError, setSubmitError] = React.useState<string>();
  const current = designSteps.find((s) => s.key === step)!;
  // The scene the canvas opened with: later changes flow out of it, never back in.
  const [initialScene] = React.useState(() => work.scene as DesignScene | null);
  const sceneChanged = React.useCallback((scene: DesignScene) => update((w) => ({ ...w, scene: scene as unknown as Work['scene'] })), [update]);

  const onSubmit = async () => {
    setSubmitError(undefined);
    try {
      await flush();
      await submit.mutateAsync();
      finish();
    } catch (err) {
      setSubmitError((err as Error).message);
    }
  };

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <Link to={`/system-design/${attempt.prompt_slug}`} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline">
            <ArrowLeft className="size-4" aria-hidden /> The prompt
          </Link>
          <h1 className="text-2xl font-bold tracking-tight">{attempt.prompt_title}</h1>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{timed ? 'Timed' : 'Untimed'}</Badge>
            <SaveIndicator status={status} />
          </div>
        </div>
        <div className="space-y-1 text-right">
          <Button onClick={onSubmit} disabled={submit.isPending}>
            <ListChecks aria-hidden /> Submit for review
          </Button>
          {submitError ? (
            <p role="alert" className="max-w-xs text-sm text-destructive">
              {submitError}
            </p>
          ) : null}
        </div>
      </header>
      <StepBar startedAt={attempt.started_at} timed={timed} selected={step} onSelect={setStep} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(300px,380px)]">
        <div className="min-w-0">
          <a
            href="#step-notes"
            className="sr-only focus:not-sr-only focus:mb-2 focus:inline-block focus:rounded focus:bg-background focus:px-2 focus:py-1 focus:ring-2 focus:ring-ring"
          >
            Skip to notes
          </a>
          <CanvasRegion>
            <DesignCanvas initialScene={initialScene} onChange={sceneChanged} fileName={fileNameOf(attempt)} />
          </CanvasRegion>
        </div>
        <div id="step-notes-panel" role="tabpanel" aria-labelledby={`step-tab-${step}`} className="space-y-2">
          <label htmlFor="step-notes" className="block text-sm font-semibold">
            {current.name} notes
          </label>
          <p id="step-notes-asks" className="text-sm text-muted-foreground">
            {current.asks}
          </p>
          <Textarea
            id="step-notes"
            aria-describedby="step-notes-asks"
            rows={14}
            className="min-h-[300px] lg:min-h-[420px]"
            value={work.notes[step] ?? ''}
            onChange={(e) => {
              const text = e.target.value;
              update((w) => ({ ...w, notes: { ...w.notes, [step]: text } }));
            }}
          />
        </div>
      </div>
    </div>
  );
}

function ReviewScreen({ attempt }: { attempt: DesignAttempt }) {
  const review = attempt.review!;
  const [scene] = React.useState(() => attempt.scene as DesignScene | null);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="space-y-1">
        <Link to={`/system-design/${attempt.prompt_slug}`} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> The prompt
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">Review: {attempt.prompt_title}</h1>
      </header>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <section aria-labelledby="outline-title">
            <CardHeader className="pb-3">
              <CardTitle id="outline-title" className="text-base">
                Reference outline
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="list-decimal space-y-1 pl-5 text-sm">
                {review.reference_outline.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ol>
            </CardContent>
          </section>
        </Card>
        <Card>
          <section aria-labelledby="concepts-title" data-testid="design-concepts">
            <CardHeader className="pb-3">
              <CardTitle id="concepts-title" className="text-base">
                Concepts in your notes and drawing
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-4 text-sm">
              <div>
                <h3 className="mb-1 font-medium">Covered</h3>
                {review.concepts_covered.length ? (
                  <ul className="flex flex-wrap gap-1" aria-label="Covered">
                    {review.concepts_covered.map((c) => (
                      <li key={c.key}>
                        <Badge variant="success">{c.name}</Badge>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-muted-foreground">None of this prompt&apos;s concepts yet.</p>
                )}
              </div>
              <div>
                <h3 className="mb-1 font-medium">Missed</h3>
                {review.concepts_missed.length ? (
                  <>
                    <ul className="flex flex-wrap gap-1" aria-label="Missed">
                      {review.concepts_missed.map((c) => (
                        <li key={c.key}>
                          <Badge variant="outline">{c.name}</Badge>
                        </li>
                      ))}
                    </ul>
                    <p className="mt-2">
                      These concepts will come back in{' '}
                      <Link to="/leetcode/session" className="font-medium underline">
                        Review due
                      </Link>
                      , just before you would forget them.
                    </p>
                  </>
                ) : (
                  <p className="text-muted-foreground">Nothing missed: every concept is in your notes or drawing.</p>
                )}
              </div>
            </CardContent>
          </section>
        </Card>
      </div>
      <Card>
        <section aria-labelledby="rubric-title">
          <CardHeader className="pb-3">
            <CardTitle id="rubric-title" className="text-base">
              Rate yourself
            </CardTitle>
            <p className="text-sm text-muted-foreground">Against the outline: 1 missing, 2 weak, 3 solid, 4 strong.</p>
          </CardHeader>
          <CardContent>
            <RubricForm attempt={attempt} />
          </CardContent>
        </section>
      </Card>
      <section aria-labelledby="your-design-title" className="space-y-3">
        <h2 id="your-design-title" className="text-lg font-semibold">
          Your design
        </h2>
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(300px,380px)]">
          <CanvasRegion>
            <DesignCanvas initialScene={scene} readOnly fileName={fileNameOf(attempt)} />
          </CanvasRegion>
          <dl className="space-y-3 text-sm">
            {designSteps.map((s) => (
              <div key={s.key}>
                <dt className="font-medium">{s.name}</dt>
                <dd className="whitespace-pre-wrap text-muted-foreground">{attempt.notes[s.key] || 'No notes'}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </div>
  );
}

/** /system-design/attempts/:id: the practice screen while in progress, the review once submitted. */
export default function AttemptPage() {
  const { id = '' } = useParams();
  const attempt = useAttempt(id);
  const { user } = useAuth();
  useDocumentTitle(attempt.data ? `${attempt.data.prompt_title} · System Design` : 'System Design');
  if (attempt.isPending) return <PagePlaceholder />;
  if (attempt.isError) throw attempt.error;
  if (attempt.data.status === 'submitted') return <ReviewScreen attempt={attempt.data} />;
  // The key: a submitted attempt's screen is left for its review with nothing of the practice's state kept.
  return <PracticeScreen key={attempt.data.id} attempt={attempt.data} userId={user!.id} />;
}
