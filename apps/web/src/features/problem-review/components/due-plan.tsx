import { dayIn, interviewDateMessages, pacingPlan, profileApi, QuestionListItem } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTimeZone } from '@/lib/time-zone';
import { call, endpointKey, endpointQuery } from '@/lib/api';
import { useDueQueue } from '../api';

/** Where this browser kept the date before the profile did: moved to the profile once, then dropped. */
const LEGACY_INTERVIEW_KEY = 'leetcode:interview-date';

/** "14 Dec" for a yyyy-mm-dd day, in the reader's locale. */
const shortDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
};

/** The interview day as the profile keeps it (so it follows the candidate to every device), and how to change it. */
function useInterviewDate() {
  const client = useQueryClient();
  const profile = useQuery(endpointQuery(profileApi.getProfile));
  const save = useMutation({
    mutationFn: (day: string | null) => call(profileApi.setInterviewDate, { body: { interview_date: day } }),
    onSuccess: ({ data }) => client.setQueryData(endpointKey(profileApi.getProfile, {}), data),
  });
  return { saved: profile.data?.interview_date ?? null, loaded: profile.isSuccess, save };
}

/**
 * What is due today, counted as the review session, the calendar feed and the digest count it
 * (overdue and never-reviewed problems included), with the share the daily limits leave for today
 * when they cut it; and, with an interview date (kept in the profile), the pace that reviews
 * every problem once more before it: "12 reviews a day until 14 Dec".
 */
export function DuePlan({ questions }: { questions: QuestionListItem[] }) {
  const { saved, loaded, save } = useInterviewDate();
  const timeZone = useTimeZone().data?.time_zone ?? undefined;
  // Today in the candidate's time zone, yyyy-mm-dd (an <input type="date"> value).
  const today = dayIn(new Date(), timeZone);
  // What the input shows: the saved day, or a day being typed that is not (yet) valid.
  const [draft, setDraft] = React.useState<string | null>(null);
  const shown = draft ?? saved ?? '';
  const invalid = draft !== null && draft !== '' && draft < today;

  // Once, when the profile has arrived: `mutate` is stable, where the mutation's state is not.
  const { mutate } = save;
  React.useEffect(() => {
    if (!loaded) return;
    const legacy = localStorage.getItem(LEGACY_INTERVIEW_KEY);
    if (legacy === null) return;
    localStorage.removeItem(LEGACY_INTERVIEW_KEY);
    if (!saved && legacy >= today) mutate(legacy);
  }, [loaded, saved, mutate, today]);

  const change = (value: string) => {
    if (value !== '' && value < today) {
      setDraft(value);
      return;
    }
    setDraft(null);
    if (value !== (saved ?? '')) save.mutate(value === '' ? null : value, { onError: () => setDraft(value) });
  };

  const queue = useDueQueue().data;
  const forToday = queue?.questions.length ?? 0;
  const due = queue ? forToday + queue.held_back : undefined;
  const plan = saved && !invalid ? pacingPlan(questions.length, saved, new Date(), timeZone) : null;
  const message = invalid
    ? interviewDateMessages.past
    : save.isError
      ? save.error.message
      : plan
        ? `${plan.perDay} review${plan.perDay === 1 ? '' : 's'} a day until ${shortDay(plan.until)}`
        : saved
          ? 'Pick a day after today to pace your reviews.'
          : 'Set it to pace every problem before the day.';
  return (
    <Card>
      <CardContent className="flex flex-wrap items-end justify-between gap-4 pt-6">
        <div className="flex items-center gap-3">
          <CalendarClock className="size-5 text-primary" aria-hidden />
          <div>
            <p className="text-lg font-semibold" data-testid="due-today">
              Due today: {due ?? '…'}
            </p>
            {queue && queue.held_back > 0 ? (
              <p className="text-sm text-muted-foreground" data-testid="due-today-share">
                {forToday} of {due} today, within your daily limits
              </p>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1">
            <Label htmlFor="interview-date">Interview date</Label>
            <div className="flex items-center gap-2">
              <Input
                id="interview-date"
                type="date"
                className="h-9 w-44"
                min={today}
                value={shown}
                disabled={!loaded}
                aria-invalid={invalid || save.isError}
                aria-describedby="pacing"
                onChange={(e) => change(e.target.value)}
              />
              {saved ? (
                <Button type="button" variant="ghost" size="sm" disabled={save.isPending} onClick={() => change('')}>
                  Clear
                </Button>
              ) : null}
            </div>
          </div>
          <p
            id="pacing"
            className={invalid || save.isError ? 'pb-2 text-sm text-destructive' : 'pb-2 text-sm text-muted-foreground'}
            data-testid="pacing"
            aria-live="polite"
          >
            {message}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
