import { z } from 'zod';
import { pageSizes } from './caps';
import { emptyToNull, limits } from './common';

export const selectiveBadge = 'Selective';

/** What the community service answers besides validation messages (docs/api-contract.md, community). */
export const communityMessages = {
  moderatorsOnly: 'Only moderators can do this',
  opportunityNotFound: 'Opportunity not found',
  duplicateLink: 'This opportunity has already been shared',
  featureNotFound: 'Feature request not found',
  interactionNotFound: 'Interaction not found',
  alreadyUpvoted: 'You have already upvoted this feature',
  accountDeleted: 'This account has been deleted',
  authorOrModerator: 'Only its author or a moderator can edit this opportunity',
} as const;

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

const seasonPattern = new RegExp(`^(${seasonTerms.join('|')}) (19|20)\\d{2}$`);
const isDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** The structured fields of an opportunity; each unknown (null) until someone states it. */
export const opportunityFieldsSchema = z.object({
  company: z.preprocess(
    emptyToNull,
    z.string({ error: opportunityMessages.company }).trim().max(limits.titleMax, { message: opportunityMessages.company }).nullable(),
  ),
  locations: z
    .array(
      z
        .string({ error: opportunityMessages.locations })
        .trim()
        .min(1, { message: opportunityMessages.locations })
        .max(limits.titleMax, { message: opportunityMessages.locations }),
      {
        error: opportunityMessages.locations,
      },
    )
    .max(limits.listMax, { message: opportunityMessages.locations }),
  remote: z.boolean({ error: 'Remote must be true, false or null' }).nullable(),
  season: z.preprocess(
    emptyToNull,
    z.string({ error: opportunityMessages.season }).trim().regex(seasonPattern, { message: opportunityMessages.season }).nullable(),
  ),
  kind: z.preprocess(emptyToNull, z.enum(opportunityKinds, { message: opportunityMessages.kind }).nullable()),
  deadline: z.preprocess(emptyToNull, z.string({ error: opportunityMessages.deadline }).refine(isDate, { message: opportunityMessages.deadline }).nullable()),
  sponsorship: z.enum(sponsorshipAnswers, { message: opportunityMessages.sponsorship }),
});
export type OpportunityFields = z.infer<typeof opportunityFieldsSchema>;
export type OpportunityFieldsInput = z.input<typeof opportunityFieldsSchema>;
export const unknownOpportunityFields: OpportunityFields = {
  company: null,
  locations: [],
  remote: null,
  season: null,
  kind: null,
  deadline: null,
  sponsorship: 'unknown',
};

export const opportunitySchema = z.object({
  id: z.string().uuid(),
  /** null once the author's account has been deleted (the opportunity stays). */
  user_id: z.string().uuid().nullable(),
  title: z.string(),
  description: z.string(),
  badge: z.literal(selectiveBadge).nullable(),
  link: z.string(),
  /** Integer USD; 0 means none. */
  compensation: z.number().int().nullable(),
  status: z.enum(opportunityStatuses),
  created_at: z.string(),
  company: z.string().nullable(),
  locations: z.array(z.string()),
  remote: z.boolean().nullable(),
  season: z.string().nullable(),
  kind: z.enum(opportunityKinds).nullable(),
  /** yyyy-mm-dd */
  deadline: z.string().nullable(),
  sponsorship: z.enum(sponsorshipAnswers),
  /** Closed by a moderator or by closedReportsToClose users' reports. */
  closed: z.boolean(),
  /** The deadline (UTC) has passed; such items, and closed ones, come after the rest. */
  pastDeadline: z.boolean(),
  closedReports: z.number().int(),
  hasUserReportedClosed: z.boolean(),
  upvotes: z.number().int(),
  hasUserUpvoted: z.boolean(),
  isFavorite: z.boolean(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

/** The caller's marks on one opportunity, as answered after an upvote or favourite call. */
export const opportunityMarksSchema = opportunitySchema.pick({ id: true, upvotes: true, hasUserUpvoted: true, isFavorite: true });
export type OpportunityMarks = z.infer<typeof opportunityMarksSchema>;

const urlPattern = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;
/** A shared opportunity's or resource's link (spec section 5's messages). */
const linkField = z
  .string({ error: 'Please enter a URL' })
  .trim()
  .min(1, { message: 'Please enter a URL' })
  .regex(urlPattern, { message: 'Please enter a valid URL.' })
  .max(2048);
const titleField = z.string({ error: 'Please enter a title' }).trim().min(1, { message: 'Please enter a title' }).max(limits.titleMax);
const descriptionField = z.string({ error: 'Please provide a description' }).trim().min(1, { message: 'Please provide a description' }).max(limits.textMax);
export const compensationMax = 100_000_000;
const authorField = z.string({ error: 'Please enter who made it' }).trim().min(1, { message: 'Please enter who made it' }).max(limits.titleMax);

/** Spec section 5, opportunity; the compensation input is parsed to an integer, empty is 0. */
export const createOpportunitySchema = z
  .object({
    title: titleField,
    description: descriptionField,
    link: linkField,
    compensation: z.preprocess(
      (v) => (v === '' || v === undefined ? 0 : typeof v === 'string' ? Number.parseInt(v, 10) : v),
      z
        .number({ error: 'Compensation must be a positive number' })
        .int()
        .min(0, { message: 'Compensation must be a positive number' })
        .max(compensationMax, { message: 'Compensation must not exceed 100000000' })
        .nullable(),
    ),
    badge: z.literal(selectiveBadge).nullable().optional(),
  })
  .extend(opportunityFieldsSchema.partial().shape);
export type CreateOpportunity = z.infer<typeof createOpportunitySchema>;
export type CreateOpportunityInput = z.input<typeof createOpportunitySchema>;
export const opportunityDefaults = { title: '', description: '', link: 'https://', badge: null, compensation: 0 } as const;

/** A user's "this has closed" report, or a moderator's close, as answered. */
export const opportunityClosedSchema = opportunitySchema.pick({ id: true, closed: true, closedReports: true, hasUserReportedClosed: true });
export type OpportunityClosed = z.infer<typeof opportunityClosedSchema>;

const flag = z.enum(['true', 'false']).optional();
const listStatusMessage = 'Status must be pending or approved';

export const opportunitySorts = ['relevance', 'newest', 'deadline', 'upvotes'] as const;
export type OpportunitySort = (typeof opportunitySorts)[number];

/**
 * Filters and sort of the list (the web keeps them in its URL). Closed and past-deadline ones come
 * after the rest in every sort; relevance (the default with `q`) ranks title over company over
 * description; `cursor` is the X-Next-Cursor of the previous page.
 */
export const opportunityQuerySchema = z.object({
  q: z.string().max(limits.titleMax).optional(),
  selective: flag,
  paid: flag,
  /** pending: the review queue (moderators only); approved: only the listed ones (the moderation page's Listed view). */
  status: z.enum(['pending', 'approved'], { message: listStatusMessage }).optional(),
  company: z.string().trim().max(limits.titleMax, { message: opportunityMessages.company }).optional(),
  /** Part of one of its locations, ignoring case. */
  location: z.string().trim().max(limits.titleMax, { message: opportunityMessages.locations }).optional(),
  remote: flag,
  season: z.string().trim().regex(seasonPattern, { message: opportunityMessages.season }).optional(),
  kind: z.enum(opportunityKinds, { message: opportunityMessages.kind }).optional(),
  sponsorship: z.enum(['yes', 'no'], { message: 'Sponsorship must be yes or no' }).optional(),
  /** true: only the caller's favourites. */
  favorites: flag,
  /** true: without closed and past-deadline ones. */
  open: flag,
  sort: z.enum(opportunitySorts, { message: opportunityMessages.sort }).optional(),
  limit: z.coerce
    .number({ error: opportunityMessages.limit })
    .int({ message: opportunityMessages.limit })
    .min(1, { message: opportunityMessages.limit })
    .max(pageSizes.boards, { message: opportunityMessages.limit })
    .optional(),
  cursor: z.string().max(500, { message: opportunityMessages.cursor }).optional(),
});
export type OpportunityQuery = z.infer<typeof opportunityQuerySchema>;

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

const reasonField = z.string({ error: moderationMessages.reason }).trim().max(reviewReasonMax, { message: moderationMessages.reason });

const decisionShape = {
  status: z.enum(['approved', 'rejected', 'taken_down'], { message: moderationMessages.status }),
  reason: reasonField.optional(),
  title: titleField.optional(),
  description: descriptionField.optional(),
};
/** The fields of a decision that are not edits of the item. */
const notEdits = new Set(['status', 'reason']);
/** Rejecting and taking down need a reason; edits come only with an approval (a rejected or taken-down item is shown to nobody). */
const decisionRules = <S extends z.ZodType<{ status: string; reason?: string }>>(schema: S): S =>
  schema
    .refine((d) => d.status === 'approved' || !!d.reason, { message: moderationMessages.reason, path: ['reason'] })
    .refine((d) => d.status === 'approved' || Object.entries(d).every(([field, value]) => notEdits.has(field) || value === undefined), {
      message: moderationMessages.editsOnApproval,
      path: ['status'],
    });

/**
 * A moderator's decision on an opportunity. Approving may correct it first: title, description,
 * link (still one opportunity per link: 409 saying where it already is), compensation, badge and
 * the structured fields; a field left out stays as submitted. Rejecting and taking down need a
 * reason, which the submitter reads on their item.
 */
export const moderateOpportunitySchema = decisionRules(
  z.object({
    ...decisionShape,
    link: linkField.optional(),
    compensation: createOpportunitySchema.shape.compensation.optional(),
    badge: z.literal(selectiveBadge, { message: 'Badge must be Selective or null' }).nullable().optional(),
    ...opportunityFieldsSchema.partial().shape,
  }),
);
export type OpportunityDecision = z.infer<typeof moderateOpportunitySchema>;

/** A moderator's decision on a resource: approving may correct title, description, link (one resource per link) and author first. */
export const moderateResourceSchema = decisionRules(
  z.object({
    ...decisionShape,
    url: linkField.optional(),
    author: authorField.optional(),
  }),
);
export type ResourceDecision = z.infer<typeof moderateResourceSchema>;

/** What every decision has, whatever its kind's edits. */
export type ModerationDecision = Pick<OpportunityDecision, 'status' | 'reason'>;

export const moderationSummarySchema = z.object({
  /** Waiting for review, per tab of the moderation page. */
  pending: z.object({
    opportunities: z.number().int(),
    resources: z.number().int(),
    features: z.number().int(),
    /** Flagged posts not yet restored or removed: Ask a SWE's questions and answers, community designs and their comments. */
    flagged_posts: z.number().int(),
  }),
});
export type ModerationSummary = z.infer<typeof moderationSummarySchema>;

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

/**
 * One line of an audit log (each service keeps one: community's decisions and its board, interviews'
 * comments): who did what to which item, when and why, and what it said before and after.
 */
export const moderationActionSchema = z.object({
  id: z.string().uuid(),
  moderator_id: z.string().uuid(),
  moderator_name: z.string(),
  action: z.enum(moderationActionKinds),
  kind: z.enum(auditedKinds),
  item_id: z.string().uuid(),
  item_title: z.string(),
  edited: z.boolean(),
  reason: z.string().nullable(),
  /** What the item said or was before the action (a comment's text, a status), shortened; null when nothing changed of it. */
  before: z.string().nullable(),
  after: z.string().nullable(),
  created_at: z.string(),
});
export type ModerationAction = z.infer<typeof moderationActionSchema>;

/** One of the caller's own submissions, with its review state and the moderator's reason. */
export const ownSubmissionSchema = z.object({
  kind: z.enum(moderatedKinds),
  id: z.string().uuid(),
  title: z.string(),
  link: z.string(),
  status: z.enum(opportunityStatuses),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type OwnSubmission = z.infer<typeof ownSubmissionSchema>;

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

export const featureRequestSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string(),
  status: z.enum(featureRequestStatuses),
  created_at: z.string(),
  upvotes: z.number().int(),
});
export type FeatureRequest = z.infer<typeof featureRequestSchema>;

export const featureRequestQuerySchema = z.object({
  status: z.enum(featureRequestStatuses, { message: featureStatusMessage }).optional(),
  q: z.string().max(limits.titleMax).optional(),
  /** true: only the requests the caller has upvoted. */
  voted: flag,
});

/** A status change; declining a pending request (rejecting it at review) needs a reason, which its author reads. */
export const moderateFeatureRequestSchema = z.object({
  status: z.enum(featureRequestStatuses, { message: featureStatusMessage }),
  reason: reasonField.optional(),
});

export const interactionSchema = z.object({
  id: z.string().uuid(),
  /** The caller's own id on their interactions; null on everyone else's (voters are not disclosed). */
  user_id: z.string().uuid().nullable(),
  entity_type: z.string(),
  entity_id: z.string().uuid(),
  interaction_type: z.string(),
  reaction: z.string().nullable(),
  created_at: z.string(),
});
export type Interaction = z.infer<typeof interactionSchema>;

export const featureInteractionsSchema = z.object({
  interactions: z.array(interactionSchema),
  hasUserUpvoted: z.boolean(),
  userInteractionId: z.string().uuid().nullable(),
  /** Whether the caller gets an e-mail when a moderator changes this request's status. */
  isSubscribed: z.boolean(),
});
export type FeatureInteractions = z.infer<typeof featureInteractionsSchema>;

export const featureSubscriptionSchema = z.object({ subscribed: z.boolean() });
export type FeatureSubscription = z.infer<typeof featureSubscriptionSchema>;

export const createInteractionSchema = z.object({ interaction_type: z.literal('upvote', { message: 'Only upvotes are supported' }) });

export const contactSubjects = ['Feedback', 'Feature Request', 'Bug Report', 'General Inquiry'] as const;
export type ContactSubject = (typeof contactSubjects)[number];

/** The path segment after /contact-form chooses the default subject. */
export const contactSubjectForType = (type: string | undefined): ContactSubject =>
  (({ feedback: 'Feedback', 'feature-request': 'Feature Request', 'bug-report': 'Bug Report' }) as const)[type ?? ''] ?? 'General Inquiry';

/** A feature request's title: what the board lists and the bell names it by. */
export const featureTitleMax = 120;
export const featureTitleMessage = `Please give the request a title of at most ${featureTitleMax} characters`;
export const featureTitleField = z
  .string({ error: featureTitleMessage })
  .trim()
  .min(1, { message: featureTitleMessage })
  .max(featureTitleMax, { message: featureTitleMessage });

/** A message; with subject 'Feature Request' it also files a request, whose title is `title` and whose description is the message. */
export const contactFormSchema = z
  .object({
    name: z.preprocess(emptyToNull, z.string().trim().max(limits.titleMax).nullable().optional()),
    email: z.preprocess(emptyToNull, z.string().trim().email({ message: 'Invalid email address' }).max(320).nullable().optional()),
    subject: z.enum(contactSubjects, { message: 'Please select a subject' }),
    title: z.preprocess(emptyToNull, featureTitleField.nullable().optional()),
    message: z.string({ error: 'Message is required' }).trim().min(1, { message: 'Message is required' }).max(limits.textMax),
  })
  .refine((form) => form.subject !== 'Feature Request' || !!form.title, { message: featureTitleMessage, path: ['title'] });
export type ContactForm = z.infer<typeof contactFormSchema>;
export type ContactFormInput = z.input<typeof contactFormSchema>;

export const contactSubmissionSchema = z.object({
  id: z.string().uuid(),
  user_id: z.string().uuid().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  subject: z.enum(contactSubjects),
  message: z.string(),
  /** The pending feature request a 'Feature Request' message filed. */
  feature_request_id: z.string().uuid().nullable(),
  created_at: z.string(),
});
export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;

/** Spec section 3's resource item, with its review state and the caller's marks. */
export const externalResourceSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string(),
  upvotes: z.number().int(),
  createdAt: z.string(),
  author: z.string(),
  url: z.string(),
  imageUrl: z.string().nullable(),
  status: z.enum(opportunityStatuses),
  hasUserUpvoted: z.boolean(),
  isFavorite: z.boolean(),
});
export type ExternalResource = z.infer<typeof externalResourceSchema>;

export const resourceMarksSchema = externalResourceSchema.pick({ id: true, upvotes: true, hasUserUpvoted: true, isFavorite: true });
export type ResourceMarks = z.infer<typeof resourceMarksSchema>;

export const createResourceSchema = z.object({
  title: titleField,
  description: descriptionField,
  url: linkField,
  /** Who made it (a site, a person); the sharer's name is not assumed. */
  author: authorField,
});
export type CreateResource = z.infer<typeof createResourceSchema>;

export const resourceMessages = {
  limit: `Limit must be a whole number from 1 to ${pageSizes.boards}`,
  cursor: 'Invalid cursor',
} as const;
/** Without `limit`, the first resourcesAtOnce (the resources page reads them in one call); moderators page the Listed view. */
export const resourcesAtOnce = 500;

export const resourceQuerySchema = z.object({
  /** pending: the review queue (moderators only); approved: only the listed ones. */
  status: z.enum(['pending', 'approved'], { message: listStatusMessage }).optional(),
  limit: z.coerce
    .number({ error: resourceMessages.limit })
    .int({ message: resourceMessages.limit })
    .min(1, { message: resourceMessages.limit })
    .max(pageSizes.boards, { message: resourceMessages.limit })
    .optional(),
  /** The X-Next-Cursor of the previous page. */
  cursor: z.string({ error: resourceMessages.cursor }).max(200, { message: resourceMessages.cursor }).optional(),
});
export type ResourceQuery = z.infer<typeof resourceQuerySchema>;
