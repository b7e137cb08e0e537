import { z } from 'zod';
import { emptyToNull, limits, toNumberOrNull } from './common';
import {
  askedMax,
  interviewCommentMax,
  interviewCommentMessages,
  interviewLevels,
  interviewMessages,
  interviewSearchMax,
  interviewSorts,
  interviewTitles,
  interviewTopics,
  maxRounds,
  offerAmountMax,
  offerCurrencies,
  problemsPerRoundMax,
  roundCategories,
  storedOutcomes,
  formOutcomeValues,
} from './interviews-labels';

export * from './interviews-labels';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/**
 * The latest round date a candidate can mean as "today": the form offers the candidate's own date,
 * and the furthest time zone ahead (UTC+14) is at most a day past UTC's.
 */
const latestRoundDay = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
/** A real calendar day: 2024-02-30 parses in some engines, so it must also print back the same. */
const isCalendarDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};

/** No offer details: nothing, or a form's offer fields all left blank. */
const blankOfferToNull = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => emptyToNull(v) === null) ? null : emptyToNull(value);

export const interviewRoundSchema = z.object({
  round: z.preprocess(emptyToNull, z.enum(roundCategories, { message: interviewMessages.round }).nullable().optional()),
  round_date_str: z.preprocess(
    emptyToNull,
    z
      .string({ error: interviewMessages.dateFormat })
      .regex(isoDate, { message: interviewMessages.dateFormat })
      .refine(isCalendarDay, { message: interviewMessages.dateFormat })
      .refine((d) => d <= latestRoundDay(), { message: interviewMessages.dateFuture })
      .nullable()
      .optional(),
  ),
  /** What was asked, in the candidate's words (optional). */
  asked: z.preprocess(
    emptyToNull,
    z.string({ error: interviewMessages.asked }).trim().max(askedMax, { message: interviewMessages.asked }).nullable().optional(),
  ),
  /** The problems asked, by name (optional): what the company page's most asked questions count. */
  problems: z.preprocess(
    emptyToNull,
    z
      .array(
        z
          .string({ error: interviewMessages.problem })
          .transform((name) => name.trim().replace(/\s+/g, ' '))
          .pipe(z.string().min(1, { message: interviewMessages.problem }).max(limits.titleMax, { message: interviewMessages.problem })),
        { error: interviewMessages.problem },
      )
      .max(problemsPerRoundMax, { message: interviewMessages.problemsMax })
      // One problem named twice in a round (ignoring case) is one problem asked.
      .transform((names) => names.filter((name, i) => names.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === i))
      .nullable()
      .optional(),
  ),
});
export type InterviewRound = z.infer<typeof interviewRoundSchema>;

export const offerMessages = {
  currency: 'Please choose a currency from the list',
  base: 'Base salary is a whole yearly amount above 0',
  bonus: 'Bonus is a whole yearly amount, 0 or more',
  equity: 'Equity is a whole yearly amount, 0 or more',
  level: `Offer level must not be longer than 40 characters`,
  outcome: 'Offer details go with the outcome Offer',
} as const;

const amount = (message: string, min: number) =>
  z.preprocess(toNumberOrNull, z.number({ error: message }).int({ message }).min(min, { message }).max(offerAmountMax, { message }).nullable().optional());

/**
 * Offer details (optional): never shown with the report, only as the company's ranges (see
 * companyInsightsSchema.offer_ranges). Yearly amounts in whole units; level is the company's own name
 * for it (L4, E5, SDE II).
 */
export const offerDetailsSchema = z.object({
  currency: z.enum(offerCurrencies, { message: offerMessages.currency }),
  base: z.preprocess(
    toNumberOrNull,
    z
      .number({ error: offerMessages.base })
      .int({ message: offerMessages.base })
      .min(1, { message: offerMessages.base })
      .max(offerAmountMax, { message: offerMessages.base }),
  ),
  bonus: amount(offerMessages.bonus, 0),
  equity: amount(offerMessages.equity, 0),
  level: z.preprocess(emptyToNull, z.string({ error: offerMessages.level }).trim().max(40, { message: offerMessages.level }).nullable().optional()),
});

/** The 25th percentile, median and 75th percentile of one figure, each rounded to its currency's step (offerBands). */
const offerRangeSchema = z.object({ p25: z.number(), median: z.number(), p75: z.number() });
const offerRangesSchema = z.array(
  z.object({
    currency: z.string(),
    /** null: every report in this currency, whatever its level. */
    level: z.string().nullable(),
    /** Reports counted: one per account, so also the number of candidates behind the figures. */
    reports: z.number().int(),
    base: offerRangeSchema,
    /** null under offerRangeRules.minAccounts reports giving it. */
    bonus: offerRangeSchema.nullable(),
    equity: offerRangeSchema.nullable(),
  }),
);
export type OfferRanges = z.infer<typeof offerRangesSchema>;

export const createInterviewSchema = z.object({
  company_id: z.string({ error: interviewMessages.company }).uuid({ message: interviewMessages.company }),
  level: z.preprocess(emptyToNull, z.enum(interviewLevels, { message: interviewMessages.level }).nullable().optional()),
  title: z.preprocess(emptyToNull, z.enum(interviewTitles, { message: interviewMessages.title }).nullable().optional()),
  location: z.preprocess(
    emptyToNull,
    z.string({ error: interviewMessages.location }).trim().max(limits.titleMax, { message: interviewMessages.location }).nullable().optional(),
  ),
  interview_process: z
    .array(interviewRoundSchema, { error: interviewMessages.roundsMin })
    .min(1, { message: interviewMessages.roundsMin })
    .max(maxRounds, { message: interviewMessages.roundsMax }),
  outcome: z.preprocess(emptyToNull, z.enum(formOutcomeValues, { message: interviewMessages.outcome }).nullable().optional()),
  topics: z.preprocess(
    emptyToNull,
    z
      .array(z.enum(interviewTopics, { message: interviewMessages.topic }), { error: interviewMessages.topic })
      .max(interviewTopics.length, { message: interviewMessages.topic })
      // The same topic twice says nothing more and would count twice in the company's insights.
      .transform((topics) => [...new Set(topics)])
      .nullable()
      .optional(),
  ),
  /** Off by default: the card says 'Some Candidate' unless the author chooses to show their username. */
  show_username: z.boolean({ error: 'show_username must be true or false' }).default(false),
  /** With the outcome Offer only; never shown with the report, only in the company's offer ranges. */
  offer: z.preprocess(blankOfferToNull, offerDetailsSchema.nullable().optional()),
});
export type CreateInterview = z.infer<typeof createInterviewSchema>;
/** What the form holds before parsing (the dialog's zodResolver input). */
export type CreateInterviewInput = z.input<typeof createInterviewSchema>;

/**
 * One interview as everyone sees it. `rounds` carry the category only, except on the caller's own
 * interviews (`is_mine`), where each round also has its exact `round_date_str`.
 */
export const interviewListItemSchema = z.object({
  id: z.string().uuid(),
  company_id: z.string().uuid(),
  company_name: z.string(),
  level: z.string().nullable(),
  title: z.string().nullable(),
  location: z.string().nullable(),
  outcome: z.enum(storedOutcomes).nullable(),
  topics: z.array(z.string()),
  /** Each round's category, what was asked and the problems named (shown to everyone), and its exact date on the caller's own only. */
  rounds: z.array(
    z.object({
      round: z.string().nullable(),
      round_date_str: z.string().nullable().optional(),
      asked: z.string().nullable(),
      problems: z.array(z.string()),
    }),
  ),
  round_count: z.number().int(),
  /**
   * The latest round date (yyyy-mm-dd) on the caller's own interviews, its month (yyyy-mm) on
   * everyone else's, so no round's day can be worked out from it and `process_days`; null when no round has a date.
   */
  completed_on: z.string().nullable(),
  /** Days from the earliest to the latest round date; null under two dates. */
  process_days: z.number().int().nullable(),
  created_at: z.string(),
  /** The author's username when they chose to show it, else 'Some Candidate'. */
  author: z.string(),
  /** Whether the author chose to show their username. */
  show_username: z.boolean(),
  is_mine: z.boolean(),
  /** How many candidates marked it helpful (who they are is never shown). */
  helpful_count: z.number().int(),
  /** Whether the caller marked it helpful. */
  helpful_by_me: z.boolean(),
  comment_count: z.number().int(),
});
export type InterviewListItem = z.infer<typeof interviewListItemSchema>;

const many = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]), z.array(item).optional());

/** Filters: each repeatable (OR within a group, AND across groups); `cursor` is the X-Next-Cursor of the previous page. */
export const interviewQuerySchema = z.object({
  company_id: many(z.string().uuid({ message: interviewMessages.company })),
  /** A company by name, ignoring case, or by its logo slug (jane-street): what the web keeps in its URL. */
  company: many(z.string().trim().min(1, { message: interviewMessages.companyName }).max(limits.titleMax, { message: interviewMessages.companyName })),
  level: many(z.enum(interviewLevels, { message: interviewMessages.level })),
  title: many(z.enum(interviewTitles, { message: interviewMessages.title })),
  location: many(z.string().trim().min(1).max(limits.titleMax, { message: interviewMessages.location })),
  outcome: many(z.enum(storedOutcomes, { message: interviewMessages.outcome })),
  limit: z.coerce
    .number({ error: interviewMessages.limit })
    .int({ message: interviewMessages.limit })
    .min(1, { message: interviewMessages.limit })
    .max(100, { message: interviewMessages.limit })
    .default(50),
  cursor: z.string().max(200, { message: interviewMessages.cursor }).optional(),
  /** newest (default) or helpful: most marked helpful first, newest first among equals. */
  sort: z.enum(interviewSorts, { message: interviewMessages.sort }).default('newest'),
});
export type InterviewQuery = z.infer<typeof interviewQuerySchema>;
/** The filters as a caller writes them (the web's URL state). */
export type InterviewFilters = Pick<z.input<typeof interviewQuerySchema>, 'company_id' | 'company' | 'level' | 'title' | 'location' | 'outcome' | 'sort'>;

/**
 * GET /api/candidate-interviews/search: the experiences whose text (the problems named, role, level,
 * topics, round kinds and what was asked) matches `q`, as a web search box reads it: words, "a phrase",
 * or, -word. Best match first; the filters as in the list; `cursor` is the X-Next-Cursor of the previous page.
 */
export const interviewSearchSchema = interviewQuerySchema.omit({ sort: true }).extend({
  q: z
    .string({ error: interviewMessages.search })
    .max(interviewSearchMax * 4, { message: interviewMessages.searchMax })
    // Control characters are never words (and Postgres text cannot hold NUL).
    .transform((q) => q.replace(/\p{Cc}/gu, ' ').trim())
    .pipe(z.string().min(1, { message: interviewMessages.search }).max(interviewSearchMax, { message: interviewMessages.searchMax })),
});
export type InterviewSearch = z.infer<typeof interviewSearchSchema>;

/** Where a search matched: the text of the rounds cut around the matches, each match its own highlighted part (never markup). */
const searchSnippetSchema = z.array(z.object({ text: z.string(), highlighted: z.boolean() }));
export type SearchSnippet = z.infer<typeof searchSnippetSchema>;

export const interviewSearchItemSchema = interviewListItemSchema.extend({ snippet: searchSnippetSchema });
export type InterviewSearchItem = z.infer<typeof interviewSearchItemSchema>;

/** A location candidates reported, with how many interviews name it (the filter's location group). */
export const interviewLocationSchema = z.object({ location: z.string(), count: z.number().int() });
export type InterviewLocation = z.infer<typeof interviewLocationSchema>;

/** PATCH /api/candidate-interviews/{id}: the owner records the result later. */
export const updateInterviewSchema = z.object({
  outcome: z.enum(storedOutcomes, { message: interviewMessages.outcome }),
});
export type UpdateInterview = z.infer<typeof updateInterviewSchema>;

/** GET /api/all-companies/{companyName}/insights: what candidates report about one company. */
export const companyInsightsSchema = z.object({
  company_id: z.string().uuid(),
  company_name: z.string(),
  interview_count: z.number().int(),
  /** Interviews per stored outcome; interviews without an outcome are not counted here. */
  outcomes: z.record(z.string(), z.number().int()),
  /** Offers (and accepted offers) over interviews with a final outcome (offer, accepted, rejected); null when none has one. */
  offer_rate: z.number().nullable(),
  /** Rounds per category over all the company's interviews. */
  round_mix: z.record(z.string(), z.number().int()),
  /** At most ten, most asked first (ties by name). */
  top_topics: z.array(z.object({ topic: z.string(), count: z.number().int() })),
  median_process_days: z.number().nullable(),
  levels: z.record(z.string(), z.number().int()),
  /** The problems named most often in the company's rounds (at most ten, ties by name), each counted once per interview. */
  top_questions: z.array(z.object({ title: z.string(), count: z.number().int() })),
  /** Offer figures per currency (all levels, then each level) as last published (daily), only where offerRangeRules are met. */
  offer_ranges: offerRangesSchema,
  /** When the ranges were last published; null before the first publication. */
  offer_ranges_published_at: z.string().nullable(),
});
export type CompanyInsights = z.infer<typeof companyInsightsSchema>;

/**
 * The Submit an Interview dialog: the company is an existing one (`id`) or a name typed in the picker,
 * created first when the form is sent (spec section 4); everything else is the create call's body.
 */
export const interviewFormSchema = createInterviewSchema.omit({ company_id: true }).extend({
  company: z
    .object({
      id: z.string().uuid().nullable(),
      name: z
        .string()
        .trim()
        .max(limits.titleMax, { message: `Company name must not be longer than ${limits.titleMax} characters` }),
    })
    .refine((c) => c.id !== null || c.name.length > 0, { message: interviewMessages.chooseCompany }),
});
export type InterviewFormInput = z.input<typeof interviewFormSchema>;
export type InterviewForm = z.output<typeof interviewFormSchema>;

/** PUT/DELETE /api/candidate-interviews/{id}/helpful: the caller's vote, and the count after it. */
export const helpfulVoteSchema = z.object({ helpful_count: z.number().int(), helpful_by_me: z.boolean() });
export type HelpfulVote = z.infer<typeof helpfulVoteSchema>;

const commentBody = z
  .string({ error: interviewCommentMessages.body })
  .trim()
  .min(1, { message: interviewCommentMessages.body })
  .max(interviewCommentMax, { message: interviewCommentMessages.bodyMax });

/** POST /api/candidate-interviews/{id}/comments: shown as 'Some Candidate' unless the author shows their username. */
export const interviewCommentInputSchema = z.object({
  body: commentBody,
  show_username: z.boolean({ error: 'show_username must be true or false' }).default(false),
});
export type InterviewCommentInput = z.input<typeof interviewCommentInputSchema>;

/** PATCH /api/candidate-interviews/{id}/comments/{commentId}: the author changes the text (the name shown stays). */
export const interviewCommentEditSchema = z.object({ body: commentBody });

export const interviewCommentSchema = z.object({
  id: z.string().uuid(),
  interview_id: z.string().uuid(),
  /** The author's username when they chose to show it, else 'Some Candidate'. */
  author: z.string(),
  body: z.string(),
  created_at: z.string(),
  /** Whether its author changed it after writing it. */
  edited: z.boolean(),
  /** The caller wrote it: they may edit and delete it. */
  is_mine: z.boolean(),
  /** The caller may delete it: they wrote it, or they are a moderator. */
  can_delete: z.boolean(),
  /** Its author was a moderator when writing it: the app shows a badge (the name proves nothing). */
  by_moderator: z.boolean(),
});
export type InterviewComment = z.infer<typeof interviewCommentSchema>;

/** Oldest first; `cursor` is the X-Next-Cursor of the previous page. */
export const interviewCommentQuerySchema = z.object({
  limit: z.coerce
    .number({ error: interviewMessages.limit })
    .int({ message: interviewMessages.limit })
    .min(1, { message: interviewMessages.limit })
    .max(100, { message: interviewMessages.limit })
    .default(20),
  cursor: z.string().max(200, { message: interviewMessages.cursor }).optional(),
});
