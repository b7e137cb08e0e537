import type { Difficulty } from '@app/contracts';

export const difficultyRank: Record<Difficulty, number> = { Easy: 0, Medium: 1, Hard: 2 };

/** "Two Sum" → "two-sum": the slug problem sites use. */
export const problemSlug = (title: string) => title.trim().toLowerCase().replace(/\s+/g, '-');

/** "two, tree" matches titles containing either term, ignoring case; no terms match everything. */
export function matchesSearch(title: string, search: string): boolean {
  const terms = search.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);
  return terms.length === 0 || terms.some((t) => title.toLowerCase().includes(t));
}
