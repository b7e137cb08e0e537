/**
 * What one account may make: far above what a candidate does by hand, low enough that one account
 * cannot grow a list or a table for everyone (see docs/limits.md). A total cap answers 409
 * conflict; a daily cap (a rolling 24 hours) answers 429 rate_limited with Retry-After.
 */
export const caps = {
  /** Problems one account tracks at a time: the 2,000 Problem Review is built and benchmarked for. */
  questionsPerUser: 2000,
  /** Reviews one account logs in 24 hours, over all its problems. */
  reviewsPerDay: 200,
  /** Reviews of one problem in 24 hours. */
  reviewsPerQuestionPerDay: 20,
  /** Interview experiences one account submits in 24 hours. */
  interviewsPerDay: 20,
  /** Comments one account writes under interview reports in 24 hours. */
  interviewCommentsPerDay: 100,
  /** Comments one account writes under feature requests in 24 hours. */
  featureCommentsPerDay: 100,
  /** Questions one account asks on Ask a SWE in 24 hours. */
  askQuestionsPerDay: 10,
  /** Answers one account gives on Ask a SWE in 24 hours. */
  askAnswersPerDay: 50,
  /** Companies one account adds to the shared list in 24 hours (finding an existing one is free). */
  companiesPerDay: 10,
  /** Opportunities one account shares in 24 hours. */
  opportunitiesPerDay: 10,
  /** Messages (and with them feature requests) one signed-in account sends in 24 hours. */
  contactMessagesPerDay: 20,
  /** AI mock interviews one account starts in 24 hours (credits bound them too). */
  voiceSessionsPerDay: 20,
  /** System design attempts one account starts in 24 hours. */
  designAttemptsPerDay: 30,
} as const;

/** The most rows one page of a growing list carries, and the page size when none is asked for. */
export const pageSizes = {
  max: 100,
  sessionsDefault: 100,
  /** Opportunities and feature requests a board shows: the first 200 in its order, searchable for the rest. */
  boards: 200,
} as const;

/**
 * A count as the product writes it (2,000): whole numbers grouped here, since the first
 * toLocaleString of a page loads the runtime's number formatting (about 50 ms on a slow phone),
 * and these messages are built as a page's code loads.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

/** What the caller reads when a cap holds, in the spec's plain tone. */
export const capMessages = {
  questions: `You can track at most ${formatCount(caps.questionsPerUser)} problems`,
  reviewsPerDay: `You can log at most ${formatCount(caps.reviewsPerDay)} reviews a day`,
  reviewsPerQuestionPerDay: `You can log at most ${formatCount(caps.reviewsPerQuestionPerDay)} reviews of one problem a day`,
  interviewsPerDay: `You can submit at most ${formatCount(caps.interviewsPerDay)} interviews a day`,
  interviewCommentsPerDay: `You can write at most ${formatCount(caps.interviewCommentsPerDay)} comments a day`,
  featureCommentsPerDay: `You can write at most ${formatCount(caps.featureCommentsPerDay)} comments on feature requests a day`,
  askQuestionsPerDay: `You can ask at most ${formatCount(caps.askQuestionsPerDay)} questions a day`,
  askAnswersPerDay: `You can write at most ${formatCount(caps.askAnswersPerDay)} answers a day`,
  resourcesPerDay: `You can share at most ${formatCount(caps.opportunitiesPerDay)} resources a day`,
  companiesPerDay: `You can add at most ${formatCount(caps.companiesPerDay)} companies a day`,
  opportunitiesPerDay: `You can share at most ${formatCount(caps.opportunitiesPerDay)} opportunities a day`,
  contactMessagesPerDay: `You can send at most ${formatCount(caps.contactMessagesPerDay)} messages a day`,
  voiceSessionsPerDay: `You can start at most ${formatCount(caps.voiceSessionsPerDay)} mock interviews a day`,
  designAttemptsPerDay: `You can start at most ${formatCount(caps.designAttemptsPerDay)} system design attempts a day`,
} as const;

/** A daily cap on one kind of write: how many in a rolling 24 hours, and the sentence a refusal says. */
export interface WriteCap {
  perDay: number;
  message: string;
}

/**
 * The one cap policy for every user-generated write, the writes others read or hear of (a comment
 * notifies a thread, a report fills a company page). Each kind is one account's rows in a rolling
 * 24 hours; a service holds it with the kit's `holdWriteCap(tx, kind, { userId, rows })` in the
 * insert's transaction, and a new kind of write is a new line here, never a cap of its own.
 */
export const writeCaps = {
  interviews: { perDay: caps.interviewsPerDay, message: capMessages.interviewsPerDay },
  'interview-comments': { perDay: caps.interviewCommentsPerDay, message: capMessages.interviewCommentsPerDay },
  companies: { perDay: caps.companiesPerDay, message: capMessages.companiesPerDay },
  opportunities: { perDay: caps.opportunitiesPerDay, message: capMessages.opportunitiesPerDay },
  resources: { perDay: caps.opportunitiesPerDay, message: capMessages.resourcesPerDay },
  /** Messages, and the feature requests filed with them. */
  contact: { perDay: caps.contactMessagesPerDay, message: capMessages.contactMessagesPerDay },
  'feature-comments': { perDay: caps.featureCommentsPerDay, message: capMessages.featureCommentsPerDay },
  'ask-questions': { perDay: caps.askQuestionsPerDay, message: capMessages.askQuestionsPerDay },
  'ask-answers': { perDay: caps.askAnswersPerDay, message: capMessages.askAnswersPerDay },
} as const satisfies Record<string, WriteCap>;
export type WriteKind = keyof typeof writeCaps;
