/** Where a timed attempt stands: which step the time boxes say the candidate is on, and what is left. */
export interface Schedule {
  /** The step whose time box holds this moment (the last one once time is up). */
  stepIndex: number;
  stepRemainingMs: number;
  totalRemainingMs: number;
  /** The whole time box is spent: the clock shows how far over. */
  overtime: boolean;
}

/** The time boxes laid end to end from the start: 45 minutes for the delivery framework's six steps. */
export function scheduleAt(steps: ReadonlyArray<{ minutes: number }>, elapsedMs: number): Schedule {
  const total = steps.reduce((sum, s) => sum + s.minutes * 60_000, 0);
  let end = 0;
  for (const [stepIndex, step] of steps.entries()) {
    end += step.minutes * 60_000;
    if (elapsedMs < end) return { stepIndex, stepRemainingMs: end - elapsedMs, totalRemainingMs: total - elapsedMs, overtime: false };
  }
  return { stepIndex: steps.length - 1, stepRemainingMs: 0, totalRemainingMs: total - elapsedMs, overtime: true };
}

/** "4:05", "-1:30" once over: minutes and seconds, rounded towards the start of the box. */
export function clock(ms: number): string {
  const seconds = Math.floor(Math.abs(ms) / 1000);
  return `${ms < 0 ? '-' : ''}${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
