import { z } from 'zod';
import { pageSizes } from './caps';
import { emptyToNull, limits } from './common';
import {
  difficulties,
  errorTypeCatalogue,
  exportData,
  exportFormats,
  importMessages,
  listOrders,
  maxSubmissions,
  normaliseTags,
  retentionBands,
  reviewLimitMessages,
  reviewLimitsRange,
  sessionPageMessages,
  tagsMax,
  timeZoneMessage,
} from './practice-labels';
import { reviewGrades } from './review-grades';
import { conceptCardSchema, systemDesignAnalyticsSchema } from './system-design';

export * from './review-grades';
export * from './practice-labels';

export const errorTypeSchema = z.object({ id: z.string(), name: z.string(), description: z.string(), score_impact: z.number() });
export type ErrorType = z.infer<typeof errorTypeSchema>;

export const questionSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  difficulty: z.enum(difficulties),
  tags: z.string().nullable(),
  created_at: z.string(),
});
export type Question = z.infer<typeof questionSchema>;

export const questionListItemSchema = questionSchema.extend({
  retention: z.number().int().nullable(),
  last_solved_at: z.string().nullable(),
  /** When to review it next (FSRS, see scoring.ts); a question never reviewed is due from when it was added. */
  due_at: z.string(),
  session_count: z.number().int(),
});
export type QuestionListItem = z.infer<typeof questionListItemSchema>;
export const listQuestionsQuerySchema = z.object({ sort: z.enum(listOrders, { message: 'Sort must be newest or due' }).default('newest') });

/**
 * Nothing chosen is "required"; a value given that is none of the three says so, quoting it (cut
 * short), so a CSV row with "Impossible" reads as what it is.
 */
const difficultyMessage = (given: unknown): string => {
  if (given === undefined || given === null || given === '') return 'Difficulty is required';
  const choices = difficulties.join(', ');
  if (typeof given !== 'string') return `Difficulty must be one of ${choices}`;
  return `Difficulty "${given.length > 30 ? `${given.slice(0, 29)}…` : given}" is not one of ${choices}`;
};

export const createQuestionSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, { message: 'Title is required' })
    .max(limits.titleMax, { message: `Title must not be longer than ${limits.titleMax} characters` })
    // A line break or other control character cannot be typed into the field, only injected, and
    // a title travels into the calendar feed, CSV exports and e-mails.
    .refine((title) => !/\p{Cc}/u.test(title), { message: 'Title can only contain characters you can type (no tabs or line breaks)' }),
  difficulty: z.enum(difficulties, { error: (issue) => difficultyMessage(issue.input) }),
  tags: z.preprocess(
    (v) => (typeof v === 'string' ? normaliseTags(v) : emptyToNull(v)),
    z
      .string({ error: 'Tags must be comma-separated text' })
      .max(tagsMax, { message: `Tags must not be longer than ${tagsMax} characters` })
      .refine((t) => t.split(',').length <= limits.listMax, { message: `At most ${limits.listMax} tags` })
      .nullable()
      .optional(),
  ),
});

export type CreateQuestion = z.infer<typeof createQuestionSchema>;
export type CreateQuestionInput = z.input<typeof createQuestionSchema>;

/** A page of sessions, newest first; `cursor` is the X-Next-Cursor of the previous page. */
export const sessionPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: sessionPageMessages.limit })
    .int({ message: sessionPageMessages.limit })
    .min(1, { message: sessionPageMessages.limit })
    .max(pageSizes.max, { message: sessionPageMessages.limit })
    .default(pageSizes.sessionsDefault),
  cursor: z.string().max(200, { message: sessionPageMessages.cursor }).optional(),
});
export type SessionPageQuery = z.infer<typeof sessionPageQuerySchema>;

export const sessionSchema = z.object({
  id: z.string().uuid(),
  question_id: z.string().uuid(),
  user_id: z.string().uuid(),
  correctness: z.number().int(),
  confidence: z.number().int(),
  /** Minutes, fractions allowed (11.9). */
  timer: z.number(),
  notes: z.string().nullable(),
  errors: z.array(z.string()),
  submissions: z.number().int().nullable(),
  /** The grade chosen; null when none was, and the schedule used the one the scores give (scoring.ts). */
  grade: z.enum(reviewGrades).nullable(),
  created_at: z.string(),
});
export type PracticeSession = z.infer<typeof sessionSchema>;

const percent = (name: string) =>
  z
    .number({ error: `${name} must be a whole number from 0 to 100` })
    .int({ message: `${name} must be a whole number from 0 to 100` })
    .min(0, { message: `${name} must be a whole number from 0 to 100` })
    .max(100, { message: `${name} must be a whole number from 0 to 100` });

export const createSessionSchema = z.object({
  question_id: z.string({ error: 'Invalid question ID' }).uuid({ message: 'Invalid question ID' }),
  correctness: percent('Correctness'),
  confidence: percent('Confidence'),
  // Minutes as typed, fractions included: confidence counts full 120 s of it (spec section 9).
  timer: z
    .number({ error: 'Time must be a positive number of minutes' })
    .finite({ message: 'Time must be a positive number of minutes' })
    .min(0, { message: 'Time must be a positive number of minutes' })
    .max(24 * 60, { message: 'Time must be at most 1440 minutes' }),
  notes: z.preprocess(
    emptyToNull,
    z
      .string({ error: 'Notes must be text' })
      .max(limits.textMax, { message: `Notes must not be longer than ${limits.textMax} characters` })
      .nullable()
      .optional(),
  ),
  errors: z
    .array(z.string({ error: 'Errors must be a list of error type ids' }).max(64, { message: 'Errors must be a list of error type ids' }), {
      error: 'Errors must be a list of error type ids',
    })
    .max(errorTypeCatalogue.length, { message: 'Too many errors' })
    .optional(),
  submissions: z
    .number({ error: 'Submissions must be a whole number from 0 to 10' })
    .int({ message: 'Submissions must be a whole number from 0 to 10' })
    .min(0, { message: 'Submissions must be a whole number from 0 to 10' })
    .max(maxSubmissions, { message: 'Submissions must be a whole number from 0 to 10' })
    .optional(),
  grade: z.enum(reviewGrades, { message: 'Grade must be again, hard, good or easy' }).nullable().optional(),
});
export type CreateSession = z.infer<typeof createSessionSchema>;
export type CreateSessionInput = z.input<typeof createSessionSchema>;

/** GET /api/leetcode-questions/summary: what the Problem Review cards show, without every session. */
export const practiceSummarySchema = z.object({
  total_reviews: z.number().int(),
  reviews_by_difficulty: z.object({ Easy: z.number().int(), Medium: z.number().int(), Hard: z.number().int() }),
  /** Questions reviewed at least once. */
  solved_questions: z.number().int(),
  /** Mean minutes per review, rounded; null before the first review. */
  average_minutes: z.number().int().nullable(),
});
export type PracticeSummary = z.infer<typeof practiceSummarySchema>;

const knownTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/**
 * An IANA time-zone name the runtime knows (Intl), e.g. "Europe/Paris", kept as Intl spells it.
 * A bare offset ("+05:00") is refused: Postgres reads those with POSIX's inverted sign.
 */
export const timeZoneSchema = z
  .string({ error: timeZoneMessage })
  .max(64, { message: timeZoneMessage })
  .regex(/^[A-Za-z]/, { message: timeZoneMessage })
  .refine(knownTimeZone, { message: timeZoneMessage })
  .transform((tz) => new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone);

/**
 * The candidate's one time zone: the days of the due queue, the analytics and the calendar feed,
 * and the local hour of the daily review e-mail. null until set.
 */
export const timeZoneSettingSchema = z.object({ time_zone: z.string().nullable() });
export type TimeZoneSetting = z.infer<typeof timeZoneSettingSchema>;
export const setTimeZoneSchema = z.object({ time_zone: timeZoneSchema });
export const storedTimeZoneSchema = z.object({ time_zone: z.string() });

const perDifficulty = z.object({ Easy: z.number().nullable(), Medium: z.number().nullable(), Hard: z.number().nullable() });

/** GET /api/leetcode-questions/analytics: the candidate's readiness, computed in one call. */
export const practiceAnalyticsSchema = z.object({
  /** The candidate's today (yyyy-mm-dd in their time zone). */
  today: z.string(),
  questions: z.number().int(),
  reviewed_questions: z.number().int(),
  total_reviews: z.number().int(),
  /** Every day of the last 12 weeks, oldest first, today last; days without reviews count 0. */
  reviews_per_day: z.array(z.object({ day: z.string(), reviews: z.number().int() })),
  /** Questions per retention band (spec section 9 score, now), in retentionBands order. */
  retention_distribution: z.array(z.object({ band: z.enum(retentionBands), questions: z.number().int() })),
  /**
   * Tags of at least 2 problems, lowest mean retention first, at most 5. The mean is over the tag's
   * reviewed problems (a problem never reviewed has no retention to count, not 0); a tag none of
   * whose problems was reviewed has mean_retention null and comes after those with a mean.
   */
  weakest_tags: z.array(z.object({ tag: z.string(), problems: z.number().int(), reviewed: z.number().int(), mean_retention: z.number().int().nullable() })),
  /** Mean minutes per review by difficulty, one decimal; null without reviews. */
  average_minutes: perDifficulty,
  /** Reviews due on each of the next 14 days, today first (today includes everything overdue). */
  due_forecast: z.array(z.object({ day: z.string(), due: z.number().int() })),
  /** Voice mock interviews finished (voice.session.ended). */
  mock_interviews: z.number().int(),
  system_design: systemDesignAnalyticsSchema,
});
export type PracticeAnalytics = z.infer<typeof practiceAnalyticsSchema>;

const wholeNumber = (min: number, max: number, message: string) => z.number({ error: message }).int({ message }).min(min, { message }).max(max, { message });

/** How much a day's review session holds, as Anki's deck options: reviews of problems seen before, and problems never reviewed. */
export const reviewLimitsSchema = z.object({
  daily_review_limit: wholeNumber(1, reviewLimitsRange.reviewsMax, reviewLimitMessages.reviews),
  new_per_day: wholeNumber(0, reviewLimitsRange.newMax, reviewLimitMessages.newPerDay),
});
export type ReviewLimits = z.infer<typeof reviewLimitsSchema>;
export const defaultReviewLimits: ReviewLimits = { daily_review_limit: 100, new_per_day: 10 };

/** GET /api/leetcode-questions/due: today's review session, in the order to review it. */
export const dueQueueSchema = z.object({
  /** The candidate's today (yyyy-mm-dd in their time zone). */
  today: z.string(),
  limits: reviewLimitsSchema,
  /** Reviews of problems seen before, logged today. */
  reviewed_today: z.number().int(),
  /** Problems reviewed for the first time today. */
  new_today: z.number().int(),
  /** Problems seen before and due by the end of today, earliest due first, within what is left of the daily limit; then never-reviewed problems, oldest added first, within what is left of "new per day". */
  questions: z.array(questionListItemSchema),
  /** Due today beyond the limits: what the session leaves for tomorrow. */
  held_back: z.number().int(),
  /** System design concepts due by the end of today, earliest first, graded with the same four grades (reviewConceptCard). */
  concept_cards: z.array(conceptCardSchema),
});
export type DueQueue = z.infer<typeof dueQueueSchema>;

export const undoReviewParamsSchema = z.object({ sessionId: z.string().uuid({ message: 'Invalid review ID' }) });

/** The problem's due date once the review is undone: the one it had before. */
export const undoneReviewSchema = z.object({ question_id: z.string().uuid(), due_at: z.string() });
export type UndoneReview = z.infer<typeof undoneReviewSchema>;
export const exportQuerySchema = z.object({
  data: z.enum(exportData, { message: 'Data must be problems or sessions' }).default('problems'),
  format: z.enum(exportFormats, { message: 'Format must be csv or json' }).default('csv'),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** The problems CSV as exported (or written by hand), as text in JSON: the body limit (100 KB) holds it. */
export const importProblemsSchema = z.object({ csv: z.string({ error: importMessages.csv }) });
export const importResultSchema = z.object({
  added: z.number().int(),
  /** Titles already tracked, or repeated in the file (ignoring case). */
  skipped: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The private feed's address: shown once, when made (only a hash of its token is kept); a new one ends the old. */
export const calendarFeedSchema = z.object({
  /** Path of the feed under the app's own origin; the token in it is the only credential. */
  path: z.string(),
  created_at: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedStatusSchema = z.object({ active: z.boolean(), created_at: z.string().nullable() });

/** The daily e-mail of reviews due: off until the user turns it on (issue 38 item 6); its link or Settings turn it off. */
export const reviewEmailSchema = z.object({ enabled: z.boolean() });
export type ReviewEmail = z.infer<typeof reviewEmailSchema>;
/** …and whether they ever chose: Problem Review offers it, once, to someone who has not. */
export const reviewEmailSettingSchema = reviewEmailSchema.extend({ chosen: z.boolean() });
export type ReviewEmailSetting = z.infer<typeof reviewEmailSettingSchema>;

const unsubscribeToken = z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'must be the token from the link');
/**
 * The mail's unsubscribe token (sealed by practice: the user, a purpose and an expiry), in the
 * address for a one-click unsubscribe (RFC 8058: a form `List-Unsubscribe=One-Click`), or in the
 * JSON body the web page posts.
 */
export const unsubscribeReviewEmailQuerySchema = z.object({ token: unsubscribeToken.optional() });
export const unsubscribeReviewEmailSchema = z.object({ token: unsubscribeToken.optional(), 'List-Unsubscribe': z.literal('One-Click').optional() });
