import { seasonTerms } from '@app/contracts';

type Term = (typeof seasonTerms)[number];

/** The month each term starts (0-based); a term lasts three months, so Winter 2026 runs from December 2026 into February 2027. */
const startMonth: Record<Term, number> = { Spring: 2, Summer: 5, Fall: 8, Winter: 11 };

/** Whether a term has ended by `today`, in the candidate's own calendar. */
const ended = (term: Term, year: number, today: Date) => today >= new Date(year, startMonth[term] + 3, 1);

/**
 * Seasons as select options, with `current` first when it is not among them (a correction keeps
 * what was stored). The filter offers this year and the next two; a new opportunity (`upcoming`)
 * only the season under way and those to come: nobody posts for a season that is over.
 */
export function seasonChoices(current?: string, { upcoming = false, today = new Date() }: { upcoming?: boolean; today?: Date } = {}): Array<[string, string]> {
  const year = today.getFullYear();
  const years = upcoming ? [year - 1, year, year + 1, year + 2] : [year, year + 1, year + 2];
  const seasons = years.flatMap((y) => seasonTerms.filter((term) => !upcoming || !ended(term, y, today)).map((term) => `${term} ${y}`));
  if (current && current !== 'unknown' && !seasons.includes(current)) seasons.unshift(current);
  return seasons.map((s) => [s, s]);
}
