import { seasonTerms } from '@app/contracts';

/** The seasons of this year and the next two (and `current`, when it is older), as select options. */
export function seasonChoices(current?: string): Array<[string, string]> {
  const year = new Date().getUTCFullYear();
  const seasons = [year, year + 1, year + 2].flatMap((y) => seasonTerms.map((term) => `${term} ${y}`));
  if (current && current !== 'unknown' && !seasons.includes(current)) seasons.unshift(current);
  return seasons.map((s) => [s, s]);
}
