/** Opportunities', moderation's, feature requests' and contact's words, choices and bounds, apart from their schemas (community.ts): a page that shows them loads no zod for them. */
import { pageSizes } from './caps';
import { limits } from './common-values';

export const selectiveBadge = 'Selective';

/**
 * Submissions are reviewed before being shown: pending until a moderator approves or rejects them;
 * an approved one can be taken down later. Opportunities and resources share these states.
 */
export const opportunityStatuses = ['pending', 'approved', 'rejected', 'taken_down'] as const;
export type OpportunityStatus = (typeof opportunityStatuses)[number];

export const opportunityKinds = ['internship', 'new_grad', 'full_time', 'program'] as const;
export type OpportunityKind = (typeof opportunityKinds)[number];
export const opportunityKindLabels: Record<OpportunityKind, string> = {
  internship: 'Internship',
  new_grad: 'New grad',
  full_time: 'Full time',
  program: 'Program',
};
export const sponsorshipAnswers = ['yes', 'no', 'unknown'] as const;
export type Sponsorship = (typeof sponsorshipAnswers)[number];
export const seasonTerms = ['Spring', 'Summer', 'Fall', 'Winter'] as const;
/** Distinct users whose "this has closed" reports close an opportunity without a moderator. */
export const closedReportsToClose = 3;

export const opportunityMessages = {
  company: 'Company must be at most 200 characters',
  locations: `At most ${limits.listMax} locations of at most 200 characters each`,
  season: 'Season must look like Summer 2027',
  kind: 'Kind must be internship, new_grad, full_time or program',
  deadline: 'Deadline must be a date (yyyy-mm-dd)',
  sponsorship: 'Sponsorship must be yes, no or unknown',
  sort: 'Sort must be relevance, newest, deadline or upvotes',
  limit: 'Limit must be a whole number from 1 to 200',
  cursor: 'Invalid cursor',
} as const;
export const compensationMax = 100_000_000;
export const opportunityDefaults = { title: '', description: '', link: 'https://', badge: null, compensation: 0 } as const;

export const opportunitySorts = ['relevance', 'newest', 'deadline', 'upvotes'] as const;
export type OpportunitySort = (typeof opportunitySorts)[number];

/** The kinds of submission moderators review on the moderation page. */
export const reviewedKinds = ['opportunity', 'resource'] as const;
export type ReviewedKind = (typeof reviewedKinds)[number];
/** What the audit log and a submitter's own list hold: the reviewed kinds and feature requests (their review is a status change). */
export const moderatedKinds = [...reviewedKinds, 'feature_request'] as const;
export type ModeratedKind = (typeof moderatedKinds)[number];

export const reviewReasonMax = 500;
export const moderationMessages = {
  status: 'Status must be approved, rejected or taken_down',
  editsOnApproval: 'Edits are saved only with an approval',
  reason: `Please give a reason of at most ${reviewReasonMax} characters`,
  resourceNotFound: 'Resource not found',
} as const;

/** Where a link that is shared again already is: the 409's message, by the first one's state. */
export const duplicateLinkMessages = {
  yours: 'You have already shared this link; it is waiting for review',
  pending: 'This link has already been shared and is waiting for review',
  rejected: 'This link has already been shared and was rejected by a moderator',
  taken_down: 'This link was listed before and a moderator took it down',
  approved: (title: string) => `This link is already listed: “${title}”`,
} as const;

/** What a moderator's decision on an item someone already decided answers (409), by its state now. */
export const alreadyDecidedMessages: Record<OpportunityStatus, (noun: string) => string> = {
  pending: (noun) => `This ${noun} is waiting for review: only a listed one can be taken down`,
  approved: (noun) => `This ${noun} has already been approved`,
  rejected: (noun) => `This ${noun} has already been rejected`,
  taken_down: (noun) => `This ${noun} has already been taken down`,
};

/** What an audit line is about: the moderated kinds, and what moderators change of other people's words. */
export const auditedKinds = [
  ...moderatedKinds,
  'feature_comment',
  'interview_comment',
  'community_design',
  'community_design_comment',
  'ask_question',
  'ask_answer',
] as const;
export type AuditedKind = (typeof auditedKinds)[number];
/**
 * A review decision, or a moderator's change to someone else's content: Ask a SWE's flagged posts are
 * restored or removed, questions closed as duplicates and reopened, and an anonymous asker's identity opened.
 */
export const moderationActionKinds = [
  'approved',
  'rejected',
  'taken_down',
  'status_changed',
  'merged',
  'edited',
  'deleted',
  'restored',
  'removed',
  'closed_duplicate',
  'reopened',
  'identity_opened',
] as const;
/** The longest before/after summary an audit line keeps. */
export const auditSummaryMax = 300;

/** pending is the review state (not listed to others); moderators move a request through the rest. */
export const featureRequestStatuses = ['pending', 'open', 'planned', 'started', 'completed', 'declined'] as const;
export type FeatureRequestStatus = (typeof featureRequestStatuses)[number];
export const featureStatusMessage = 'Status must be one of pending, open, planned, started, completed, declined';

/**
 * Each status as the product names it: the board's badge, the bell and the e-mails all say these
 * words (the spec names only "pending"; its review state reads as the other shares' does).
 */
export const featureRequestStatusLabels: Readonly<Record<FeatureRequestStatus, string>> = {
  pending: 'Pending review',
  open: 'Open',
  planned: 'Planned',
  started: 'In progress',
  completed: 'Completed',
  declined: 'Declined',
};

/** A status inside a sentence ("… is now in progress"); one this build does not know reads as sent. */
export const featureRequestStatusInText = (status: string): string =>
  Object.hasOwn(featureRequestStatusLabels, status) ? featureRequestStatusLabels[status as FeatureRequestStatus].toLowerCase() : status;

export const contactSubjects = ['Feedback', 'Feature Request', 'Bug Report', 'General Inquiry'] as const;
export type ContactSubject = (typeof contactSubjects)[number];

/** The path segment after /contact-form chooses the default subject. */
export const contactSubjectForType = (type: string | undefined): ContactSubject =>
  (({ feedback: 'Feedback', 'feature-request': 'Feature Request', 'bug-report': 'Bug Report' }) as const)[type ?? ''] ?? 'General Inquiry';

/** A feature request's title: what the board lists and the bell names it by. */
export const featureTitleMax = 120;
export const featureTitleMessage = `Please give the request a title of at most ${featureTitleMax} characters`;

export const resourceMessages = {
  limit: `Limit must be a whole number from 1 to ${pageSizes.boards}`,
  cursor: 'Invalid cursor',
} as const;
/** Without `limit`, the first resourcesAtOnce (the resources page reads them in one call); moderators page the Listed view. */
export const resourcesAtOnce = 500;
