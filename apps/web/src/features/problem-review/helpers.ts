import { dayIn } from '@app/contracts';

/** "two, tree" matches titles containing either term, ignoring case; no terms match everything. */
export function matchesSearch(title: string, search: string): boolean {
  const terms = search
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  return terms.length === 0 || terms.some((t) => title.toLowerCase().includes(t));
}

/** "Graphs, trees,," → ['Graphs', 'trees']: the ?tags= filter of the list (links from other pages use it). */
export function parseTagFilter(param: string | null): string[] {
  return (param ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** True when the question's comma-joined tags include any of `wanted`, ignoring case; no wanted tags match everything. */
export function hasAnyTag(tags: string | null, wanted: readonly string[]): boolean {
  if (wanted.length === 0) return true;
  const own = new Set((tags ?? '').split(',').map((t) => t.trim().toLowerCase()));
  return wanted.some((t) => own.has(t.toLowerCase()));
}

const DAY_MS = 86_400_000;

/**
 * "Today", "3 days overdue", "in 1 day": calendar days in `timeZone` (the candidate's; the browser's
 * without one), as the Due column shows them.
 */
export function dueLabel(dueAt: string, now: Date = new Date(), timeZone?: string): string {
  // yyyy-mm-dd parses as UTC midnight: every day between is 24 hours.
  const days = Math.round((Date.parse(dayIn(new Date(dueAt), timeZone)) - Date.parse(dayIn(now, timeZone))) / DAY_MS);
  if (days === 0) return 'Today';
  const n = Math.abs(days);
  const unit = `${n} day${n === 1 ? '' : 's'}`;
  return days < 0 ? `${unit} overdue` : `in ${unit}`;
}

/** What a candidate typed into a review, kept while they sign in again so nothing is lost. */
export interface ReviewDraft {
  errors: string[];
  submissions: string;
  minutes: string;
  notes: string;
}

const draftKey = (questionId: string) => `leetcode:review-draft:${questionId}`;

export function keepReviewDraft(questionId: string, draft: ReviewDraft): void {
  sessionStorage.setItem(draftKey(questionId), JSON.stringify(draft));
}

/** The kept draft of this question, once: reading it removes it. */
export function takeReviewDraft(questionId: string): ReviewDraft | undefined {
  const raw = sessionStorage.getItem(draftKey(questionId));
  if (raw === null) return undefined;
  sessionStorage.removeItem(draftKey(questionId));
  try {
    const draft = JSON.parse(raw) as Partial<ReviewDraft>;
    return {
      errors: Array.isArray(draft.errors) ? draft.errors.filter((e): e is string => typeof e === 'string') : [],
      submissions: typeof draft.submissions === 'string' ? draft.submissions : '',
      minutes: typeof draft.minutes === 'string' ? draft.minutes : '',
      notes: typeof draft.notes === 'string' ? draft.notes : '',
    };
  } catch {
    return undefined;
  }
}
