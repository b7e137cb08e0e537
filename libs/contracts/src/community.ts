import { z } from 'zod';
import { pageSizes } from './caps';
import { emptyToNull, limits } from './common';
import {
  auditedKinds,
  compensationMax,
  contactSubjects,
  featureRequestStatuses,
  featureStatusMessage,
  featureTitleMax,
  featureTitleMessage,
  moderatedKinds,
  moderationActionKinds,
  moderationMessages,
  opportunityKinds,
  opportunityMessages,
  opportunitySorts,
  opportunityStatuses,
  resourceMessages,
  reviewReasonMax,
  selectiveBadge,
  sponsorshipAnswers,
  seasonTerms,
} from './community-labels';

export * from './community-labels';

const seasonPattern = new RegExp(`^(${seasonTerms.join('|')}) (19|20)\\d{2}$`);
const isDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

const urlPattern = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;
const listStatusMessage = 'Status must be pending or approved';
/** The fields of a decision that are not edits of the item. */
const notEdits = new Set(['status', 'reason']);

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
/** A shared opportunity's or resource's link (spec section 5's messages). */
const linkField = z
  .string({ error: 'Please enter a URL' })
  .trim()
  .min(1, { message: 'Please enter a URL' })
  .regex(urlPattern, { message: 'Please enter a valid URL.' })
  .max(2048);
const titleField = z.string({ error: 'Please enter a title' }).trim().min(1, { message: 'Please enter a title' }).max(limits.titleMax);
const descriptionField = z.string({ error: 'Please provide a description' }).trim().min(1, { message: 'Please provide a description' }).max(limits.textMax);
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

/** A user's "this has closed" report, or a moderator's close, as answered. */
export const opportunityClosedSchema = opportunitySchema.pick({ id: true, closed: true, closedReports: true, hasUserReportedClosed: true });
export type OpportunityClosed = z.infer<typeof opportunityClosedSchema>;

const flag = z.enum(['true', 'false']).optional();

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

const reasonField = z.string({ error: moderationMessages.reason }).trim().max(reviewReasonMax, { message: moderationMessages.reason });

const decisionShape = {
  status: z.enum(['approved', 'rejected', 'taken_down'], { message: moderationMessages.status }),
  reason: reasonField.optional(),
  title: titleField.optional(),
  description: descriptionField.optional(),
};
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
