import { dayIn } from '@app/contracts';

/** "two, graph" matches problems whose title or tags contain either term, ignoring case; no terms match everything. */
export function matchesSearch(question: { title: string; tags: string | null }, search: string): boolean {
  const terms = search
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  const text = `${question.title}\n${question.tags ?? ''}`.toLowerCase();
  return terms.length === 0 || terms.some((t) => text.includes(t));
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

/**
 * What a candidate typed into a review: kept in this browser for each user and problem until the
 * review is stored, so that a session ending (here or in another tab), a sign-out or a reload loses
 * nothing.
 */
export interface ReviewDraft {
  errors: string[];
  submissions: string;
  minutes: string;
  notes: string;
}

const draftKey = (userId: string, questionId: string) => `leetcode:review-draft:${userId}:${questionId}`;

/** Kept as typed; an empty form keeps nothing. */
export function keepReviewDraft(userId: string, questionId: string, draft: ReviewDraft): void {
  const empty = draft.errors.length === 0 && !draft.submissions && !draft.minutes && !draft.notes;
  if (empty) localStorage.removeItem(draftKey(userId, questionId));
  else localStorage.setItem(draftKey(userId, questionId), JSON.stringify(draft));
}

/** The draft this user keeps for this problem, if any. */
export function readReviewDraft(userId: string, questionId: string): ReviewDraft | undefined {
  const raw = localStorage.getItem(draftKey(userId, questionId));
  if (raw === null) return undefined;
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

/** A key press typed into a field is text, not a command of the page. */
export const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** What a key does on "Review due", beside the grades' 1–4: Space shows the answer, u or Ctrl+Z (⌘Z) undoes the last grade. */
type SessionKeyAction = 'show-answer' | 'undo';

/** The action of a key press that is not typed into a field (the caller checks that). */
export function sessionKeyAction(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): SessionKeyAction | null {
  if (event.altKey) return null;
  const command = event.ctrlKey || event.metaKey;
  if (event.key === ' ' && !command && !event.shiftKey) return 'show-answer';
  if (event.key === 'u' && !command) return 'undo';
  if (event.key.toLowerCase() === 'z' && command && !event.shiftKey) return 'undo';
  return null;
}
