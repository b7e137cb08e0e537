/** An exponential backoff, in the caller's unit (milliseconds for timers, seconds for Retry-After). */
export interface Backoff {
  /** The ceiling of the first wait (attempt 0). */
  base: number;
  /** The largest ceiling, however many attempts. */
  cap: number;
}

/** base × 2^attempt, never more than cap; attempts count from 0 (a negative one counts as 0). */
export function backoffCeiling(attempt: number, { base, cap }: Backoff): number {
  return Math.min(cap, base * 2 ** Math.max(0, attempt));
}

/**
 * AWS's "full jitter": a whole number drawn evenly from 0 to the attempt's ceiling. Callers that
 * failed together (every consumer of one event, every call polled after a restart) then retry
 * spread out rather than in step; of AWS's variants it made the fewest calls and finished soonest.
 * `random` is Math.random's kind ([0, 1)); a test passes its own.
 */
export function fullJitter(attempt: number, backoff: Backoff, random: () => number = Math.random): number {
  return Math.floor(random() * (Math.floor(backoffCeiling(attempt, backoff)) + 1));
}
