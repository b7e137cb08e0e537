import { z } from 'zod';
import { formatCount, pageSizes } from './caps';
import { topicTags } from './catalogue';
import { dataOf, emptyToNull } from './common';
import { endpoint, pagedList } from './http/endpoint';
import { interviewLevels, interviewTitles } from './interviews';
import { notificationTitleMax } from './notifications';

/**
 * Ask a SWE (issue 37): questions about interviewing at a company, answered by engineers, served by
 * community under /api/ask-a-swe. The rules (reputation, privileges, limits for new accounts,
 * anonymity, flags) are stated in docs/ask-a-swe.md; their figures are here, once.
 */

/**
 * Reputation as Stack Overflow publishes it (stackoverflow.com/help/whats-reputation): what each
 * event is worth to whom. Vote reputation earned in one UTC day stops at dailyCap; acceptance is
 * outside the cap. Reputation never goes below 1.
 */
export const askReputation = {
  questionUpvoted: 5,
  answerUpvoted: 10,
  answerAccepted: 15,
  /** To the asker, for accepting an answer that is not their own. */
  accepting: 2,
  /** To a post's author, for a downvote on it. */
  downvoted: -2,
  /** To the voter, for downvoting an answer (a question's downvote costs nothing). */
  downvotingAnswer: -1,
  /** Reputation from votes one account gains in a UTC day. */
  dailyCap: 200,
  /** Nobody has less. */
  floor: 1,
} as const;

/** Reputation needed for each privilege (Stack Overflow's thresholds). */
export const askPrivileges = {
  /** Links in a question, answer or comment. */
  postLinks: 10,
  flag: 15,
  downvote: 125,
} as const;
export type AskPrivilege = keyof typeof askPrivileges;

/**
 * A new account (registered less than a day ago, or with reputation below postLinks) asks and
 * answers fewer a day than writeCaps allows everyone else.
 */
export const askNewAccounts = {
  ageHours: 24,
  reputationBelow: 10,
  questionsPerDay: 3,
  answersPerDay: 10,
} as const;

/** Distinct members' flags that hide a post until a moderator reviews it. */
export const askFlagsToHide = 3;

/**
 * The weekly digest mail (community's job, identity's mail): a member's Ask a SWE notifications still
 * unread from the last 7 days, newest first, at most `items` of them named; sent once per member and
 * week (weeks start on Monday, UTC), only when there is something unread.
 */
export const askDigest = { days: 7, items: 10 } as const;
export const askDigestDueEvent = z.object({
  user_id: z.string().uuid(),
  /** The Monday (yyyy-mm-dd, UTC) of the week it is for. */
  week: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Unread notifications in the digest's days; more than `items` holds when it was cut. */
  total: z.number().int().min(1),
  items: z
    .array(z.object({ title: z.string().max(notificationTitleMax), link: z.string().startsWith('/').max(500) }))
    .min(1)
    .max(askDigest.items),
});

export const askLimits = {
  titleMin: 15,
  titleMax: 150,
  bodyMin: 20,
  bodyMax: 20_000,
  answerMin: 20,
  commentMax: 600,
  tagsMax: 5,
  roleMax: 100,
  flagNoteMax: 500,
  searchMax: 200,
} as const;

export const askMessages = {
  questionNotFound: 'Question not found',
  answerNotFound: 'Answer not found',
  commentNotFound: 'Comment not found',
  companyNotFound: 'Company not found',
  title: `Please write a title of ${askLimits.titleMin} to ${askLimits.titleMax} characters`,
  body: `Please write the question in ${askLimits.bodyMin} to ${formatCount(askLimits.bodyMax)} characters`,
  answer: `Please write an answer of ${askLimits.answerMin} to ${formatCount(askLimits.bodyMax)} characters`,
  comment: `Please write a comment of 1 to ${askLimits.commentMax} characters`,
  tags: `Choose 1 to ${askLimits.tagsMax} tags from the list`,
  tag: 'Choose a tag from the list',
  company: 'Invalid company ID',
  level: 'Please choose a level from the list',
  role: `Role must be at most ${askLimits.roleMax} characters`,
  vote: 'Vote must be up or down',
  flagReason: 'Choose why you flag this',
  flagNote: `A note can be at most ${askLimits.flagNoteMax} characters`,
  sort: 'Sort must be one of relevance, newest, active, unanswered, top',
  limit: `Limit must be a whole number from 1 to ${pageSizes.max}`,
  cursor: 'Invalid cursor',
  notYours: 'Only its author can change this',
  ownVote: 'You cannot vote on your own post',
  alreadyVoted: 'You have already voted this way',
  askerAccepts: 'Only the asker can accept an answer',
  notThisQuestion: 'That answer is not on this question',
  ownFlag: 'You cannot flag your own post',
  alreadyFlagged: 'You have already flagged this',
  closed: 'This question is closed',
  duplicateOfItself: 'A question cannot be a duplicate of itself',
  duplicateNotFound: 'The question it duplicates was not found',
  decision: 'Decision must be restore or remove',
  postNotFound: 'Could not find this post: it may have been deleted',
  reason: 'Please give a reason of at most 500 characters',
  privilege: (what: string, needed: number) => `You need ${needed} reputation to ${what}`,
  newAccountQuestions: `New accounts can ask at most ${askNewAccounts.questionsPerDay} questions a day`,
  newAccountAnswers: `New accounts can write at most ${askNewAccounts.answersPerDay} answers a day`,
} as const;

/** What the privilege messages name: "You need 125 reputation to downvote". */
export const askPrivilegeActions: Record<AskPrivilege, string> = {
  postLinks: 'post links',
  flag: 'flag posts',
  downvote: 'downvote',
};

export const askTagSchema = z.enum(topicTags, { message: askMessages.tag });
const roleField = z.preprocess(
  emptyToNull,
  z.string({ error: askMessages.role }).trim().max(askLimits.roleMax, { message: askMessages.role }).nullable().optional(),
);

/** A question as asked: Markdown body (stored as written; the web renders it sanitised), tags from the one topic vocabulary. */
export const askQuestionInputSchema = z.object({
  title: z
    .string({ error: askMessages.title })
    .trim()
    .min(askLimits.titleMin, { message: askMessages.title })
    .max(askLimits.titleMax, { message: askMessages.title }),
  body: z
    .string({ error: askMessages.body })
    .trim()
    .min(askLimits.bodyMin, { message: askMessages.body })
    .max(askLimits.bodyMax, { message: askMessages.body }),
  tags: z
    .array(askTagSchema, { error: askMessages.tags })
    .min(1, { message: askMessages.tags })
    .max(askLimits.tagsMax, { message: askMessages.tags })
    .transform((tags) => [...new Set(tags)]),
  /** A company the app knows (the interview reports' list). */
  company_id: z.preprocess(emptyToNull, z.string({ error: askMessages.company }).uuid({ message: askMessages.company }).nullable().optional()),
  /** The role asked about; the interview reports' titles are suggested, any is accepted. */
  role: roleField,
  level: z.preprocess(emptyToNull, z.enum(interviewLevels, { message: askMessages.level }).nullable().optional()),
  /** Nobody else (no list, detail, search or notification) can tell who asked; not changeable later. */
  anonymous: z.boolean().optional(),
});
export type AskQuestionInput = z.input<typeof askQuestionInputSchema>;
export type AskQuestion = z.output<typeof askQuestionInputSchema>;
/** An edit replaces the asked fields; anonymity stays as asked. */
export const editQuestionSchema = askQuestionInputSchema.omit({ anonymous: true });
export type EditQuestionInput = z.input<typeof editQuestionSchema>;
export const askRoleSuggestions = interviewTitles;

export const answerInputSchema = z.object({
  body: z
    .string({ error: askMessages.answer })
    .trim()
    .min(askLimits.answerMin, { message: askMessages.answer })
    .max(askLimits.bodyMax, { message: askMessages.answer }),
});
export type AnswerInput = z.input<typeof answerInputSchema>;

export const askCommentInputSchema = z.object({
  body: z.string({ error: askMessages.comment }).trim().min(1, { message: askMessages.comment }).max(askLimits.commentMax, { message: askMessages.comment }),
});
export type AskCommentInput = z.input<typeof askCommentInputSchema>;

export const voteInputSchema = z.object({ value: z.enum(['up', 'down'], { message: askMessages.vote }) });
export type VoteInput = z.input<typeof voteInputSchema>;

export const flagReasons = ['spam', 'rude', 'off_topic', 'reveals_identity', 'other'] as const;
export type FlagReason = (typeof flagReasons)[number];
export const flagReasonLabels: Record<FlagReason, string> = {
  spam: 'Spam or advertising',
  rude: 'Rude or abusive',
  off_topic: 'Not about interviewing or careers',
  reveals_identity: 'Reveals confidential or personal information',
  other: 'Something else',
};
export const flagInputSchema = z.object({
  reason: z.enum(flagReasons, { message: askMessages.flagReason }),
  note: z.preprocess(
    emptyToNull,
    z.string({ error: askMessages.flagNote }).trim().max(askLimits.flagNoteMax, { message: askMessages.flagNote }).nullable().optional(),
  ),
});
export type FlagInput = z.input<typeof flagInputSchema>;
/** Whether the post is hidden pending review now. */
export const flagResultSchema = z.object({ hidden: z.boolean() });

/** Who wrote a post, as others see it; null for an anonymous asker (in their own thread too) and for a deleted account. */
export const askAuthorSchema = z.object({
  name: z.string(),
  reputation: z.number().int(),
  /** Their Verified badge is for the question's company: the web shows "Works at <company>". */
  works_at_company: z.boolean(),
  /** Wrote as a moderator (from their role, never the name). */
  moderator: z.boolean(),
});
export type AskAuthor = z.infer<typeof askAuthorSchema>;

const postFields = {
  id: z.string().uuid(),
  /** Markdown as written. */
  body: z.string(),
  /** null: anonymous, or the account was deleted. */
  author: askAuthorSchema.nullable(),
  /** Written by whoever asked the question (the web says "asker", never who). */
  by_asker: z.boolean(),
  score: z.number().int(),
  /** The caller's vote. */
  my_vote: z.enum(['up', 'down']).nullable(),
  /** The caller wrote it (also for their anonymous question): they may edit and delete it. */
  is_mine: z.boolean(),
  /** Hidden pending review (askFlagsToHide flags) or removed by a moderator: only moderators and its author read it. */
  hidden: z.boolean(),
  created_at: z.string(),
  /** Its last edit; null if never edited. */
  edited_at: z.string().nullable(),
};

export const askCompanySchema = z.object({ id: z.string().uuid(), name: z.string() });

export const askCommentSchema = z.object({
  id: z.string().uuid(),
  body: z.string(),
  author: askAuthorSchema.nullable(),
  by_asker: z.boolean(),
  is_mine: z.boolean(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
});
export type AskComment = z.infer<typeof askCommentSchema>;

export const answerSchema = z.object({
  ...postFields,
  question_id: z.string().uuid(),
  accepted: z.boolean(),
  comments: z.array(askCommentSchema),
});
export type Answer = z.infer<typeof answerSchema>;

export const questionStatuses = ['open', 'closed'] as const;

/** A question as lists show it (search results, a company's questions). */
export const questionSummarySchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  /** The body's first characters as plain-ish text. */
  excerpt: z.string(),
  tags: z.array(z.string()),
  company: askCompanySchema.nullable(),
  role: z.string().nullable(),
  level: z.string().nullable(),
  author: askAuthorSchema.nullable(),
  anonymous: z.boolean(),
  score: z.number().int(),
  answer_count: z.number().int(),
  accepted_answer_id: z.string().uuid().nullable(),
  /** Someone verified at the question's company answered it. */
  answered_by_employee: z.boolean(),
  status: z.enum(questionStatuses),
  /** Closed as a duplicate of this one. */
  duplicate_of: z.object({ id: z.string().uuid(), title: z.string() }).nullable(),
  hidden: z.boolean(),
  is_mine: z.boolean(),
  created_at: z.string(),
  /** Its last answer, comment or edit. */
  active_at: z.string(),
});
export type QuestionSummary = z.infer<typeof questionSummarySchema>;

/**
 * One question for its page: the accepted answer first, the rest by score then age; hidden posts
 * are left out except for moderators and their authors.
 */
export const questionDetailSchema = questionSummarySchema.extend({
  body: z.string(),
  by_asker: z.literal(true),
  my_vote: z.enum(['up', 'down']).nullable(),
  edited_at: z.string().nullable(),
  following: z.boolean(),
  comments: z.array(askCommentSchema),
  answers: z.array(answerSchema),
});
export type QuestionDetail = z.infer<typeof questionDetailSchema>;

/** A post's score and the caller's vote after voting. */
export const voteResultSchema = z.object({ id: z.string().uuid(), score: z.number().int(), my_vote: z.enum(['up', 'down']).nullable() });
export type VoteResult = z.infer<typeof voteResultSchema>;

/** One earlier version of a post, newest first; the first one is as posted. */
export const revisionSchema = z.object({
  title: z.string().nullable(),
  body: z.string(),
  tags: z.array(z.string()).nullable(),
  created_at: z.string(),
});
export type Revision = z.infer<typeof revisionSchema>;

export const askSorts = ['relevance', 'newest', 'active', 'unanswered', 'top'] as const;
export type AskSort = (typeof askSorts)[number];
const flag = z.enum(['true', 'false']).optional();
const limitField = z.coerce
  .number({ error: askMessages.limit })
  .int({ message: askMessages.limit })
  .min(1, { message: askMessages.limit })
  .max(pageSizes.max, { message: askMessages.limit })
  .optional();
const cursorField = z.string({ error: askMessages.cursor }).max(200, { message: askMessages.cursor }).optional();
/** One value or several (?tag=Array&tag=Graph: any of them). */
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).max(askLimits.tagsMax).optional());

/**
 * Search and filters (the web keeps them in its URL). `q` searches title (weighted above) and
 * body, ranked; relevance is the default with `q`, newest without. unanswered: no answer yet,
 * newest first. Hidden ones are left out.
 */
export const questionQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(askLimits.searchMax, { message: `Search must be at most ${askLimits.searchMax} characters` })
    .optional(),
  sort: z.enum(askSorts, { message: askMessages.sort }).optional(),
  tag: many(askTagSchema),
  company_id: z.string().uuid({ message: askMessages.company }).optional(),
  /** true: at least one answer; false: none yet. */
  answered: flag,
  /** true: answered by someone verified at the question's company. */
  by_employee: flag,
  /** true: only the questions the caller follows, or whose tag or company they follow. */
  following: flag,
  /** true: only the caller's own (anonymous ones included: only they see this). */
  mine: flag,
  limit: limitField,
  cursor: cursorField,
});
export type QuestionQuery = z.input<typeof questionQuerySchema>;

export const questionDetailQuerySchema = z.object({
  /** true: only the answers by people verified at the question's company (the accepted one stays first). */
  by_employee: flag,
});

/** Similar questions while a title is typed. */
export const similarQuerySchema = z.object({
  title: z.string().trim().min(1, { message: askMessages.title }).max(askLimits.titleMax, { message: askMessages.title }),
});
export const similarQuestionSchema = questionSummarySchema.pick({ id: true, title: true, answer_count: true, accepted_answer_id: true, status: true });
export type SimilarQuestion = z.infer<typeof similarQuestionSchema>;
/** The most similar questions answered. */
export const similarShown = 5;

/** Reputation and what it unlocks; a user's own figure today too. */
export const reputationSchema = z.object({
  user_id: z.string().uuid(),
  reputation: z.number().int(),
  privileges: z.object({ postLinks: z.boolean(), flag: z.boolean(), downvote: z.boolean() }),
});
export type Reputation = z.infer<typeof reputationSchema>;
export const myAskStandingSchema = reputationSchema.extend({
  /** Vote reputation gained today (UTC) against askReputation.dailyCap. */
  earned_today: z.number().int(),
  new_account: z.boolean(),
  /** Left today under the caps (the lower ones while new_account). */
  questions_left_today: z.number().int(),
  answers_left_today: z.number().int(),
});
export type MyAskStanding = z.infer<typeof myAskStandingSchema>;

export const followsSchema = z.object({
  questions: z.array(z.object({ id: z.string().uuid(), title: z.string() })),
  tags: z.array(z.string()),
  companies: z.array(askCompanySchema),
});
export type Follows = z.infer<typeof followsSchema>;
export const followingSchema = z.object({ following: z.boolean() });

export const acceptInputSchema = z.object({ answer_id: z.string({ error: askMessages.answerNotFound }).uuid({ message: askMessages.answerNotFound }) });
export const duplicateInputSchema = z.object({
  duplicate_of: z.string({ error: askMessages.duplicateNotFound }).uuid({ message: askMessages.duplicateNotFound }),
});
export const postKinds = ['question', 'answer'] as const;
export type PostKind = (typeof postKinds)[number];
/** What members flag: Ask a SWE's posts, community designs and comments on them (one queue for the desk). */
export const flaggedKinds = [...postKinds, 'design', 'design_comment'] as const;
export type FlaggedKind = (typeof flaggedKinds)[number];
export const flagDecisionSchema = z.object({
  /** restore: shown again and its flags dismissed; remove: hidden for good (its author still sees it, marked hidden). */
  decision: z.enum(['restore', 'remove'], { message: askMessages.decision }),
  reason: z.preprocess(emptyToNull, z.string().trim().max(500, { message: askMessages.reason }).nullable().optional()),
});

/** A flagged post in the moderation desk's queue: who wrote it (an anonymous asker, a design's author) is never in it. */
export const flaggedPostSchema = z.object({
  kind: z.enum(flaggedKinds),
  id: z.string().uuid(),
  /** The question's title (an answer's: the question it answers), or a design's prompt (a comment's: its design's). */
  title: z.string(),
  /** Where the web app shows it. */
  link: z.string(),
  /** The post's text (a design's: its notes). */
  body: z.string(),
  /** A question asked anonymously: the only kind whose author a moderator may open (audited). */
  anonymous: z.boolean(),
  hidden: z.boolean(),
  flags: z.array(z.object({ reason: z.enum(flagReasons), note: z.string().nullable(), created_at: z.string() })),
});
export type FlaggedPost = z.infer<typeof flaggedPostSchema>;

/** Who asked an anonymous question, for a moderator who opens it (recorded in the audit log). */
export const askerIdentitySchema = z.object({ user_id: z.string().uuid().nullable(), name: z.string().nullable() });

const question = { params: z.object({ id: z.string().uuid() }), notFound: askMessages.questionNotFound } as const;
const answer = { params: z.object({ id: z.string().uuid() }), notFound: askMessages.answerNotFound } as const;
const comment = { params: z.object({ id: z.string().uuid() }), notFound: askMessages.commentNotFound } as const;
const post = { params: z.object({ kind: z.enum(flaggedKinds), id: z.string().uuid() }), notFound: askMessages.postNotFound } as const;
const writeErrors = ['validation_failed', 'unauthorized', 'forbidden', 'not_found', 'rate_limited'] as const;

/** Spread into communityApi: served by community under /api/ask-a-swe. */
export const askASweApi = {
  listQuestions: pagedList({
    id: 'listAskQuestions',
    path: '/api/ask-a-swe/questions',
    summary: 'Search, filter and sort questions (full-text, title ranked above body); hidden ones are left out',
    description: 'Without `limit`, 20.',
    query: questionQuerySchema,
    item: questionSummarySchema,
    errors: ['validation_failed', 'unauthorized'],
  }),
  askQuestion: endpoint({
    id: 'askQuestion',
    method: 'POST',
    path: '/api/ask-a-swe/questions',
    summary: 'Ask a question, optionally anonymously; the asker follows it',
    description: `Links need ${askPrivileges.postLinks} reputation (403). Daily caps: writeCaps['ask-questions'], or askNewAccounts.questionsPerDay for a new account (429 with Retry-After).`,
    body: askQuestionInputSchema,
    status: 201,
    response: dataOf(questionDetailSchema),
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'rate_limited'],
  }),
  similarQuestions: endpoint({
    id: 'similarQuestions',
    method: 'GET',
    path: '/api/ask-a-swe/questions/similar',
    summary: `Up to ${similarShown} questions whose titles are like the one being typed (trigram similarity), best first`,
    query: similarQuerySchema,
    status: 200,
    response: z.array(similarQuestionSchema),
    errors: ['validation_failed', 'unauthorized'],
  }),
  getQuestion: endpoint({
    id: 'getQuestion',
    method: 'GET',
    path: '/api/ask-a-swe/questions/:id',
    summary: 'One question with its comments and answers (accepted first, then by score, then oldest first)',
    ...question,
    query: questionDetailQuerySchema,
    status: 200,
    response: dataOf(questionDetailSchema),
    errors: ['validation_failed', 'unauthorized', 'not_found'],
  }),
  editQuestion: endpoint({
    id: 'editQuestion',
    method: 'PATCH',
    path: '/api/ask-a-swe/questions/:id',
    summary: 'Edit my question (the version before is kept in its history)',
    ...question,
    body: editQuestionSchema,
    status: 200,
    response: dataOf(questionDetailSchema),
    errors: writeErrors,
  }),
  deleteQuestion: endpoint({
    id: 'deleteAskQuestion',
    method: 'DELETE',
    path: '/api/ask-a-swe/questions/:id',
    summary: 'Delete my question, with its answers and comments',
    ...question,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  }),
  questionRevisions: endpoint({
    id: 'questionRevisions',
    method: 'GET',
    path: '/api/ask-a-swe/questions/:id/revisions',
    summary: "A question's earlier versions, newest first",
    ...question,
    status: 200,
    response: z.array(revisionSchema),
    errors: ['unauthorized', 'not_found'],
  }),
  voteOnQuestion: endpoint({
    id: 'voteOnQuestion',
    method: 'PUT',
    path: '/api/ask-a-swe/questions/:id/vote',
    summary: 'Vote a question up or down, or change my vote; the same vote again is a 409, my own question a 403',
    description: `Downvoting needs ${askPrivileges.downvote} reputation (403).`,
    ...question,
    body: voteInputSchema,
    status: 200,
    response: dataOf(voteResultSchema),
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found', 'conflict'],
  }),
  unvoteQuestion: endpoint({
    id: 'unvoteQuestion',
    method: 'DELETE',
    path: '/api/ask-a-swe/questions/:id/vote',
    summary: 'Take back my vote on a question (nothing to take back is fine too)',
    ...question,
    status: 200,
    response: dataOf(voteResultSchema),
    errors: ['unauthorized', 'not_found'],
  }),
  answerQuestion: endpoint({
    id: 'answerQuestion',
    method: 'POST',
    path: '/api/ask-a-swe/questions/:id/answers',
    summary: 'Answer a question; its asker and followers hear of it in the bell',
    description: `A closed question takes no answers (409). Links need ${askPrivileges.postLinks} reputation (403). Daily caps: writeCaps['ask-answers'], or askNewAccounts.answersPerDay for a new account (429).`,
    ...question,
    body: answerInputSchema,
    status: 201,
    response: dataOf(answerSchema),
    errors: [...writeErrors, 'conflict'],
  }),
  acceptAnswer: endpoint({
    id: 'acceptAnswer',
    method: 'PUT',
    path: '/api/ask-a-swe/questions/:id/accepted',
    summary: 'Accept one answer (the asker only; accepting another moves the mark); its author hears of it',
    ...question,
    body: acceptInputSchema,
    status: 200,
    response: dataOf(questionDetailSchema),
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found'],
  }),
  unacceptAnswer: endpoint({
    id: 'unacceptAnswer',
    method: 'DELETE',
    path: '/api/ask-a-swe/questions/:id/accepted',
    summary: 'Take back the acceptance (the asker only)',
    ...question,
    status: 200,
    response: dataOf(questionDetailSchema),
    errors: ['unauthorized', 'forbidden', 'not_found'],
  }),
  commentOnQuestion: endpoint({
    id: 'commentOnQuestion',
    method: 'POST',
    path: '/api/ask-a-swe/questions/:id/comments',
    summary: 'Comment on a question; its asker hears of it',
    ...question,
    body: askCommentInputSchema,
    status: 201,
    response: dataOf(askCommentSchema),
    errors: writeErrors,
  }),
  followQuestion: endpoint({
    id: 'followQuestion',
    method: 'PUT',
    path: '/api/ask-a-swe/questions/:id/follow',
    summary: 'Hear of new and accepted answers to a question in the bell (idempotent)',
    ...question,
    status: 200,
    response: followingSchema,
    errors: ['unauthorized', 'not_found'],
  }),
  unfollowQuestion: endpoint({
    id: 'unfollowQuestion',
    method: 'DELETE',
    path: '/api/ask-a-swe/questions/:id/follow',
    summary: 'Stop following a question (idempotent)',
    ...question,
    status: 200,
    response: followingSchema,
    errors: ['unauthorized', 'not_found'],
  }),
  editAnswer: endpoint({
    id: 'editAnswer',
    method: 'PATCH',
    path: '/api/ask-a-swe/answers/:id',
    summary: 'Edit my answer (the version before is kept in its history)',
    ...answer,
    body: answerInputSchema,
    status: 200,
    response: dataOf(answerSchema),
    errors: writeErrors,
  }),
  deleteAnswer: endpoint({
    id: 'deleteAnswer',
    method: 'DELETE',
    path: '/api/ask-a-swe/answers/:id',
    summary: 'Delete my answer',
    ...answer,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  }),
  answerRevisions: endpoint({
    id: 'answerRevisions',
    method: 'GET',
    path: '/api/ask-a-swe/answers/:id/revisions',
    summary: "An answer's earlier versions, newest first",
    ...answer,
    status: 200,
    response: z.array(revisionSchema),
    errors: ['unauthorized', 'not_found'],
  }),
  voteOnAnswer: endpoint({
    id: 'voteOnAnswer',
    method: 'PUT',
    path: '/api/ask-a-swe/answers/:id/vote',
    summary: 'Vote an answer up or down, or change my vote; the same vote again is a 409, my own answer a 403',
    description: `Downvoting needs ${askPrivileges.downvote} reputation (403) and costs the voter ${-askReputation.downvotingAnswer}.`,
    ...answer,
    body: voteInputSchema,
    status: 200,
    response: dataOf(voteResultSchema),
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found', 'conflict'],
  }),
  unvoteAnswer: endpoint({
    id: 'unvoteAnswer',
    method: 'DELETE',
    path: '/api/ask-a-swe/answers/:id/vote',
    summary: 'Take back my vote on an answer (nothing to take back is fine too)',
    ...answer,
    status: 200,
    response: dataOf(voteResultSchema),
    errors: ['unauthorized', 'not_found'],
  }),
  commentOnAnswer: endpoint({
    id: 'commentOnAnswer',
    method: 'POST',
    path: '/api/ask-a-swe/answers/:id/comments',
    summary: 'Comment on an answer; its author hears of it',
    ...answer,
    body: askCommentInputSchema,
    status: 201,
    response: dataOf(askCommentSchema),
    errors: writeErrors,
  }),
  editAskComment: endpoint({
    id: 'editAskComment',
    method: 'PATCH',
    path: '/api/ask-a-swe/comments/:id',
    summary: 'Edit my comment',
    ...comment,
    body: askCommentInputSchema,
    status: 200,
    response: dataOf(askCommentSchema),
    errors: writeErrors,
  }),
  deleteAskComment: endpoint({
    id: 'deleteAskComment',
    method: 'DELETE',
    path: '/api/ask-a-swe/comments/:id',
    summary: 'Delete my comment (moderators: anyone’s)',
    ...comment,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  }),
  flagQuestion: endpoint({
    id: 'flagQuestion',
    method: 'POST',
    path: '/api/ask-a-swe/questions/:id/flags',
    summary: `Flag a question for moderators, with a reason; ${askFlagsToHide} members' flags hide it until reviewed`,
    description: `Needs ${askPrivileges.flag} reputation (403); once per member (409); not one's own (403).`,
    ...question,
    body: flagInputSchema,
    status: 201,
    response: flagResultSchema,
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found', 'conflict'],
  }),
  flagAnswer: endpoint({
    id: 'flagAnswer',
    method: 'POST',
    path: '/api/ask-a-swe/answers/:id/flags',
    summary: `Flag an answer for moderators, with a reason; ${askFlagsToHide} members' flags hide it until reviewed`,
    description: `Needs ${askPrivileges.flag} reputation (403); once per member (409); not one's own (403).`,
    ...answer,
    body: flagInputSchema,
    status: 201,
    response: flagResultSchema,
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found', 'conflict'],
  }),
  listCompanyQuestions: pagedList({
    id: 'listCompanyQuestions',
    path: '/api/ask-a-swe/companies/:companyId/questions',
    summary: "A company's open questions, newest first, for its company page",
    params: z.object({ companyId: z.string().uuid() }),
    notFound: askMessages.companyNotFound,
    query: z.object({ limit: limitField, cursor: cursorField }),
    item: questionSummarySchema,
    errors: ['validation_failed', 'unauthorized', 'not_found'],
  }),
  myFollows: endpoint({
    id: 'myFollows',
    method: 'GET',
    path: '/api/ask-a-swe/follows',
    summary: 'The questions, tags and companies I follow',
    status: 200,
    response: followsSchema,
    errors: ['unauthorized'],
  }),
  followTag: endpoint({
    id: 'followTag',
    method: 'PUT',
    path: '/api/ask-a-swe/follows/tags/:tag',
    summary: 'Hear of new questions with this tag in the bell (idempotent)',
    params: z.object({ tag: askTagSchema }),
    notFound: askMessages.tag,
    status: 200,
    response: followingSchema,
    errors: ['unauthorized', 'not_found'],
  }),
  unfollowTag: endpoint({
    id: 'unfollowTag',
    method: 'DELETE',
    path: '/api/ask-a-swe/follows/tags/:tag',
    summary: 'Stop following a tag (idempotent)',
    params: z.object({ tag: askTagSchema }),
    notFound: askMessages.tag,
    status: 200,
    response: followingSchema,
    errors: ['unauthorized', 'not_found'],
  }),
  followCompany: endpoint({
    id: 'followCompany',
    method: 'PUT',
    path: '/api/ask-a-swe/follows/companies/:companyId',
    summary: 'Hear of new questions about this company in the bell (idempotent)',
    params: z.object({ companyId: z.string().uuid() }),
    notFound: askMessages.companyNotFound,
    status: 200,
    response: followingSchema,
    errors: ['unauthorized', 'not_found'],
  }),
  unfollowCompany: endpoint({
    id: 'unfollowCompany',
    method: 'DELETE',
    path: '/api/ask-a-swe/follows/companies/:companyId',
    summary: 'Stop following a company (idempotent)',
    params: z.object({ companyId: z.string().uuid() }),
    notFound: askMessages.companyNotFound,
    status: 200,
    response: followingSchema,
    errors: ['unauthorized', 'not_found'],
  }),
  myAskStanding: endpoint({
    id: 'myAskStanding',
    method: 'GET',
    path: '/api/ask-a-swe/me',
    summary: 'My reputation, privileges, vote reputation earned today and what I may still ask and answer today',
    status: 200,
    response: myAskStandingSchema,
    errors: ['unauthorized'],
  }),
  userReputation: endpoint({
    id: 'userReputation',
    method: 'GET',
    path: '/api/ask-a-swe/users/:userId/reputation',
    summary: "A member's reputation and privileges, for their profile (1 for one who never posted)",
    params: z.object({ userId: z.string().uuid() }),
    notFound: 'User not found',
    status: 200,
    response: reputationSchema,
    errors: ['unauthorized', 'not_found'],
  }),
  flaggedPosts: endpoint({
    id: 'flaggedPosts',
    method: 'GET',
    path: '/api/ask-a-swe/moderation/flags',
    summary:
      'Flagged posts waiting for review, most flagged first (moderators): questions, answers, community designs and their comments; never who wrote them',
    status: 200,
    response: z.array(flaggedPostSchema),
    errors: ['unauthorized', 'forbidden'],
  }),
  decideFlaggedPost: endpoint({
    id: 'decideFlaggedPost',
    method: 'POST',
    path: '/api/ask-a-swe/moderation/:kind/:id/decision',
    summary: 'Restore a flagged post (its flags dismissed) or remove it (moderators; audited)',
    ...post,
    body: flagDecisionSchema,
    status: 204,
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found'],
  }),
  closeAsDuplicate: endpoint({
    id: 'closeAsDuplicate',
    method: 'PUT',
    path: '/api/ask-a-swe/questions/:id/duplicate',
    summary: 'Close a question as a duplicate of another (moderators; audited)',
    ...question,
    body: duplicateInputSchema,
    status: 200,
    response: dataOf(questionDetailSchema),
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found'],
  }),
  reopenQuestion: endpoint({
    id: 'reopenQuestion',
    method: 'DELETE',
    path: '/api/ask-a-swe/questions/:id/duplicate',
    summary: 'Reopen a question closed as a duplicate (moderators; audited)',
    ...question,
    status: 200,
    response: dataOf(questionDetailSchema),
    errors: ['unauthorized', 'forbidden', 'not_found'],
  }),
  openAskerIdentity: endpoint({
    id: 'openAskerIdentity',
    method: 'POST',
    path: '/api/ask-a-swe/questions/:id/asker',
    summary: 'Who asked a question (moderators); opening it is recorded in the audit log',
    ...question,
    body: z.object({
      reason: z.string({ error: askMessages.reason }).trim().min(1, { message: askMessages.reason }).max(500, { message: askMessages.reason }),
    }),
    status: 200,
    response: askerIdentitySchema,
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found'],
  }),
};
