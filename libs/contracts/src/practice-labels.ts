/**
 * Problem Review's words, choices and bounds, apart from its schemas (practice.ts): a page that
 * shows them loads no zod for them.
 */
import { pageSizes } from './caps';

export const difficulties = ['Easy', 'Medium', 'Hard'] as const;
export type Difficulty = (typeof difficulties)[number];
export const rowsPerPageOptions = [10, 20, 30, 40, 50] as const;
export const maxSubmissions = 10;

/** Spec section 9: the eight error types and what each deducts from correctness. */
export const errorTypeCatalogue = [
  { id: 'time_limit_exceeded', name: 'Time Limit Exceeded', description: 'The solution was too slow for the largest inputs.', score_impact: 20 },
  { id: 'memory_limit_exceeded', name: 'Memory Limit Exceeded', description: 'The solution used more memory than allowed.', score_impact: 20 },
  { id: 'runtime_error', name: 'Runtime Error', description: 'The program crashed: an exception, overflow or bad index.', score_impact: 30 },
  { id: 'compilation_error', name: 'Compilation Error', description: 'The code did not compile or parse.', score_impact: 40 },
  { id: 'wrong_answer', name: 'Wrong Answer', description: 'The output was wrong for at least one test.', score_impact: 50 },
  { id: 'edge_case_missed', name: 'Edge Case Missed', description: 'Empty, single-element, duplicate or boundary inputs were mishandled.', score_impact: 30 },
  { id: 'incorrect_algorithm', name: 'Incorrect Algorithm', description: 'The approach itself could not solve the problem.', score_impact: 60 },
  { id: 'incorrect_data_structure', name: 'Incorrect Data Structure', description: 'The chosen data structure did not fit the problem.', score_impact: 50 },
] as const;
export type ErrorTypeId = (typeof errorTypeCatalogue)[number]['id'];

/** "a, b,,c" → "a,b,c"; nothing left → null. */
export function normaliseTags(tags: string | null | undefined): string | null {
  const parts = (tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts.join(',') : null;
}

/** The list's order: newest added first, or earliest due first (the due queue). */
export const listOrders = ['newest', 'due'] as const;
export type ListOrder = (typeof listOrders)[number];

/** 20 tags of 25 characters: with the title, a question stays under 1 KB, its whole list under 1 MB at the cap. */
export const tagsMax = 500;
/** 409 on adding a title the caller already tracks (compared ignoring case). */
export const duplicateTitleMessage = 'You already track a problem with this title';

export const sessionPageMessages = {
  limit: `Limit must be a whole number from 1 to ${pageSizes.max}`,
  cursor: 'Invalid cursor',
} as const;

export const timeZoneMessage = 'Unknown time zone: use an IANA name such as Europe/Paris';

/** The candidate's days until they have a time zone (the web stores the browser's at their first visit). */
export const defaultTimeZone = 'UTC';

export const retentionBands = ['Not reviewed', '0–19', '20–39', '40–59', '60–79', '80–100'] as const;
export const analyticsWeeks = 12;
export const forecastDays = 14;

/** Spec section 9's caps on a day's reviews bound these too (caps.reviewsPerDay). */
export const reviewLimitsRange = { reviewsMax: 500, newMax: 100 } as const;
export const reviewLimitMessages = {
  reviews: `Daily review limit must be a whole number from 1 to ${reviewLimitsRange.reviewsMax}`,
  newPerDay: `New problems per day must be a whole number from 0 to ${reviewLimitsRange.newMax}`,
} as const;

/** How long after logging it a review can be undone on "Review due": within the sitting, not a rewrite of history. */
export const reviewUndoMinutes = 10;

export const undoReviewMessages = {
  notFound: 'This review was already undone, or it is not yours.',
  notLast: 'Only your last review can be undone.',
  expired: `A review can be undone for ${reviewUndoMinutes} minutes after it is logged.`,
} as const;

/** What an export holds: the problems tracked, or every review session logged. */
export const exportData = ['problems', 'sessions'] as const;
export const exportFormats = ['csv', 'json'] as const;

/** The columns of the problems CSV, in order; an import reads title, difficulty and tags and ignores the rest. */
export const problemCsvColumns = ['title', 'difficulty', 'tags', 'created_at', 'session_count', 'last_solved_at', 'due_at', 'retention'] as const;
export const sessionCsvColumns = ['problem', 'created_at', 'correctness', 'confidence', 'minutes', 'submissions', 'errors', 'grade', 'notes'] as const;

export const importMessages = {
  csv: 'The CSV must be text',
  empty: 'The CSV has no problems: a header row (title, difficulty, tags) and one row per problem',
  header: 'Row 1 must name the columns: title and difficulty (tags optional)',
} as const;

/** How far ahead the feed lists due days. */
export const calendarFeedDays = 60;
