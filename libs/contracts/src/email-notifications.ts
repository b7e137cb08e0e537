import { z } from 'zod';

/**
 * E-mail a member chooses per kind (issue 34 item 3); identity, which sends mail, keeps the choices
 * (docs/notifications.md). The daily review e-mail is practice's own switch (reviewEmailSchema).
 */
// Appended only: a kind's place is its byte in unsubscribe tokens already mailed.
export const emailNotificationKinds = ['voted_status', 'followed_status', 'submission_rejected', 'comment_replies', 'ask_digest'] as const;
export type EmailNotificationKind = (typeof emailNotificationKinds)[number];

/** What each kind is, in Settings and in the mail's "why you get this". Defaults as Fider's: voters hear of status changes. */
export const emailNotificationText: Readonly<Record<EmailNotificationKind, { label: string; reason: string; byDefault: boolean }>> = {
  voted_status: {
    label: 'Status changes of feature requests I voted on',
    reason: 'you voted for this feature request',
    byDefault: true,
  },
  followed_status: {
    label: 'Status changes of feature requests I follow',
    reason: 'you follow this feature request',
    byDefault: true,
  },
  submission_rejected: {
    label: 'My submissions turned down by a moderator',
    reason: 'a moderator turned down something you submitted',
    byDefault: true,
  },
  // Off until chosen: a busy thread would fill an inbox; the bell collapses them.
  comment_replies: {
    label: 'New comments on feature requests I wrote or commented on',
    reason: 'you wrote or commented on this feature request',
    byDefault: false,
  },
  // On until turned off: one mail a week at most, and only of what the member follows and has not read.
  ask_digest: {
    label: 'A weekly digest of unread Ask a SWE updates',
    reason: 'you follow questions, tags or companies on Ask a SWE and left some of their updates unread this week',
    byDefault: true,
  },
};

export const emailNotificationSettingsSchema = z.object({
  settings: z.object(Object.fromEntries(emailNotificationKinds.map((kind) => [kind, z.boolean()])) as Record<EmailNotificationKind, z.ZodBoolean>),
  /** Nothing but confirmations and recoveries goes to an address until it is confirmed. */
  address_confirmed: z.boolean(),
});
export type EmailNotificationSettings = z.infer<typeof emailNotificationSettingsSchema>;

export const setEmailNotificationSchema = z.object({
  kind: z.enum(emailNotificationKinds, { error: `kind must be one of ${emailNotificationKinds.join(', ')}` }),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type SetEmailNotification = z.infer<typeof setEmailNotificationSchema>;

/** The token of a mail's unsubscribe address: sealed by identity, naming one user and one kind until it expires. */
export const emailUnsubscribeQuerySchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'must be the token from the link') });
/**
 * A one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form; the web page
 * that asks first posts JSON, with nothing in it.
 */
export const emailUnsubscribeBodySchema = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() });
export const emailUnsubscribedSchema = z.object({ kind: z.enum(emailNotificationKinds), enabled: z.literal(false) });

/**
 * The bell's kinds a member may turn off (community keeps these choices: docs/notifications.md);
 * all on until turned off. Comments reach a request's author and earlier commenters.
 */
export const inAppNotificationKinds = ['voted_status', 'followed_status', 'comment_replies', 'submission_rejected'] as const;
export type InAppNotificationKind = (typeof inAppNotificationKinds)[number];
export const inAppNotificationLabels: Readonly<Record<InAppNotificationKind, string>> = {
  voted_status: emailNotificationText.voted_status.label,
  followed_status: emailNotificationText.followed_status.label,
  comment_replies: emailNotificationText.comment_replies.label,
  submission_rejected: emailNotificationText.submission_rejected.label,
};
export const inAppNotificationSettingsSchema = z.object({
  settings: z.object(Object.fromEntries(inAppNotificationKinds.map((kind) => [kind, z.boolean()])) as Record<InAppNotificationKind, z.ZodBoolean>),
});
export type InAppNotificationSettings = z.infer<typeof inAppNotificationSettingsSchema>;
export const setInAppNotificationSchema = z.object({
  kind: z.enum(inAppNotificationKinds, { error: `kind must be one of ${inAppNotificationKinds.join(', ')}` }),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});

export const emailNotificationMessages = {
  invalidLink: 'This unsubscribe link is not valid or has expired. Turn the e-mail off in Settings instead.',
} as const;
