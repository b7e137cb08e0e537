import type { PracticeAnalytics } from '@app/contracts';

/** "1 review" / "3 reviews". */
export const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "Mon 3 Nov" for a yyyy-mm-dd day. */
export function dayLabel(day: string, options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' }): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString(undefined, options);
}

/** What each chart says, in words, for screen readers (and as the tests read it). */
export function heatmapSummary(days: PracticeAnalytics['reviews_per_day']): string {
  const total = days.reduce((n, d) => n + d.reviews, 0);
  if (total === 0) return 'No reviews in the last 12 weeks.';
  const active = days.filter((d) => d.reviews > 0).length;
  const busiest = days.reduce((best, d) => (d.reviews > best.reviews ? d : best));
  return `${count(total, 'review')} in the last 12 weeks, on ${count(active, 'day')}. Busiest day: ${dayLabel(busiest.day)} with ${count(busiest.reviews, 'review')}.`;
}

export function retentionSummary(bands: PracticeAnalytics['retention_distribution']): string {
  const total = bands.reduce((n, b) => n + b.questions, 0);
  if (total === 0) return 'No problems tracked yet.';
  const parts = bands.filter((b) => b.questions > 0).map((b) => `${b.questions} ${b.band === 'Not reviewed' ? 'not reviewed' : `at ${b.band}%`}`);
  return `Retention of ${count(total, 'problem')}: ${parts.join(', ')}.`;
}

export function minutesSummary(minutes: PracticeAnalytics['average_minutes']): string {
  const parts = (['Easy', 'Medium', 'Hard'] as const).map((d) => `${d} ${minutes[d] === null ? 'no reviews yet' : `${minutes[d]} min`}`);
  return `Average time per review: ${parts.join(', ')}.`;
}

export function forecastSummary(forecast: PracticeAnalytics['due_forecast']): string {
  const total = forecast.reduce((n, d) => n + d.due, 0);
  if (total === 0) return 'Nothing due in the next 14 days.';
  const busiest = forecast.reduce((best, d) => (d.due > best.due ? d : best));
  return `${forecast[0].due} due today, ${total} over the next 14 days. Busiest day: ${dayLabel(busiest.day)} with ${busiest.due}.`;
}

type WeakTag = PracticeAnalytics['weakest_tags'][number];

/** A tag's line: its mean over the problems reviewed, and those not reviewed yet, which count nothing (not 0 %). */
export function tagRetention(t: WeakTag): string {
  if (t.mean_retention === null) return `not yet reviewed · ${count(t.problems, 'problem')}`;
  const unreviewed = t.problems - t.reviewed;
  return `${t.mean_retention}% · ${count(t.problems, 'problem')}${unreviewed > 0 ? `, ${unreviewed} not yet reviewed` : ''}`;
}

export function weakestSummary(tags: PracticeAnalytics['weakest_tags']): string {
  if (tags.length === 0) return 'No tag has 2 problems yet: tag your problems to see which topics slip.';
  const reviewed = tags.filter((t) => t.mean_retention !== null);
  const unreviewed = tags.filter((t) => t.mean_retention === null);
  return [
    reviewed.length ? `Lowest mean retention: ${reviewed.map((t) => `${t.tag} ${t.mean_retention}%`).join(', ')}.` : '',
    unreviewed.length ? `Not yet reviewed: ${unreviewed.map((t) => t.tag).join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** System Design in one sentence: attempts, prompts, the mean of the best ratings, concept cards. */
export function systemDesignSummary(s: PracticeAnalytics['system_design']): string {
  if (s.attempts === 0) return 'No system design attempts yet.';
  return [
    `${count(s.attempts, 'attempt')} (${s.submitted} submitted) across ${count(s.prompts_practised, 'prompt')}.`,
    s.mean_best_rubric_total === null ? 'No rated attempt yet.' : `Mean best rating ${Math.round(s.mean_best_rubric_total * 10) / 10} of 20.`,
    `${count(s.concept_cards, 'concept card')} in review.`,
  ].join(' ');
}
