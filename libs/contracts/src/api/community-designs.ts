import { z } from 'zod';
import { dataOf } from '../common';
import { askFlagsToHide, askPrivileges, flagInputSchema, flagResultSchema } from '../ask-a-swe';
import {
  communityDesignListQuerySchema,
  communityDesignMessages,
  communityDesignSchema,
  communityDesignSummarySchema,
  designCommentSchema,
  takeDownDesignSchema,
} from '../community-designs';
import { featureCommentInputSchema } from '../feature-board';
import { endpoint } from '../http/endpoint';

const comment = { params: z.object({ id: z.string().uuid(), commentId: z.string().uuid() }), notFound: communityDesignMessages.commentNotFound } as const;
const flagRules = `Needs ${askPrivileges.flag} Ask a SWE reputation (403); once per member (409); not one's own (403). Moderators restore or remove it from the flagged posts (decideFlaggedPost).`;
const design = { params: z.object({ id: z.string().uuid() }), notFound: communityDesignMessages.notFound } as const;

/** Community designs, served by community: published System Design attempts, their votes and their take-down. */
export const communityDesignsApi = {
  listCommunityDesigns: endpoint({
    id: 'listCommunityDesigns',
    method: 'GET',
    path: '/api/community-designs',
    summary: "A prompt's published designs, most upvoted first, with their notes (the drawing is in each design's own answer)",
    description:
      "An anonymous design names no author; no answer discloses who published it except `mine` to the author. Until the caller has submitted an attempt of the prompt, 403 (communityDesignMessages.hidden), as for every call on another's design of it; moderators are let through.",
    query: communityDesignListQuerySchema,
    status: 200,
    response: z.array(communityDesignSummarySchema),
    errors: ['validation_failed', 'unauthorized', 'forbidden'],
  }),
  getCommunityDesign: endpoint({
    id: 'getCommunityDesign',
    method: 'GET',
    path: '/api/community-designs/:id',
    summary: 'One published design with its notes and drawing (read-only)',
    ...design,
    status: 200,
    response: communityDesignSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  }),
  upvoteCommunityDesign: endpoint({
    id: 'upvoteCommunityDesign',
    method: 'POST',
    path: '/api/community-designs/:id/upvote',
    summary: "Upvote someone else's design; once per user, repeating it changes nothing",
    description: 'Its author cannot: 403 (communityDesignMessages.ownVote).',
    ...design,
    status: 200,
    response: dataOf(communityDesignSummarySchema),
    errors: ['unauthorized', 'forbidden', 'not_found'],
  }),
  removeCommunityDesignUpvote: endpoint({
    id: 'removeCommunityDesignUpvote',
    method: 'DELETE',
    path: '/api/community-designs/:id/upvote',
    summary: 'Take back my upvote (nothing to take back is fine too)',
    ...design,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  }),
  listDesignComments: endpoint({
    id: 'listDesignComments',
    method: 'GET',
    path: '/api/community-designs/:id/comments',
    summary: "A design's comments, oldest first",
    ...design,
    status: 200,
    response: z.array(designCommentSchema),
    errors: ['unauthorized', 'forbidden', 'not_found'],
  }),
  addDesignComment: endpoint({
    id: 'addDesignComment',
    method: 'POST',
    path: '/api/community-designs/:id/comments',
    summary: 'Comment on a design; its author and earlier commenters hear of it in the bell',
    description:
      'Shown with the commenter\'s name, except an anonymous design\'s author, shown as "The author". Counts toward the daily comment cap (caps.featureCommentsPerDay).',
    ...design,
    body: featureCommentInputSchema,
    status: 201,
    response: dataOf(designCommentSchema),
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found', 'rate_limited'],
  }),
  editDesignComment: endpoint({
    id: 'editDesignComment',
    method: 'PUT',
    path: '/api/community-designs/:id/comments/:commentId',
    summary: 'Edit my comment on a design, or (moderators) redact anyone’s; it shows as edited (edited_at, edited_by_moderator)',
    description:
      "Someone else's comment, by a member: 403 (communityDesignMessages.notYourComment). A moderator's edit of another's comment is a line of the audit log with its words before and after.",
    ...comment,
    body: featureCommentInputSchema,
    status: 200,
    response: dataOf(designCommentSchema),
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found'],
  }),
  flagCommunityDesign: endpoint({
    id: 'flagCommunityDesign',
    method: 'POST',
    path: '/api/community-designs/:id/flags',
    summary: `Flag a design for moderators, with a reason; ${askFlagsToHide} members' flags hide it until reviewed`,
    description: flagRules,
    ...design,
    body: flagInputSchema,
    status: 201,
    response: flagResultSchema,
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found', 'conflict'],
  }),
  flagDesignComment: endpoint({
    id: 'flagDesignComment',
    method: 'POST',
    path: '/api/community-designs/:id/comments/:commentId/flags',
    summary: `Flag a comment on a design for moderators, with a reason; ${askFlagsToHide} members' flags hide it until reviewed`,
    description: flagRules,
    ...comment,
    body: flagInputSchema,
    status: 201,
    response: flagResultSchema,
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found', 'conflict'],
  }),
  unpublishCommunityDesign: endpoint({
    id: 'unpublishCommunityDesign',
    method: 'DELETE',
    path: '/api/community-designs/:id',
    summary: 'Unpublish my design: it leaves the list with its upvotes (the attempt stays in System Design)',
    ...design,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  }),
  takeDownCommunityDesign: endpoint({
    id: 'takeDownCommunityDesign',
    method: 'POST',
    path: '/api/community-designs/:id/take-down',
    summary: 'Take a published design down (moderators): it leaves the list, the author is told why, the audit log records it',
    ...design,
    body: takeDownDesignSchema,
    status: 204,
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found'],
  }),
};
