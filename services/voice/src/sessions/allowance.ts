/**
 * The monthly allowance's calendar, in UTC whatever the user's time zone, so every replica and the
 * operator's command agree on which month an instant belongs to.
 */

/** The calendar month (UTC) an instant falls in, as its first day: `2026-11-01`. */
export function allowanceMonth(ms: number): string {
  const at = new Date(ms);
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** The next top-up: the first instant of the following calendar month, UTC. */
export function nextTopUp(ms: number): Date {
  const at = new Date(ms);
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}
