import { z } from 'zod';
import { formatCount } from './caps';
import type { TopicTag } from './catalogue';
import { emptyToNull, limits, toNumberOrNull } from './common';

/** Spec section 9, interview data. */
export const interviewLevels = [
  'Intern',
  'New Graduate (first job out of college)',
  'Early Career (L4, E3, IC1, SDE I)',
  'Mid-level (L5, E4, IC2, SDE II)',
  'Senior (L6, E5, IC3, SDE III)',
  'Principal (L7, E6, IC4, Staff)',
  'Other',
] as const;

export const interviewTitles = ['Software Engineer', 'Production Engineer', 'Data Scientist', 'Site Reliability Engineer', 'Engineering Manager'] as const;

export const roundCategories = [
  'Recruiter Call',
  'Online Assessment / Take Home',
  'Leetcode (DSA)',
  'Coding (non-Leetcode)',
  'System Design',
  'Behavioural',
  'Other',
] as const;

/**
 * The interview topics (spec section 9's 29, in its order), of two kinds, each name once.
 *
 * Problem topics name kinds of coding problems. Each IS a catalogue tag (topicTags, LeetCode's names):
 * what a report stores and the API takes, what the insights count and what "Practise these topics"
 * and the mock interview's next steps send to Problem Review's ?tags=, so they find its problems.
 * Each is shown as the spec's word for it (the form's list, cards, top topics): a candidate says
 * "DFS" and "Heaps" of an interview, and reads "Depth-First Search" and "Heap (Priority Queue)"
 * on the problems those links lead to, as LeetCode tags them. One table holds both names, so the
 * screens can never send a word the catalogue does not know.
 */
const problemTopicLabels = {
  Array: 'Arrays',
  String: 'Strings',
  'Hash Table': 'Hash Tables',
  'Linked List': 'Linked Lists',
  Stack: 'Stacks',
  Queue: 'Queues',
  Tree: 'Trees',
  Graph: 'Graphs',
  'Heap (Priority Queue)': 'Heaps',
  'Depth-First Search': 'DFS',
  'Breadth-First Search': 'BFS',
  'Binary Search': 'Binary Search',
  Sorting: 'Sorting',
  'Dynamic Programming': 'Dynamic Programming',
  Greedy: 'Greedy',
  Backtracking: 'Backtracking',
  Math: 'Math',
  'Bit Manipulation': 'Bit Manipulation',
} as const satisfies { [T in TopicTag]?: string };
export type ProblemTopic = keyof typeof problemTopicLabels;
/** The problem topics, by their catalogue tag. */
export const problemTopics = Object.keys(problemTopicLabels) as ProblemTopic[];

/** Topics that are not kinds of problems (design, LeetCode difficulty, languages): nothing in the catalogue to practise. */
export const otherInterviewTopics = [
  'System Design',
  'OOP',
  'Database Design',
  'LC Easy',
  'LC Medium',
  'LC Hard',
  'Python',
  'JavaScript',
  'Java',
  'C++',
  'Go',
] as const;
export type InterviewTopic = ProblemTopic | (typeof otherInterviewTopics)[number];
export const interviewTopics: readonly InterviewTopic[] = [...problemTopics, ...otherInterviewTopics];

export const isProblemTopic = (topic: string): topic is ProblemTopic => Object.hasOwn(problemTopicLabels, topic);
/** How a stored topic is shown: a problem topic by the spec's word ('Depth-First Search' → 'DFS'), any other as it is. */
export const topicLabel = (topic: string): string => (isProblemTopic(topic) ? problemTopicLabels[topic] : topic);

export const storedOutcomes = ['ongoing', 'rejected', 'offer', 'accepted'] as const;
export type StoredOutcome = (typeof storedOutcomes)[number];
/**
 * The one word for each outcome, in the form, the filter, the cards and the insights: the spec's form
 * words (Ongoing, No offer, Offer; Glassdoor's too), and Accepted for an offer taken, recorded later.
 */
export const outcomeLabels: Record<StoredOutcome, string> = { ongoing: 'Ongoing', rejected: 'No offer', offer: 'Offer', accepted: 'Accepted' };
/** The three outcomes a new interview can have; `accepted` only comes later, from its owner. */
const formOutcomeValues = ['ongoing', 'rejected', 'offer'] as const;
/** The form's three outcome buttons. */
export const formOutcomes = formOutcomeValues.map((value) => ({ value, label: outcomeLabels[value] }));

export const maxRounds = 10;
export const defaultLocation = 'Somewhere in the world';
export const defaultAuthor = 'Some Candidate';

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

/** What was asked in one round: free text up to this many characters, and up to this many problem names. */
export const askedMax = 2000;
export const problemsPerRoundMax = 10;

export const interviewMessages = {
  company: 'Invalid company ID',
  /** The form's company picker left empty (the API's company_id says Invalid company ID, as the spec has it). */
  chooseCompany: 'Choose a company',
  companyName: `Company names are 1 to ${limits.titleMax} characters`,
  level: 'Please choose a level from the list',
  title: 'Please choose a title from the list',
  round: 'Please choose a round category',
  dateFormat: 'Round dates must be yyyy-mm-dd',
  dateFuture: 'Round dates cannot be in the future',
  roundsMin: 'Add at least one round',
  roundsMax: `At most ${maxRounds} rounds`,
  outcome: 'Please choose an outcome',
  topic: 'Please choose topics from the list',
  location: `Location must not be longer than ${limits.titleMax} characters`,
  cursor: 'Invalid cursor',
  limit: 'Limit must be a whole number from 1 to 100',
  asked: `What was asked must not be longer than ${formatCount(askedMax)} characters`,
  problem: `Problem names are 1 to ${limits.titleMax} characters`,
  problemsMax: `At most ${problemsPerRoundMax} problems per round`,
  sort: 'Sort by newest or helpful',
  search: 'Type what to search for',
  searchMax: `Search for at most 200 characters`,
} as const;

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

/**
 * ISO 4217 currencies in use (the codes Intl knows, without fund units such as XDR and the codes
 * replaced since: HRK, SLL, ZWL, CUC, ANG), twenty a line.
 */
// prettier-ignore
export const offerCurrencies = [
  'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF', 'BMD', 'BND', 'BOB', 'BRL', 'BSD',
  'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CUP', 'CVE', 'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN',
  'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP', 'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IQD',
  'IRR', 'ISK', 'JMD', 'JOD', 'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD',
  'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD',
  'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB', 'RWF', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP',
  'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'USD',
  'UYU', 'UZS', 'VES', 'VND', 'VUV', 'WST', 'XAF', 'XCD', 'XCG', 'XOF', 'XPF', 'YER', 'ZAR', 'ZMW', 'ZWG',
] as const;

/** A yearly amount in whole units of its currency: past this it is a typo (the largest currencies' salaries stay below). */
export const offerAmountMax = 10_000_000_000;
/**
 * Who counts in a company's offer ranges (docs/salary-privacy.md): at least this many distinct
 * accounts in a currency (and level), each confirmed and registered this many days before the
 * daily publication, one report (its newest) per account, company and currency.
 */
export const offerRangeRules = { minAccounts: 5, accountMinAgeDays: 7 } as const;

/**
 * Approximate units of a currency per US dollar, rounded: only the order of magnitude matters, for
 * the plausible band and the rounding step below. Offers in a currency not listed here are kept but
 * never published (nobody can say what a plausible salary in it is).
 */
// prettier-ignore
const unitsPerDollar: Partial<Record<(typeof offerCurrencies)[number], number>> = {
  USD: 1, EUR: 1, GBP: 1, CHF: 1, CAD: 1.4, AUD: 1.5, NZD: 1.7, SGD: 1.3, HKD: 7.8, JPY: 150, CNY: 7.2, INR: 85, KRW: 1400,
  TWD: 32, SEK: 10, NOK: 10, DKK: 7, PLN: 4, CZK: 23, HUF: 360, RON: 4.6, ILS: 3.7, AED: 3.7, SAR: 3.8, TRY: 35, BRL: 5.5,
  MXN: 18, ARS: 1000, CLP: 950, COP: 4100, ZAR: 18, NGN: 1500, EGP: 50, KES: 130, PKR: 280, THB: 35, MYR: 4.5, IDR: 16000,
  PHP: 57, VND: 25000, UAH: 41,
};

/**
 * Per currency: the yearly base salary a report must fall within to be counted (5,000 to 2,000,000
 * dollars' worth), the most a bonus or yearly equity may be (beyond it that figure alone is left
 * out), and the step every published figure is rounded to (1,000 dollars' worth, as a power of ten:
 * 1,000 USD, EUR or CHF, 100,000 JPY or INR).
 */
export const offerBands: Record<string, { baseMin: number; baseMax: number; extraMax: number; step: number }> = /* @__PURE__ */ Object.fromEntries(
  Object.entries(unitsPerDollar).map(([currency, rate]) => [
    currency,
    { baseMin: 5_000 * rate, baseMax: 2_000_000 * rate, extraMax: 5_000_000 * rate, step: 10 ** Math.round(Math.log10(1_000 * rate)) },
  ]),
);

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

/** No offer details: nothing, or a form's offer fields all left blank. */
const blankOfferToNull = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => emptyToNull(v) === null) ? null : emptyToNull(value);

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

/** What an interview's rounds give: its completion day, the process length and the round count. */
export interface InterviewTimeline {
  completed_on: string | null;
  process_days: number | null;
  round_count: number;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The timeline of the rounds' dates (yyyy-mm-dd sorts as it reads): the service stores it when an
 * interview is written, and the submit dialog's preview shows the same before anything is sent.
 */
export function interviewTimeline(rounds: CreateInterview['interview_process']): InterviewTimeline {
  const dates = rounds
    .map((r) => r.round_date_str)
    .filter((d): d is string => !!d)
    .sort();
  const first = dates[0];
  const last = dates[dates.length - 1];
  return {
    completed_on: last ?? null,
    process_days: dates.length >= 2 ? Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / dayMs) : null,
    round_count: rounds.length,
  };
}
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

export const interviewSorts = ['newest', 'helpful'] as const;
export type InterviewSort = (typeof interviewSorts)[number];

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

/** The longest search a candidate types: a few phrases; past it is a paste, not a search. */
export const interviewSearchMax = 200;

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

/** The static logo path of a company (spec section 2): lower-cased name, spaces as hyphens, png. */
export const companySlug = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');

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
export const helpfulMessages = { own: 'You cannot mark your own interview as helpful' } as const;

/** Comments under an interview report (issue 26 item 4): signed-in users discuss what a report teaches. */
export const interviewCommentMax = 2000;
export const interviewCommentMessages = {
  body: 'Please write a comment',
  bodyMax: `A comment can be at most ${interviewCommentMax.toLocaleString('en-US')} characters`,
  notFound: 'Could not find this comment',
  notYours: 'Only its author can edit this comment',
  notYoursToDelete: 'Only its author or a moderator can delete this comment',
} as const;

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
