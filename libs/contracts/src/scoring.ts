/**
 * Spec section 9, once: the service stores what these compute and the web shows them live.
 */
import { errorTypeCatalogue } from './practice';

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const DAY_MS = 86_400_000;

/** 100 minus the deductions of the chosen errors, never below 0; unknown ids deduct nothing. */
export function correctnessFromErrors(errorIds: readonly string[], catalogue: ReadonlyArray<{ id: string; score_impact: number }> = errorTypeCatalogue): number {
  const chosen = new Set(errorIds);
  const deducted = catalogue.filter((e) => chosen.has(e.id)).reduce((sum, e) => sum + e.score_impact, 0);
  return Math.max(0, 100 - deducted);
}

/** 0 without a submission; else 100 − 5 per full 120 s − 20 per submission beyond the first, never below 0. */
export function confidenceFrom(submissions: number, minutes: number): number {
  if (!submissions || submissions <= 0) return 0;
  const seconds = Math.max(0, minutes) * 60;
  return Math.max(0, 100 - 5 * Math.floor(seconds / 120) - 20 * (submissions - 1));
}

export interface ScoredSession {
  correctness: number;
  confidence: number;
  /** Minutes. */
  timer: number;
  created_at: string | Date;
}

const retentionWeights = [0.6, 0.3, 0.1];

/**
 * The last three sessions weighted 0.6/0.3/0.1 (renormalised when fewer), each the clamped mean of
 * correctness and confidence; times min(1, 60 / latest minutes) and exp(−days since latest / 30);
 * rounded, 0–100. No sessions: null.
 */
export function retentionScore(sessions: readonly ScoredSession[], now: Date = new Date()): number | null {
  if (sessions.length === 0) return null;
  // Parse each date once: the list calls this for thousands of questions per request.
  const recent = sessions
    .map((s) => ({ s, at: typeof s.created_at === 'string' ? Date.parse(s.created_at) : s.created_at.getTime() }))
    .sort((a, b) => b.at - a.at)
    .slice(0, 3);
  const weights = retentionWeights.slice(0, recent.length);
  const total = weights.reduce((a, b) => a + b, 0);
  const weighted = recent.reduce((sum, { s }, i) => sum + (weights[i] / total) * clamp((s.correctness + s.confidence) / 2, 0, 100), 0);
  const latest = recent[0];
  const timeFactor = Math.min(1, 60 / Math.max(1, latest.s.timer));
  const days = Math.max(0, (now.getTime() - latest.at) / DAY_MS);
  return clamp(Math.round(weighted * timeFactor * Math.exp(-days / 30)), 0, 100);
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** today; N day(s) ago (< 7 days); N week(s) (< 4 weeks); N month(s) (< 12 months); N year(s) (< 3 years); 3+ years ago. */
export function relativeTime(date: string | Date, now: Date = new Date()): string {
  const days = Math.floor((now.getTime() - new Date(date).getTime()) / DAY_MS);
  if (days < 1) return 'today';
  if (days < 7) return plural(days, 'day');
  if (days < 28) return plural(Math.floor(days / 7), 'week');
  const months = Math.max(1, Math.floor(days / 30));
  if (months < 12) return plural(months, 'month');
  const years = Math.max(1, Math.floor(days / 365));
  return years < 3 ? plural(years, 'year') : '3+ years ago';
}
