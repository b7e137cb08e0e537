import { z } from 'zod';
import { askDigestDueEvent } from './ask-a-swe';
import { designPublishedEvent, designSubmittedEvent } from './community-designs';
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

/**
 * A new account. No address or name: an event stays in the stream for days, past an erasure, and
 * a consumer that needs more asks identity (issue 35 item 7).
 */
export const userRegisteredEvent = z.object({
  user_id: z.string().uuid(),
  created_at: z.string(),
});
export const userDeletedEvent = z.object({ user_id: z.string().uuid() });
/**
 * An account's address is proven (a sign-up's confirmation, a confirmed change of address, a
 * recovery of an unconfirmed one): profile checks the verified company badge again. The domain
 * alone, never the address: it is all the badge needs.
 */
export const userConfirmedEvent = z.object({
  user_id: z.string().uuid(),
  email_domain: z.string().nullable(),
  confirmed_at: z.string(),
});
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
  /** Those of subscriber_ids who follow it ("E-mail me updates"); the others voted for it. Their e-mail settings differ. */
  follower_ids: z.array(z.string().uuid()).max(notificationRecipientsMax).default([]),
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

/**
 * A member's current company or its Verified badge changed (the badge: their confirmed e-mail is on
 * the company's domain). Community keeps a copy to show "Works at <company>" on Ask a SWE answers.
 */
export const employmentChangedEvent = z.object({
  user_id: z.string().uuid(),
  company_id: z.string().uuid().nullable(),
  verified: z.boolean(),
  changed_at: z.string(),
});

/**
 * An interview report was shared, edited or deleted (deleted: true, rounds empty). rounds holds what
 * each round asked and the problems it named, as the author wrote them: practice matches them against
 * its System Design prompts for the "asked at" counts. Newer changed_at wins.
 */
export const interviewChangedEvent = z.object({
  interview_id: z.string().uuid(),
  user_id: z.string().uuid(),
  company_id: z.string().uuid(),
  company_name: z.string(),
  rounds: z.array(z.string()),
  deleted: z.boolean(),
  changed_at: z.string(),
});

/** Titles a review digest names; the rest are counted. */
export const reviewDigestTitles = 10;

/**
 * Practice's daily job found reviews due today (the due queue's rule) for a user who has not turned
 * the e-mail off; identity mails it if their address is confirmed. One per user and day.
 */
/**
 * The daily review e-mail turned on or off (Settings, or its unsubscribe link). Identity keeps the
 * choice so that a digest queued before it was turned off is not sent; the newest change wins.
 */
export const reviewEmailChangedEvent = z.object({
  user_id: z.string().uuid(),
  enabled: z.boolean(),
  changed_at: z.string(),
});

export const reviewDigestDueEvent = z.object({
  user_id: z.string().uuid(),
  /** The user's day (yyyy-mm-dd) in the time zone practice knows for them, else UTC. */
  date: z.string(),
  /** What today's review session holds: the due queue within the daily limits. */
  due_count: z.number().int().min(1),
  /** Everything due today ("Due today" on Problem Review); more than due_count when the daily limits cut it. Absent in digests from before it was sent. */
  due_total: z.number().int().min(1).optional(),
  titles: z.array(z.string()).max(reviewDigestTitles),
  /** Signed by practice; the mail's unsubscribe link carries it, and it works without signing in. */
  unsubscribe_token: z.string(),
});

/** Subject → schema of its data; the bus validates against this both when recording and consuming. */
export const eventSchemas = {
  'identity.user.registered': userRegisteredEvent,
  'identity.user.deleted': userDeletedEvent,
  'identity.user.confirmed': userConfirmedEvent,
  'interviews.company.created': companyCreatedEvent,
  'interviews.interview.changed': interviewChangedEvent,
  'voice.session.started': voiceSessionStartedEvent,
  'voice.session.ended': voiceSessionEndedEvent,
  'community.feature_request.status_changed': featureRequestStatusChangedEvent,
  'community.submission.rejected': submissionRejectedEvent,
  // A notification stored for one user; and one that community's own feature board asks for (comments).
  'community.notification.created': notificationCreatedEvent,
  'community.notification.requested': notificationRequestedEvent,
  // A member's unread Ask a SWE notifications of the week, for identity to mail.
  'community.ask_digest.due': askDigestDueEvent,
  'profile.interview_date.set': interviewDateSetEvent,
  'profile.employment.changed': employmentChangedEvent,
  'practice.review_digest.due': reviewDigestDueEvent,
  'practice.review_email.changed': reviewEmailChangedEvent,
  // A System Design attempt its author published; community lists it under "Community designs".
  'practice.design.published': designPublishedEvent,
  'practice.design.submitted': designSubmittedEvent,
} as const;
export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
/** What a producer may write: fields with a default may be left out. */
export type EventInput<T extends EventType> = z.input<(typeof eventSchemas)[T]>;
