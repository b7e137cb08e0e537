import { z } from 'zod';
import { emptyToNull, limits } from './common';

export const selectiveBadge = 'Selective';

export const opportunitySchema = z.object({
  id: z.string().uuid(),
  user_id: z.string().uuid(),
  title: z.string(),
  description: z.string(),
  badge: z.literal(selectiveBadge).nullable(),
  link: z.string(),
  compensation: z.number().int().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: z.string(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

const urlPattern = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

/** Spec section 5, opportunity; the compensation input is parsed to an integer, empty is 0. */
export const createOpportunitySchema = z.object({
  title: z.string({ error: 'Please enter a title' }).trim().min(1, { message: 'Please enter a title' }).max(limits.titleMax),
  description: z
    .string({ error: 'Please provide a description' })
    .trim()
    .min(1, { message: 'Please provide a description' })
    .max(limits.textMax),
  link: z
    .string({ error: 'Please enter a URL' })
    .trim()
    .min(1, { message: 'Please enter a URL' })
    .regex(urlPattern, { message: 'Please enter a valid URL.' })
    .max(2048),
  compensation: z.preprocess(
    (v) => (v === '' || v === undefined ? 0 : typeof v === 'string' ? Number.parseInt(v, 10) : v),
    z.number({ error: 'Compensation must be a positive number' }).int().min(0, { message: 'Compensation must be a positive number' }).nullable(),
  ),
  badge: z.literal(selectiveBadge).nullable().optional(),
});
export type CreateOpportunity = z.infer<typeof createOpportunitySchema>;
export const opportunityDefaults = { title: '', description: '', link: 'https://', badge: null, compensation: 0 } as const;

export const featureRequestSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  created_at: z.string(),
  upvotes: z.number().int(),
});
export type FeatureRequest = z.infer<typeof featureRequestSchema>;

export const interactionSchema = z.object({
  id: z.string().uuid(),
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
});
export type FeatureInteractions = z.infer<typeof featureInteractionsSchema>;

export const createInteractionSchema = z.object({ interaction_type: z.literal('upvote', { message: 'Only upvotes are supported' }) });

export const contactSubjects = ['Feedback', 'Feature Request', 'Bug Report', 'General Inquiry'] as const;
export type ContactSubject = (typeof contactSubjects)[number];

/** The path segment after /contact-form chooses the default subject. */
export const contactSubjectForType = (type: string | undefined): ContactSubject =>
  ({ feedback: 'Feedback', 'feature-request': 'Feature Request', 'bug-report': 'Bug Report' } as const)[type ?? ''] ?? 'General Inquiry';

export const contactFormSchema = z.object({
  name: z.preprocess(emptyToNull, z.string().trim().max(limits.titleMax).nullable().optional()),
  email: z.preprocess(emptyToNull, z.string().trim().email({ message: 'Invalid email address' }).nullable().optional()),
  subject: z.enum(contactSubjects, { message: 'Please select a subject' }),
  message: z.string({ error: 'Message is required' }).trim().min(1, { message: 'Message is required' }).max(limits.textMax),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

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
