import type * as React from 'react';
import type { PracticeAnalytics, PracticeSummary, QuestionListItem } from '@app/contracts';
import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown, ListChecks, Timer, Trophy } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { readinessLines } from '../readiness';

export function SummaryCards({ summary }: { summary: PracticeSummary }) {
  const none = <p className="text-sm text-muted-foreground">You have not solved any problems yet.</p>;
  const { Easy, Medium, Hard } = summary.reviews_by_difficulty;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <StatCard title="Total Reviews" icon={Trophy}>
        {summary.total_reviews === 0 ? (
          none
        ) : (
          <>
            <p className="text-3xl font-bold" data-testid="total-reviews">
              {summary.total_reviews}
            </p>
            <p className="mt-1 flex gap-3 text-sm text-muted-foreground">
              <span>Easy {Easy}</span>
              <span>Medium {Medium}</span>
              <span>Hard {Hard}</span>
            </p>
          </>
        )}
      </StatCard>
      <StatCard title="Completion Time" icon={Timer}>
        {summary.total_reviews === 0 ? (
          none
        ) : summary.solved_questions < 3 ? (
          <p className="text-sm text-muted-foreground">Solve at least 3 problems to get a speed score.</p>
        ) : (
          <>
            <p className="text-3xl font-bold">{summary.average_minutes} min</p>
            <p className="mt-1 text-sm text-muted-foreground">average per review over {summary.solved_questions} problems</p>
          </>
        )}
      </StatCard>
    </div>
  );
}

function StatCard({ title, icon: Icon, children }: { title: string; icon: typeof Trophy; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function ReadinessSummary({ analytics, questions }: { analytics: PracticeAnalytics | undefined; questions: QuestionListItem[] }) {
  return (
    <Collapsible.Root defaultOpen={false} className="rounded-lg border bg-card">
      <Collapsible.Trigger className="group flex w-full items-center justify-between p-4 text-left font-semibold">
        <span className="flex items-center gap-2">
          <ListChecks className="size-4 text-primary" aria-hidden /> Interview Readiness Summary
        </span>
        <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden />
      </Collapsible.Trigger>
      <Collapsible.Content>
        {analytics ? (
          <ul className="space-y-2 px-4 pb-4 text-sm" data-testid="readiness">
            {readinessLines(analytics, questions).map((t) => (
              <li key={t.key} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="rounded bg-muted px-1.5 py-0.5 text-xs font-medium">{t.label}</span>
                {t.text}
              </li>
            ))}
          </ul>
        ) : (
          <p className="px-4 pb-4 text-sm text-muted-foreground">Loading your numbers…</p>
        )}
        <p className="px-4 pb-4 text-sm">
          <Link to="/analytics" className="text-primary underline-offset-4 hover:underline">
            See all your analytics
          </Link>
        </p>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
