import { AskedAtCompany, PromptProgress, rubricTotalMax } from '@app/contracts';

/** "today", "yesterday", "3 days ago", "2 months ago": when the candidate last practised. */
export function ago(iso: string, now = new Date()): string {
  const days = Math.floor((now.getTime() - new Date(iso).getTime()) / 86_400_000);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  if (days < 30) return format.format(-days, 'day');
  if (days < 365) return format.format(-Math.floor(days / 30), 'month');
  return format.format(-Math.floor(days / 365), 'year');
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A prompt's progress in one line: "2 attempts · best 14/20 · last practised yesterday". */
export function progressLine(progress: PromptProgress, now = new Date()): string {
  if (progress.attempts === 0) return 'Not practised yet';
  return [
    plural(progress.attempts, 'attempt'),
    progress.best_rubric_total === null ? 'not rated yet' : `best ${progress.best_rubric_total}/${rubricTotalMax}`,
    progress.last_practised_at ? `last practised ${ago(progress.last_practised_at, now)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "Asked in 5 reports: Google 3, Meta 2" (the three companies with most reports), or that no report names it yet. */
export function askedAtLine(asked: { reports: number; companies: AskedAtCompany[] }): string {
  if (asked.reports === 0) return 'No interview report names it yet';
  const top = asked.companies.slice(0, 3).map((c) => `${c.company_name} ${c.reports}`);
  return `Asked in ${plural(asked.reports, 'report')}${top.length ? `: ${top.join(', ')}` : ''}`;
}
