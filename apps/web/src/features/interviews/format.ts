import { companySlug, StoredOutcome } from '@app/contracts';

/** Where a company's logo is served (spec section 2): /logos/{lower-cased-name-with-hyphens}.png. */
export const logoPath = (name: string) => `/logos/${companySlug(name)}.png`;

/** The company page of a name: its slug, which the insights call also accepts. */
export const companyPath = (name: string) => `/candidate-interviews/${encodeURIComponent(companySlug(name))}`;

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** yyyy-mm-dd → 'March 20th, 2024' (read as a calendar day, no time zone can shift it); yyyy-mm (another's interview) → 'March 2024'. */
export function dayWithOrdinal(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  return day ? `${months[month - 1]} ${ordinal(day)}, ${year}` : `${months[month - 1]} ${year}`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Spec section 9: under 7 days in days, under 30 in weeks, otherwise months. */
export function processDuration(days: number): string {
  if (days < 7) return plural(days, 'day');
  if (days < 30) return plural(Math.floor(days / 7), 'week');
  return plural(Math.floor(days / 30), 'month');
}

export const roundsLabel = (n: number) => `${n} ${n === 1 ? 'Round' : 'Rounds'}`;

/** The card's and the filter's word for each stored outcome (the form says 'No offer' for rejected). */
export const outcomeLabel: Record<StoredOutcome, string> = { ongoing: 'Ongoing', rejected: 'Rejected', offer: 'Offer', accepted: 'Accepted' };

/** Cards show at most three topics, then '+N more'. */
export function visibleTopics(topics: string[]): { shown: string[]; more: number } {
  return { shown: topics.slice(0, 3), more: Math.max(0, topics.length - 3) };
}
