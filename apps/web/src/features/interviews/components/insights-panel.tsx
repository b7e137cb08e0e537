import { CompanyInsights, outcomeLabels, StoredOutcome, storedOutcomes, topicLabel } from '@app/contracts';
import { Dumbbell } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { practiceLink, processDuration } from '../format';

const outcomeColour: Record<StoredOutcome, string> = { ongoing: '#94a3b8', rejected: '#ef4444', offer: '#6366f1', accepted: '#10b981' };
const tooltipStyle = { background: 'var(--popover)', border: '1px solid var(--border)', borderRadius: 6, color: 'var(--popover-foreground)', fontSize: 12 };

/**
 * Counts as bars drawn to the largest, each with its name and number written out: a single count is a
 * full bar labelled 1, not a sliver of a chart scaled for many (and screen readers read the list itself).
 */
function HorizontalBars({ data, label }: { data: { name: string; count: number }[]; label: string }) {
  if (data.length === 0) return <p className="text-sm text-muted-foreground">Nothing reported yet.</p>;
  const max = Math.max(...data.map((d) => d.count));
  return (
    <ul aria-label={label} className="space-y-2" data-testid="bars">
      {data.map((d) => (
        <li key={d.name} className="grid gap-1 text-sm">
          <div className="flex items-baseline justify-between gap-2">
            <span className="min-w-0">{d.name}</span>
            <span className="font-medium tabular-nums">{d.count}</span>
          </div>
          <div className="h-2 rounded-full bg-muted" aria-hidden>
            <div className="h-2 rounded-full bg-primary" style={{ width: `${(d.count / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A company at a glance: offer rate and outcomes, rounds, most asked topics, typical duration, levels. */
export function InsightsPanel({ insights }: { insights: CompanyInsights }) {
  const outcomes = storedOutcomes.filter((o) => insights.outcomes[o]).map((o) => ({ key: o, name: outcomeLabels[o], count: insights.outcomes[o] }));
  const roundMix = Object.entries(insights.round_mix)
    .sort((a, b) => b[1] - a[1])
    .map(([name, count]) => ({ name, count }));
  const topics = insights.top_topics.slice(0, 6).map((t) => ({ name: topicLabel(t.topic), count: t.count }));
  const levels = Object.entries(insights.levels)
    .sort((a, b) => b[1] - a[1])
    .map(([name, count]) => ({ name: name.replace(/ \(.*\)$/, ''), count }));
  const practise = practiceLink(insights.top_topics);

  return (
    <section aria-label="Insights" className="grid gap-4 md:grid-cols-2 xl:grid-cols-4" data-testid="insights">
      <Card>
        <CardHeader className="pb-2">
          <CardDescription>Offer rate</CardDescription>
          <CardTitle className="text-3xl" data-testid="offer-rate">
            {insights.offer_rate === null ? '—' : `${Math.round(insights.offer_rate * 100)}%`}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {outcomes.length ? (
            <div className="flex items-center gap-4">
              <div aria-hidden className="size-24 shrink-0">
                <ResponsiveContainer width="100%" height="100%">
                  <PieChart accessibilityLayer={false}>
                    <Pie
                      data={outcomes}
                      dataKey="count"
                      nameKey="name"
                      innerRadius="55%"
                      outerRadius="100%"
                      strokeWidth={1}
                      isAnimationActive={false}
                      rootTabIndex={-1}
                    >
                      {outcomes.map((o) => (
                        <Cell key={o.key} fill={outcomeColour[o.key]} />
                      ))}
                    </Pie>
                    <Tooltip contentStyle={tooltipStyle} />
                  </PieChart>
                </ResponsiveContainer>
              </div>
              <ul className="space-y-1 text-sm" aria-label="Outcomes">
                {outcomes.map((o) => (
                  <li key={o.key} className="flex items-center gap-2">
                    <span className="size-2.5 rounded-full" style={{ background: outcomeColour[o.key] }} aria-hidden />
                    {o.name}: {o.count}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">No outcomes reported yet.</p>
          )}
          <p className="mt-3 text-sm text-muted-foreground" data-testid="interview-count">
            {insights.interview_count} {insights.interview_count === 1 ? 'interview' : 'interviews'} shared
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="pb-2">
          <CardDescription>Round mix</CardDescription>
        </CardHeader>
        <CardContent>
          <HorizontalBars data={roundMix} label="Rounds per category" />
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="pb-2">
          <CardDescription>Top topics</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <HorizontalBars data={topics} label="Most asked topics" />
          {practise ? (
            <Button asChild variant="secondary" size="sm" className="w-full">
              <Link to={practise}>
                <Dumbbell aria-hidden /> Practise these topics
              </Link>
            </Button>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="pb-2">
          <CardDescription>Median process</CardDescription>
          <CardTitle className="text-3xl" data-testid="median-process">
            {insights.median_process_days === null ? '—' : processDuration(Math.round(insights.median_process_days))}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <p className="mb-1 text-xs text-muted-foreground">Levels</p>
          <HorizontalBars data={levels} label="Interviews per level" />
        </CardContent>
      </Card>
    </section>
  );
}
