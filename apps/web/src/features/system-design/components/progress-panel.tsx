import { rubricTotalMax } from '@app/contracts';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useProgress } from '../api';
import { ago } from '../format';

/** The candidate's progress: prompts practised, and each concept card's retention (weakest first), due in Review due. */
export function ProgressPanel() {
  const progress = useProgress();
  if (!progress.data) return null;
  const { prompts, concepts } = progress.data;
  const attempts = prompts.reduce((sum, p) => sum + p.attempts, 0);

  return (
    <Card>
      <section aria-labelledby="design-progress-title" data-testid="design-progress">
        <CardHeader className="pb-3">
          <CardTitle id="design-progress-title" className="text-base">
            Your progress
          </CardTitle>
          <CardDescription>
            {prompts.length === 0
              ? 'Start a prompt: your attempts, best ratings and the concepts to review show here.'
              : `${prompts.length} ${prompts.length === 1 ? 'prompt' : 'prompts'} practised in ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`}
          </CardDescription>
        </CardHeader>
        {prompts.length > 0 ? (
          <CardContent className="grid gap-6 md:grid-cols-2">
            <div>
              <h3 className="mb-2 text-sm font-semibold">Prompts</h3>
              <ul className="space-y-1 text-sm">
                {prompts.slice(0, 5).map((p) => (
                  <li key={p.slug} className="flex justify-between gap-2">
                    <Link to={`/system-design/${p.slug}`} className="truncate hover:underline">
                      {p.title}
                    </Link>
                    <span className="shrink-0 tabular-nums text-muted-foreground">
                      {p.best_rubric_total === null ? 'not rated' : `best ${p.best_rubric_total}/${rubricTotalMax}`}
                      {p.last_practised_at ? ` · ${ago(p.last_practised_at)}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className="mb-2 text-sm font-semibold">Concepts to review</h3>
              {concepts.length === 0 ? (
                <p className="text-sm text-muted-foreground">None yet: a submitted attempt&apos;s missed concepts come here, and back in Review due.</p>
              ) : (
                <ul className="space-y-2 text-sm">
                  {concepts.slice(0, 6).map((c) => (
                    <li key={c.concept} className="space-y-1">
                      <div className="flex justify-between gap-2">
                        <span>{c.name}</span>
                        <span className="tabular-nums text-muted-foreground">{c.retention === null ? 'not reviewed yet' : `${c.retention}% retention`}</span>
                      </div>
                      <div aria-hidden className="h-1.5 rounded-full bg-muted">
                        {c.retention === null ? null : <div className="h-1.5 rounded-full bg-primary" style={{ width: `${Math.max(2, c.retention)}%` }} />}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </CardContent>
        ) : null}
      </section>
    </Card>
  );
}
