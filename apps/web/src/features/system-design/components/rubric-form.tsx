import { DesignAttempt, Rubric, rubricDimensions, rubricScoreNames, rubricTotalMax } from '@app/contracts';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useRateAttempt } from '../api';

const scores = [1, 2, 3, 4] as const;

/** The self-review: the five dimensions rated 1 (missing) to 4 (strong), saved together; rating again replaces it. */
export function RubricForm({ attempt }: { attempt: DesignAttempt }) {
  const rate = useRateAttempt(attempt.id);
  const saved = attempt.review?.rubric ?? null;
  const [rubric, setRubric] = React.useState<Partial<Rubric>>(saved ?? {});
  const complete = rubricDimensions.every((d) => rubric[d.key] !== undefined);

  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (complete) rate.mutate(rubric as Rubric);
      }}
    >
      {rubricDimensions.map((d) => (
        <fieldset key={d.key} className="space-y-1">
          <legend className="text-sm font-medium">{d.name}</legend>
          <div className="flex flex-wrap gap-1">
            {scores.map((score) => {
              const checked = rubric[d.key] === score;
              return (
                <label
                  key={score}
                  className={cn(
                    'cursor-pointer rounded-md border px-3 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    checked ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
                  )}
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name={d.key}
                    value={score}
                    checked={checked}
                    onChange={() => setRubric((r) => ({ ...r, [d.key]: score }))}
                  />
                  {score} · {rubricScoreNames[score]}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!complete || rate.isPending}>
          {saved ? 'Save new rating' : 'Save rating'}
        </Button>
        <p role="status" className="text-sm" data-testid="rubric-total">
          {rate.isError ? (
            <span className="text-destructive">{rate.error.message}</span>
          ) : attempt.review?.rubric_total != null ? (
            <>
              Rated <span className="font-semibold">{attempt.review.rubric_total}</span> of {rubricTotalMax}
            </>
          ) : (
            'Rate every dimension to save.'
          )}
        </p>
      </div>
    </form>
  );
}
