import { z } from 'zod';
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
} as const;

/** Submissions are reviewed before being shown: pending until a moderator approves or rejects. */
export const opportunityStatuses = ['pending', 'approved', 'rejected'] as const;
export type OpportunityStatus = (typeof opportunityStatuses)[number];

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
  upvotes: z.number().int(),
  hasUserUpvoted: z.boolean(),
  isFavorite: z.boolean(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

/** The caller's marks on one opportunity, as answered after an upvote or favourite call. */
export const opportunityMarksSchema = opportunitySchema.pick({ id: true, upvotes: true, hasUserUpvoted: true, isFavorite: true });
export type OpportunityMarks = z.infer<typeof opportunityMarksSchema>;

const urlPattern = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;
export const compensationMax = 100_000_000;

/** Spec section 5, opportunity; the compensation input is parsed to an integer, empty is 0. */
export const createOpportunitySchema = z.object({
  title: z.string({ error: 'Please enter a title' }).trim().min(1, { message: 'Please enter a title' }).max(limits.titleMax),
  description: z.string({ error: 'Please provide a description' }).trim().min(1, { message: 'Please provide a description' }).max(limits.textMax),
  link: z
    .string({ error: 'Please enter a URL' })
    .trim()
    .min(1, { message: 'Please enter a URL' })
    .regex(urlPattern, { message: 'Please enter a valid URL.' })
    .max(2048),
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
});
export type CreateOpportunity = z.infer<typeof createOpportunitySchema>;
export type CreateOpportunityInput = z.input<typeof createOpportunitySchema>;
export const opportunityDefaults = { title: '', description: '', link: 'https://', badge: null, compensation: 0 } as const;

const flag = z.enum(['true', 'false']).optional();

export const opportunityQuerySchema = z.object({
  q: z.string().max(limits.titleMax).optional(),
  selective: flag,
  paid: flag,
  /** Moderators only: the review queue. */
  status: z.enum(['pending'], { message: 'Status must be pending' }).optional(),
});

export const moderateOpportunitySchema = z.object({
  status: z.enum(['approved', 'rejected'], { message: 'Status must be approved or rejected' }),
});

/** pending is the review state (not listed to others); moderators move a request through the rest. */
export const featureRequestStatuses = ['pending', 'open', 'planned', 'started', 'completed', 'declined'] as const;
export type FeatureRequestStatus = (typeof featureRequestStatuses)[number];
export const featureStatusMessage = 'Status must be one of pending, open, planned, started, completed, declined';

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

export const moderateFeatureRequestSchema = z.object({ status: z.enum(featureRequestStatuses, { message: featureStatusMessage }) });

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

export const contactFormSchema = z.object({
  name: z.preprocess(emptyToNull, z.string().trim().max(limits.titleMax).nullable().optional()),
  email: z.preprocess(emptyToNull, z.string().trim().email({ message: 'Invalid email address' }).max(320).nullable().optional()),
  subject: z.enum(contactSubjects, { message: 'Please select a subject' }),
  message: z.string({ error: 'Message is required' }).trim().min(1, { message: 'Message is required' }).max(limits.textMax),
});
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

export const externalResourceSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  upvotes: z.number().int(),
  createdAt: z.string(),
  author: z.string(),
  url: z.string(),
  imageUrl: z.string().nullable(),
});
export type ExternalResource = z.infer<typeof externalResourceSchema>;
