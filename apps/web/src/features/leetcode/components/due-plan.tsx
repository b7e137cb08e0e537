import { dueTodayCount, pacingPlan, QuestionListItem } from '@app/contracts';
import { CalendarClock } from 'lucide-react';
import * as React from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const INTERVIEW_KEY = 'leetcode:interview-date';

/** "14 Dec" for a yyyy-mm-dd day, in the reader's locale. */
const shortDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
};

/**
 * What is due today, and, with an interview date (kept in this browser), the pace that reviews
 * every problem once more before it: "12 reviews a day until 14 Dec".
 */
export function DuePlan({ questions }: { questions: QuestionListItem[] }) {
  const [interview, setInterview] = React.useState(() => localStorage.getItem(INTERVIEW_KEY) ?? '');
  const due = dueTodayCount(questions);
  const plan = interview ? pacingPlan(questions.length, interview) : null;
  const change = (value: string) => {
    setInterview(value);
    if (value) localStorage.setItem(INTERVIEW_KEY, value);
    else localStorage.removeItem(INTERVIEW_KEY);
  };
  return (
    <Card>
      <CardContent className="flex flex-wrap items-end justify-between gap-4 pt-6">
        <div className="flex items-center gap-3">
          <CalendarClock className="size-5 text-primary" aria-hidden />
          <p className="text-lg font-semibold" data-testid="due-today">
            Due today: {due}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1">
            <Label htmlFor="interview-date">Interview date</Label>
            <Input id="interview-date" type="date" className="h-9 w-44" value={interview} onChange={(e) => change(e.target.value)} />
          </div>
          <p className="pb-2 text-sm text-muted-foreground" data-testid="pacing" aria-live="polite">
            {plan
              ? `${plan.perDay} review${plan.perDay === 1 ? '' : 's'} a day until ${shortDay(plan.until)}`
              : interview
                ? 'Pick a day after today to pace your reviews.'
                : 'Set it to pace every problem before the day.'}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
