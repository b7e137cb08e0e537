import { z } from 'zod';
import { notificationCreatedEvent, notificationRecipientsMax, notificationRequestedEvent } from './notifications';

/** Envelope of every domain event on the bus: `<producer>.<entity>.<past-tense verb>`. */
export const eventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string(),
  occurred_at: z.string(),
  version: z.number().int().positive(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: T };

export const userRegisteredEvent = z.object({
  user_id: z.string().uuid(),
  email: z.string(),
  user_metadata: z.record(z.string(), z.unknown()).default({}),
  created_at: z.string(),
});
export const userDeletedEvent = z.object({ user_id: z.string().uuid() });
export const companyCreatedEvent = z.object({
  id: z.string().uuid(),
  name: z.string(),
  website_url: z.string().nullable(),
});
export const voiceSessionStartedEvent = z.object({
  session_id: z.string().uuid(),
  user_id: z.string().uuid(),
  started_at: z.string(),
});
export const voiceSessionEndedEvent = z.object({
  session_id: z.string().uuid(),
  user_id: z.string().uuid(),
  ended_at: z.string(),
  duration_seconds: z.number().int().nonnegative(),
});
/**
 * A moderator changed a request's status; subscriber_ids are the accounts to tell about it. A
 * request with more followers than one event may name is announced in several events, each naming
 * some of them (so every event stays far below the stream's message limit).
 */
export const featureRequestStatusChangedEvent = z.object({
  feature_request_id: z.string().uuid(),
  title: z.string(),
  status: z.string(),
  subscriber_ids: z.array(z.string().uuid()).max(notificationRecipientsMax),
  changed_at: z.string(),
});
/**
 * A moderator turned down a member's submission: `action` 'rejected' while it awaited review, or
 * 'taken_down' once it was listed. One subject for both, so a consumer (the notifications bell)
 * tells the submitter either way; `reason` is the moderator's words, shown to them as given.
 */
export const submissionRejectedEvent = z.object({
  user_id: z.string().uuid(),
  kind: z.enum(['opportunity', 'resource', 'feature_request']),
  item_id: z.string().uuid(),
  title: z.string(),
  reason: z.string(),
  action: z.enum(['rejected', 'taken_down']),
  rejected_at: z.string(),
});

/** A candidate set (a yyyy-mm-dd day) or cleared (null) the day of their next interview; practice keeps a copy for the calendar feed. */
export const interviewDateSetEvent = z.object({
  user_id: z.string().uuid(),
  interview_date: z.string().nullable(),
  set_at: z.string(),
});

/** Titles a review digest names; the rest are counted. */
export const reviewDigestTitles = 10;

/**
 * Practice's daily job found reviews due today (the due queue's rule) for a user who has not turned
 * the e-mail off; identity mails it if their address is confirmed. One per user and day.
 */
export const reviewDigestDueEvent = z.object({
  user_id: z.string().uuid(),
  /** The user's day (yyyy-mm-dd) in the time zone practice knows for them, else UTC. */
  date: z.string(),
  due_count: z.number().int().min(1),
  titles: z.array(z.string()).max(reviewDigestTitles),
  /** Signed by practice; the mail's unsubscribe link carries it, and it works without signing in. */
  unsubscribe_token: z.string(),
});

/** Subject → schema of its data; the bus validates against this both when recording and consuming. */
export const eventSchemas = {
  'identity.user.registered': userRegisteredEvent,
  'identity.user.deleted': userDeletedEvent,
  'interviews.company.created': companyCreatedEvent,
  'voice.session.started': voiceSessionStartedEvent,
  'voice.session.ended': voiceSessionEndedEvent,
  'community.feature_request.status_changed': featureRequestStatusChangedEvent,
  'community.submission.rejected': submissionRejectedEvent,
  // A notification stored for one user; and one that community's own feature board asks for (comments).
  'community.notification.created': notificationCreatedEvent,
  'community.notification.requested': notificationRequestedEvent,
  'profile.interview_date.set': interviewDateSetEvent,
  'practice.review_digest.due': reviewDigestDueEvent,
} as const;
export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
