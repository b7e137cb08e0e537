import { z } from 'zod';
import { reviewReasonMax } from './community';
import { featureCommentSchema } from './feature-board';

/**
 * Community designs (issue 36 item 5): a submitted System Design attempt its author published.
 * Practice owns the attempt and sends a snapshot (practice.design.published); community owns the
 * published copy, its votes (interactions) and its moderation.
 */
export const communityDesignMessages = {
  notFound: 'Could not find this published design: its author may have unpublished it.',
  notSubmitted: 'Submit the attempt before publishing it.',
  tooLarge: 'This design is too large to publish: its notes and drawing together must stay under 250 KB (images in the drawing take most of it).',
  ownVote: 'You cannot vote for your own design.',
  notYours: 'Only the author can unpublish this design.',
  hidden: "Others' designs of this prompt stay hidden until you submit your own attempt of it: design it yourself first, then compare.",
  commentNotFound: 'Could not find this comment: it may have been deleted.',
  notYourComment: 'Only its author or a moderator can edit this comment.',
  reason: `Give a reason of 1 to ${reviewReasonMax} characters`,
} as const;

export const publishDesignSchema = z.object({
  /** Anonymous unless the author chooses to show their username. */
  show_username: z.boolean({ message: 'show_username must be true or false' }).default(false),
});
export type PublishDesign = z.infer<typeof publishDesignSchema>;

export const publishedDesignReceiptSchema = z.object({ design_id: z.string().uuid() });

/** A published design as listed: never its author's id; `author_name` is null when anonymous. */
export const communityDesignSummarySchema = z.object({
  id: z.string().uuid(),
  prompt_slug: z.string(),
  prompt_title: z.string(),
  author_name: z.string().nullable(),
  notes: z.record(z.string(), z.string()),
  published_at: z.string(),
  upvotes: z.number().int(),
  /** The caller upvoted it. */
  voted: z.boolean(),
  /** The caller is its author (they may unpublish it, not vote). */
  mine: z.boolean(),
  /** Flagged by askFlagsToHide members (pending review) or removed by a moderator: only its author and moderators see it. */
  hidden: z.boolean(),
});
export type CommunityDesignSummary = z.infer<typeof communityDesignSummarySchema>;

export const communityDesignSchema = communityDesignSummarySchema.extend({
  scene: z.record(z.string(), z.unknown()).nullable(),
});
export type CommunityDesign = z.infer<typeof communityDesignSchema>;

export const communityDesignListQuerySchema = z.object({ prompt: z.string().regex(/^[a-z0-9-]{1,80}$/, 'Unknown prompt') });

export const takeDownDesignSchema = z.object({
  reason: z.string().trim().min(1, communityDesignMessages.reason).max(reviewReasonMax, communityDesignMessages.reason),
});

/**
 * A comment on a design: the feature board's comment, about a design. The anonymous author's own show
 * as "The author"; `edited_at` says it was changed, by its author or (`edited_by_moderator`) a
 * moderator redacting it. `hidden` as a design's: only its author and moderators see it.
 */
export const designCommentSchema = featureCommentSchema.omit({ feature_request_id: true }).extend({
  design_id: z.string().uuid(),
  hidden: z.boolean(),
  /** The caller wrote it (a moderator may edit others' too: can_edit). */
  mine: z.boolean(),
});
export type DesignComment = z.infer<typeof designCommentSchema>;
/** What an anonymous design's author is called on their own design's comments. */
export const anonymousAuthorName = 'The author';

/**
 * practice.design.published: the attempt as submitted, sent again whenever its author publishes it.
 * No name (events stay in the stream for days, past a change of name or an erasure): community
 * names a shown author from its own copy of members. An event from before carried `author_name`
 * instead of `show_username`: it is read as shown when that name was set, and the name is dropped.
 */
const designSnapshot = z.object({
  design_id: z.string().uuid(),
  user_id: z.string().uuid(),
  prompt_slug: z.string(),
  prompt_title: z.string(),
  /** The author chose to show their name; else the design is anonymous. */
  show_username: z.boolean(),
  notes: z.record(z.string(), z.string()),
  scene: z.record(z.string(), z.unknown()).nullable(),
  published_at: z.string(),
});
type DesignSnapshot = z.input<typeof designSnapshot>;
type LegacyDesignSnapshot = Omit<DesignSnapshot, 'show_username'> & { author_name: string | null };
export const designPublishedEvent = z.preprocess(
  (data: DesignSnapshot | LegacyDesignSnapshot) =>
    'author_name' in data && !('show_username' in data) ? { ...data, show_username: data.author_name !== null } : data,
  designSnapshot,
);

/** practice.design.submitted: a member submitted an attempt of a prompt, so its community designs open to them. */
export const designSubmittedEvent = z.object({
  user_id: z.string().uuid(),
  prompt_slug: z.string(),
  submitted_at: z.string(),
});
