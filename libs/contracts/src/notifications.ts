import { z } from 'zod';
import { pageSizes } from './caps';
import { dataOf } from './common';
import { endpoint, pagedList } from './http/endpoint';

/**
 * In-app notifications (issue 23, item 4): community stores them per user and answers the bell in
 * the header. Its own come from the feature board and moderation; another service adds one by
 * publishing `<service>.notification.requested` (docs/notifications.md).
 */
/** The bell's list shows this many at a time; a page may hold up to pageSizes.max. */
export const notificationsPage = 20;

export const notificationMessages = {
  notFound: 'Notification not found',
  limit: `Limit must be a whole number from 1 to ${pageSizes.max}`,
  cursor: 'Invalid cursor',
} as const;

/** What a notification is about; the web picks its icon by it, and shows any other kind plainly. */
export const notificationKinds = {
  featureStatus: 'feature_status',
  submissionRejected: 'submission_rejected',
  comment: 'comment',
  designUpvote: 'design_upvote',
} as const;

export const notificationTitleMax = 200;
export const notificationBodyMax = 1000;
/** Recipients named in one event: more are told in several events (community's recipientGroups), each far below the stream's message limit. */
export const notificationRecipientsMax = 1000;

/**
 * Kinds whose notifications collapse: while a user's notification of such a kind about one thing
 * (the same link) is unread, the next one of that kind and link updates it rather than adding a row,
 * and its title tells how many there were ("12 new comments on …"). A template names the count
 * {count}; the event's `subject` (what it is about) fills the rest.
 */
export const collapsedNotificationTitles: Readonly<Partial<Record<string, (subject: string) => string>>> = {
  [notificationKinds.comment]: (subject) => `{count} new comments on "${subject}"`,
  [notificationKinds.designUpvote]: (subject) => `{count} new upvotes on your design of "${subject}"`,
};

/** Shortens a title or body to `max` characters, marking the cut: the event's schema refuses longer ones. */
export const clipNotificationText = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const notificationSchema = z.object({
  id: z.string().uuid(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** A path inside the app, e.g. /feature-requests/<id>. */
  link: z.string(),
  created_at: z.string(),
  /** When its owner read it; null while unread. */
  read_at: z.string().nullable(),
  /** How many events it tells of: more than 1 once later ones of its kind and link collapsed into it. */
  count: z.number().int().positive(),
  /** A moderator's action or words caused it (the latest one when collapsed): the app marks it, never a name. */
  by_moderator: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const unreadNotificationsSchema = z.object({ unread: z.number().int().nonnegative() });
export type UnreadNotifications = z.infer<typeof unreadNotificationsSchema>;

export const notificationQuerySchema = z.object({
  limit: z.coerce
    .number({ error: notificationMessages.limit })
    .int({ message: notificationMessages.limit })
    .min(1, { message: notificationMessages.limit })
    .max(pageSizes.max, { message: notificationMessages.limit })
    .optional(),
  cursor: z.string({ error: notificationMessages.cursor }).max(200, { message: notificationMessages.cursor }).optional(),
});

/** Event data: what a producer asks community to tell each of `user_ids`; the event's id is its idempotency key. */
export const notificationRequestedEvent = z.object({
  user_ids: z.array(z.string().uuid()).min(1).max(notificationRecipientsMax),
  kind: z.string().regex(/^[a-z][a-z_]{0,39}$/, { message: 'kind: lower-case letters and _' }),
  title: z.string().min(1).max(notificationTitleMax),
  body: z.string().max(notificationBodyMax),
  link: z
    .string()
    .regex(/^\/[^/\\]/, { message: 'link: a path inside the app' })
    .max(500),
  /** What it is about (a request's title): with a kind of collapsedNotificationTitles, later ones collapse into it while unread. */
  subject: z
    .string()
    .min(1)
    .max(notificationTitleMax / 2)
    .optional(),
  /** Caused by a moderator (their comment, their decision). */
  by_moderator: z.boolean().optional(),
});

/** Event data: one stored notification, for whoever else wants to deliver it (push, e-mail digests). */
export const notificationCreatedEvent = notificationSchema.omit({ read_at: true }).extend({ user_id: z.string().uuid() });

const params = z.object({ id: z.string().uuid() });

/** Spread into communityApi: served by community under /api/notifications, each caller's own only. */
export const notificationsApi = {
  listNotifications: pagedList({
    id: 'listNotifications',
    path: '/api/notifications',
    summary: "The caller's notifications, newest first, read and unread",
    description: `Without \`limit\`, the first ${notificationsPage}.`,
    query: notificationQuerySchema,
    item: notificationSchema,
    errors: ['validation_failed', 'unauthorized'],
  }),
  countUnreadNotifications: endpoint({
    id: 'countUnreadNotifications',
    method: 'GET',
    path: '/api/notifications/unread-count',
    summary: "How many of the caller's notifications are unread (the bell's figure)",
    status: 200,
    response: unreadNotificationsSchema,
    errors: ['unauthorized'],
  }),
  markNotificationRead: endpoint({
    id: 'markNotificationRead',
    method: 'PUT',
    path: '/api/notifications/:id/read',
    summary: 'Mark one of my notifications read (idempotent: it keeps the first read time); anyone else’s is a 404',
    params,
    notFound: notificationMessages.notFound,
    status: 200,
    response: dataOf(notificationSchema),
    errors: ['unauthorized', 'not_found'],
  }),
  markAllNotificationsRead: endpoint({
    id: 'markAllNotificationsRead',
    method: 'POST',
    path: '/api/notifications/read-all',
    summary: 'Mark all my notifications read; the answer is the unread count after it (0)',
    status: 200,
    response: unreadNotificationsSchema,
    errors: ['unauthorized'],
  }),
};
