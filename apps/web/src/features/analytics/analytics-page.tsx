import type * as React from 'react';
import { BarChart3, CalendarClock, Mic, Repeat, Target } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PagePlaceholder } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/document-title';
import { deferred } from '@/lib/deferred';
import { cn } from '@/lib/utils';
import { usePracticeAnalytics } from './api';
import { ReviewHeatmap } from './components/review-heatmap';
import { dayLabel, forecastSummary, heatmapSummary, minutesSummary, retentionSummary, systemDesignSummary, tagRetention, weakestSummary } from './summaries';

// The charts' code (recharts and d3, about 300 KB) loads once the page's figures show: each chart
// has its written summary beside it.
const BarPanel = deferred(() => import('./components/bar-panel').then((m) => m.BarPanel), <div aria-hidden className="h-48" />);

function Panel({ id, title, summary, className, children }: { id: string; title: string; summary: string; className?: string; children: React.ReactNode }) {
  return (
    <Card className={cn('min-w-0', className)}>
      <section aria-labelledby={`${id}-title`} data-testid={id}>
        <CardHeader className="pb-3">
          <CardTitle id={`${id}-title`} className="text-base">
            {title}
          </CardTitle>
          <CardDescription data-testid={`${id}-summary`}>{summary}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}

function Stat({ label, value, icon: Icon }: { label: string; value: number; icon: typeof Target }) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between gap-3 pt-6">
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold tabular-nums">{value}</p>
        </div>
        <Icon className="size-5 shrink-0 text-primary" aria-hidden />
      </CardContent>
    </Card>
  );
}

/** /analytics: the candidate's own readiness, from one summary call. */
export default function AnalyticsPage() {
  useDocumentTitle('Analytics');
  const analytics = usePracticeAnalytics();
  if (analytics.isPending) return <PagePlaceholder />;
  if (analytics.isError) throw analytics.error;
  const a = analytics.data;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Analytics</h1>
        <p className="text-muted-foreground">Your readiness, from your own reviews: what you practise, what you keep, what is coming due.</p>
      </header>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Problems" value={a.questions} icon={Target} />
        <Stat label="Reviews" value={a.total_reviews} icon={Repeat} />
        <Stat label="Due today" value={a.due_forecast[0]?.due ?? 0} icon={CalendarClock} />
        <Stat label="Mock interviews done" value={a.mock_interviews} icon={Mic} />
      </div>
      {a.questions === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <BarChart3 className="size-10 text-muted-foreground" aria-hidden />
            <p className="text-lg font-semibold">Nothing to chart yet</p>
            <p className="max-w-md text-muted-foreground">Add a problem you solved and log a review: your reviews, retention and due dates show up here.</p>
            <Button asChild>
              <Link to="/leetcode">Go to Problem Review</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <Panel id="heatmap" title="Reviews per day, last 12 weeks" summary={heatmapSummary(a.reviews_per_day)} className="md:col-span-2">
            <ReviewHeatmap days={a.reviews_per_day} />
            <div aria-hidden className="mt-2 flex justify-between text-xs text-muted-foreground">
              <span>{dayLabel(a.reviews_per_day[0].day, { day: 'numeric', month: 'short' })}</span>
              <span>Today</span>
            </div>
          </Panel>
          <Panel id="retention" title="Retention across problems" summary={retentionSummary(a.retention_distribution)}>
            <BarPanel
              data={a.retention_distribution.map((b) => ({ band: b.band === 'Not reviewed' ? 'New' : b.band, problems: b.questions }))}
              x="band"
              y="problems"
            />
          </Panel>
          <Panel id="forecast" title="Due in the next 14 days" summary={forecastSummary(a.due_forecast)}>
            <BarPanel
              data={a.due_forecast.map((d, i) => ({ day: i === 0 ? 'Today' : dayLabel(d.day, { day: 'numeric', month: 'short' }), due: d.due }))}
              x="day"
              y="due"
            />
          </Panel>
          <Panel id="minutes" title="Average time by difficulty" summary={minutesSummary(a.average_minutes)}>
            <BarPanel
              data={(['Easy', 'Medium', 'Hard'] as const).map((d) => ({ difficulty: d, minutes: a.average_minutes[d] }))}
              x="difficulty"
              y="minutes"
              unit="min"
            />
          </Panel>
          <Panel id="weakest" title="Weakest tags" summary={weakestSummary(a.weakest_tags)}>
            <ul className="space-y-3">
              {a.weakest_tags.map((t) => (
                <li key={t.tag} className="space-y-1">
                  <div className="flex justify-between gap-2 text-sm">
                    <Link to={`/leetcode?tags=${encodeURIComponent(t.tag)}`} className="font-medium [overflow-wrap:anywhere] hover:underline">
                      {t.tag}
                    </Link>
                    <span className="text-right tabular-nums text-muted-foreground">{tagRetention(t)}</span>
                  </div>
                  <div aria-hidden className="h-2 rounded-full bg-muted">
                    {t.mean_retention === null ? null : <div className="h-2 rounded-full bg-primary" style={{ width: `${Math.max(2, t.mean_retention)}%` }} />}
                  </div>
                </li>
              ))}
            </ul>
          </Panel>
        </div>
      )}
      <Panel id="system-design" title="System Design" summary={systemDesignSummary(a.system_design)}>
        {a.system_design.weakest_concepts.length ? (
          <ul className="space-y-3" aria-label="Weakest concepts">
            {a.system_design.weakest_concepts.map((c) => (
              <li key={c.concept} className="space-y-1">
                <div className="flex justify-between gap-2 text-sm">
                  <span className="font-medium">{c.name}</span>
                  <span className="tabular-nums text-muted-foreground">{c.retention}% retention</span>
                </div>
                <div aria-hidden className="h-2 rounded-full bg-muted">
                  <div className="h-2 rounded-full bg-primary" style={{ width: `${Math.max(2, c.retention)}%` }} />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Concepts an attempt missed show their retention here once reviewed in Review due.</p>
        )}
        <Button asChild variant="outline" size="sm" className="mt-4">
          <Link to="/system-design">Go to System Design</Link>
        </Button>
      </Panel>
    </div>
  );
}
