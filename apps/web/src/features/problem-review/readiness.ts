import type { PracticeAnalytics, QuestionListItem } from '@app/contracts';
import { hasAnyTag } from './helpers';

/** The readiness summary's four categories (the spec's keys), each shown by the product's name for it, never the key. */
const categoryLabels = {
  leetcode: 'Problem Review',
  system_design: 'System Design',
  communication: 'Mock Interviews',
  other: 'This week',
} as const;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** The four readiness lines, from the candidate's own numbers. */
export function readinessLines(
  analytics: PracticeAnalytics,
  questions: QuestionListItem[],
): Array<{ key: keyof typeof categoryLabels; label: string; text: string }> {
  // A tag none of whose problems was reviewed has no retention to call weak.
  const weakest = analytics.weakest_tags.find((t) => t.mean_retention !== null);
  const designs = questions.filter((q) => hasAnyTag(q.tags, ['System Design'])).length;
  const week = analytics.reviews_per_day.slice(-7);
  const weekReviews = week.reduce((n, d) => n + d.reviews, 0);
  const lines = {
    leetcode: `${plural(analytics.due_forecast[0]?.due ?? 0, 'problem')} due today${weakest ? `; weakest tag ${weakest.tag} at ${weakest.mean_retention}% retention` : ''}`,
    system_design: designs > 0 ? `${plural(designs, 'System Design problem')} tracked` : "No System Design problems tracked yet: tag one 'System Design'",
    communication: `${plural(analytics.mock_interviews, 'mock interview')} done`,
    other: `${plural(weekReviews, 'review')} in the last 7 days, on ${plural(week.filter((d) => d.reviews > 0).length, 'day')}`,
  };
  return (Object.keys(categoryLabels) as Array<keyof typeof categoryLabels>).map((key) => ({ key, label: categoryLabels[key], text: lines[key] }));
}
