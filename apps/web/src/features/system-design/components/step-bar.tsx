import { designSteps, DesignStepKey } from '@app/contracts';
import { Timer } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/lib/utils';
import { clock, scheduleAt } from '../timer';

function useNow(everyMs: number): number {
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * The delivery framework's steps as tabs for the notes pane and, in timed mode, the clock: the
 * step its time box says the candidate is on ("now"), what is left of that box and of the 45
 * minutes. Counted from the attempt's start on the server, so a reload keeps the time.
 */
export function StepBar({
  startedAt,
  timed,
  selected,
  onSelect,
}: {
  startedAt: string;
  timed: boolean;
  selected: DesignStepKey;
  onSelect: (step: DesignStepKey) => void;
}) {
  const now = useNow(1000);
  const schedule = timed ? scheduleAt(designSteps, now - new Date(startedAt).getTime()) : null;
  const current = schedule ? designSteps[schedule.stepIndex] : null;

  return (
    <div className="space-y-2">
      {schedule && current ? (
        <p className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-sm', schedule.overtime && 'text-destructive')} data-testid="design-clock">
          <Timer className="size-4" aria-hidden />
          {schedule.overtime ? (
            <span className="font-semibold">Time is up: {clock(-schedule.totalRemainingMs)} over</span>
          ) : (
            <>
              <span>
                Now: <span className="font-semibold">{current.name}</span>, <span className="tabular-nums">{clock(schedule.stepRemainingMs)}</span> left in this
                step
              </span>
              <span className="tabular-nums text-muted-foreground">{clock(schedule.totalRemainingMs)} left in all</span>
            </>
          )}
        </p>
      ) : null}
      <div role="tablist" aria-label="Steps" className="flex flex-wrap gap-1">
        {designSteps.map((step, i) => {
          const isSelected = step.key === selected;
          const isNow = schedule !== null && i === schedule.stepIndex;
          return (
            <button
              key={step.key}
              type="button"
              role="tab"
              id={`step-tab-${step.key}`}
              aria-selected={isSelected}
              aria-controls="step-notes-panel"
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(step.key)}
              onKeyDown={(e) => {
                const move = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
                if (!move) return;
                const next = designSteps[(i + move + designSteps.length) % designSteps.length];
                onSelect(next.key);
                document.getElementById(`step-tab-${next.key}`)?.focus();
              }}
              className={cn(
                'cursor-pointer rounded-md border px-2 py-1 text-xs font-medium transition-colors',
                isSelected ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
                isNow && !isSelected && 'border-primary',
              )}
            >
              {i + 1}. {step.name}
              {timed ? <span className="ml-1 opacity-80">{step.minutes}m</span> : null}
              {isNow ? <span className="sr-only"> (now)</span> : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}
