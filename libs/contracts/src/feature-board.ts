import { z } from 'zod';
import { communityMessages, featureRequestQuerySchema, featureRequestSchema, featureTitleField } from './community';
import { dataOf, limits } from './common';
import { endpoint } from './http/endpoint';

/** The feature board as Fider has it (issue 23, item 2): sorts, comments, merges and "What's new". */
export const featureBoardMessages = {
  commentNotFound: 'Comment not found',
  notYourComment: 'Only its author or a moderator can change this comment',
  mergedAlready: 'This request has been merged into another one',
  mergeIntoItself: 'A request cannot be merged into itself',
  notYourRequest: 'Only its author, while it waits for review, or a moderator can change this request',
  mergeTargetNotFound: 'The request to merge into was not found',
} as const;

/** top: most upvoted; newest: most recently filed; trending: most upvotes in the last trendingDays. */
export const featureSorts = ['top', 'newest', 'trending'] as const;
export type FeatureSort = (typeof featureSorts)[number];
export const trendingDays = 14;

export const featureBoardQuerySchema = featureRequestQuerySchema.extend({
  sort: z.enum(featureSorts, { message: 'Sort must be one of top, newest, trending' }).optional(),
});

export const commentMax = 2000;

/** One request, as its detail view shows it: merged ones name the request they went into. */
export const featureRequestDetailSchema = featureRequestSchema.extend({
  merged_into: z.object({ id: z.string().uuid(), title: z.string() }).nullable(),
  comment_count: z.number().int(),
  /** The caller may change its title and description: its author while it waits for review, or a moderator. */
  can_edit: z.boolean(),
});

/** A request's title and description, as its author (until it is approved) or a moderator corrects them. */
export const featureRequestTextSchema = z.object({
  title: featureTitleField,
  description: z.string({ error: 'Please describe the request' }).trim().min(1, { message: 'Please describe the request' }).max(limits.textMax),
});
export type FeatureRequestText = z.infer<typeof featureRequestTextSchema>;
export type FeatureRequestDetail = z.infer<typeof featureRequestDetailSchema>;

export const featureCommentSchema = z.object({
  id: z.string().uuid(),
  feature_request_id: z.string().uuid(),
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
  /** When its author or a moderator last changed it; null if never. */
  edited_at: z.string().nullable(),
  /** The caller may edit and delete it: they wrote it, or they are a moderator. */
  can_edit: z.boolean(),
  /** Its author was a moderator when writing it: the app shows a badge (the name proves nothing). */
  by_moderator: z.boolean(),
  /** Its last edit was a moderator's, not its author's: it says "Edited by a moderator". */
  edited_by_moderator: z.boolean(),
});
export type FeatureComment = z.infer<typeof featureCommentSchema>;

export const featureCommentInputSchema = z.object({
  body: z
    .string({ error: 'Please write a comment' })
    .trim()
    .min(1, { message: 'Please write a comment' })
    .max(commentMax, { message: `A comment can be at most ${commentMax} characters` }),
});
export type FeatureCommentInput = z.infer<typeof featureCommentInputSchema>;

export const mergeFeatureRequestSchema = z.object({
  into_id: z.string({ error: 'Choose the request to merge into' }).uuid({ message: 'Choose the request to merge into' }),
});

/** A done request on the "What's new" page. */
export const shippedFeatureSchema = featureRequestSchema.extend({ completed_at: z.string() });
export type ShippedFeature = z.infer<typeof shippedFeatureSchema>;

const idParams = z.object({ id: z.string().uuid() });
const feature = { params: idParams, notFound: communityMessages.featureNotFound } as const;
const comment = {
  params: z.object({ id: z.string().uuid(), commentId: z.string().uuid() }),
  notFound: featureBoardMessages.commentNotFound,
} as const;

/** Spread into communityApi: served by community under /api/feature-requests. */
export const featureBoardApi = {
  listShippedFeatures: endpoint({
    id: 'listShippedFeatures',
    method: 'GET',
    path: '/api/feature-requests/whats-new',
    summary: "What's new: the completed requests, most recently completed first (at most 100)",
    status: 200,
    response: z.array(shippedFeatureSchema),
    errors: ['unauthorized'],
  }),
  getFeatureRequest: endpoint({
    id: 'getFeatureRequest',
    method: 'GET',
    path: '/api/feature-requests/:id',
    summary: 'One request for its detail view; a merged one names the request it was merged into',
    ...feature,
    status: 200,
    response: dataOf(featureRequestDetailSchema),
    errors: ['unauthorized', 'not_found'],
  }),
  listFeatureComments: endpoint({
    id: 'listFeatureComments',
    method: 'GET',
    path: '/api/feature-requests/:id/comments',
    summary: "A request's comments, oldest first (at most 500)",
    ...feature,
    status: 200,
    response: z.array(featureCommentSchema),
    errors: ['unauthorized', 'not_found'],
  }),
  addFeatureComment: endpoint({
    id: 'addFeatureComment',
    method: 'POST',
    path: '/api/feature-requests/:id/comments',
    summary: `Comment on a request (1 to ${commentMax} characters); shown with the author's name`,
    ...feature,
    body: featureCommentInputSchema,
    status: 201,
    response: dataOf(featureCommentSchema),
    errors: ['validation_failed', 'unauthorized', 'not_found'],
  }),
  editFeatureComment: endpoint({
    id: 'editFeatureComment',
    method: 'PATCH',
    path: '/api/feature-requests/:id/comments/:commentId',
    summary: 'Edit a comment (its author or a moderator; anyone else gets a 403)',
    ...comment,
    body: featureCommentInputSchema,
    status: 200,
    response: dataOf(featureCommentSchema),
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found'],
  }),
  deleteFeatureComment: endpoint({
    id: 'deleteFeatureComment',
    method: 'DELETE',
    path: '/api/feature-requests/:id/comments/:commentId',
    summary: 'Delete a comment (its author or a moderator; anyone else gets a 403)',
    ...comment,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  }),
  editFeatureRequest: endpoint({
    id: 'editFeatureRequest',
    method: 'PUT',
    path: '/api/feature-requests/:id/text',
    summary:
      'Change a request’s title and description: its author while it waits for review, or a moderator (whose change to another’s request is in the audit log)',
    ...feature,
    body: featureRequestTextSchema,
    status: 200,
    response: dataOf(featureRequestDetailSchema),
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found'],
  }),
  mergeFeatureRequest: endpoint({
    id: 'mergeFeatureRequest',
    method: 'POST',
    path: '/api/feature-requests/:id/merge',
    summary: 'Merge a duplicate into another request (moderators): its votes and subscribers move, a voter of both counts once',
    ...feature,
    body: mergeFeatureRequestSchema,
    status: 200,
    response: dataOf(featureRequestDetailSchema),
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found', 'conflict'],
  }),
};
