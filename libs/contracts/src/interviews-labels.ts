/** Interview experiences' words, choices, bounds and helpers, apart from their schemas (interviews.ts): a page that shows them loads no zod for them. */
import { formatCount } from './caps';
import type { TopicTag } from './catalogue';
import { limits } from './common-values';

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
export const formOutcomeValues = ['ongoing', 'rejected', 'offer'] as const;
/** The form's three outcome buttons. */
export const formOutcomes = formOutcomeValues.map((value) => ({ value, label: outcomeLabels[value] }));

export const maxRounds = 10;
export const defaultLocation = 'Somewhere in the world';
export const defaultAuthor = 'Some Candidate';

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

/** What an interview's rounds give: its completion day, the process length and the round count. */
export interface InterviewTimeline {
  completed_on: string | null;
  process_days: number | null;
  round_count: number;
}

export const interviewSorts = ['newest', 'helpful'] as const;
export type InterviewSort = (typeof interviewSorts)[number];

/** The longest search a candidate types: a few phrases; past it is a paste, not a search. */
export const interviewSearchMax = 200;

/** The static logo path of a company (spec section 2): lower-cased name, spaces as hyphens, png. */
export const companySlug = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');
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

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The timeline of the rounds' dates (yyyy-mm-dd sorts as it reads): the service stores it when an
 * interview is written, and the submit dialog's preview shows the same before anything is sent.
 */
export function interviewTimeline(rounds: ReadonlyArray<{ round_date_str?: string | null }>): InterviewTimeline {
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
