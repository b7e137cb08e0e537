import { z } from 'zod';
import { displayNameMessages, reservedWordIn } from '../display-names';
import { dataOf } from '../common';
import {
  emailNotificationMessages,
  emailNotificationSettingsSchema,
  emailUnsubscribeBodySchema,
  emailUnsubscribedSchema,
  emailUnsubscribeQuerySchema,
  setEmailNotificationSchema,
} from '../email-notifications';
import { endpoint } from '../http/endpoint';

/** GoTrue's user and session as @supabase/supabase-js reads them (docs/api-contract.md, identity). */
export const gotrueUserSchema = z.object({
  id: z.string().uuid(),
  aud: z.string(),
  role: z.string(),
  email: z.string(),
  email_confirmed_at: z.string().nullable(),
  new_email: z.string().optional(),
  app_metadata: z.record(z.string(), z.unknown()),
  user_metadata: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export const gotrueSessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  expires_at: z.number().int(),
  refresh_token: z.string(),
  user: gotrueUserSchema,
});

/**
 * A row of a Supabase project's auth.users as its database webhooks send it (to_jsonb of the row);
 * only what the identity events carry is read, the rest passes.
 */
const supabaseAuthUserSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string().nullish(),
    raw_user_meta_data: z.record(z.string(), z.unknown()).nullish(),
    created_at: z.string().refine((v) => !Number.isNaN(Date.parse(v)), { message: 'created_at must be a timestamp' }),
  })
  .passthrough();
/** Supabase "Database Webhooks" body for a change of auth.users. */
export const supabaseUserChangeSchema = z.object({
  type: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  schema: z.literal('auth', { message: 'Only auth.users changes are accepted' }),
  table: z.literal('users', { message: 'Only auth.users changes are accepted' }),
  record: supabaseAuthUserSchema.nullable(),
  old_record: supabaseAuthUserSchema.nullable(),
});
export type SupabaseUserChange = z.infer<typeof supabaseUserChangeSchema>;

/** What every token verifier polls: sessions ended while their access tokens may still be presented. */
export const revocationListSchema = z.object({
  /** Pass back as `since` to get only what is newer. */
  cursor: z.number().int(),
  revocations: z.array(z.object({ session_id: z.string(), expires_at: z.number().int() })),
});

/** User metadata rides in every access token: bounded so that a token stays small enough to send back. */
export const userMetadataBytesMax = 8 * 1024;
export const userMetadataSchema = z
  .record(z.string(), z.unknown())
  .refine((data) => new TextEncoder().encode(JSON.stringify(data)).length <= userMetadataBytesMax, {
    message: `User metadata must be at most ${userMetadataBytesMax / 1024} KB of JSON`,
  })
  // The full name is shown on comments and in notifications: it may not claim to speak for Thunderprep.
  .superRefine(({ full_name: fullName }, ctx) => {
    const reserved = typeof fullName === 'string' ? reservedWordIn(fullName) : undefined;
    if (reserved) ctx.addIssue({ code: 'custom', path: ['full_name'], message: displayNameMessages.reservedFullName(reserved) });
  });

/**
 * Bodies as GoTrue takes them. The shapes are documented here but not enforced at the edge: identity
 * checks them itself and answers GoTrue's codes (weak_password, email_address_invalid, ...), which
 * supabase-js turns into the messages users read.
 */
const loose = <S extends z.ZodRawShape>(shape: S) => z.object(shape).partial().passthrough();
const redirect = z.object({ redirect_to: z.string().optional() }).passthrough();
const gotrue = { auth: 'none', errorShape: 'gotrue' } as const;

/** The part of Supabase Auth's REST API that supabase-js uses; identity checks tokens itself. */
export const identityApi = {
  signUp: endpoint({
    id: 'signUp',
    method: 'POST',
    path: '/auth/v1/signup',
    summary: 'Create an account and sign in; a confirmation link goes to the address',
    description: 'With EMAIL_CONFIRMATION_REQUIRED (Supabase\'s "Confirm email") it answers the user alone, and the session comes from /verify.',
    ...gotrue,
    query: redirect,
    body: loose({ email: z.string(), password: z.string(), data: userMetadataSchema }),
    status: 200,
    response: z.union([gotrueSessionSchema, gotrueUserSchema]),
    errors: ['validation_failed', 'rate_limited'],
  }),
  token: endpoint({
    id: 'token',
    method: 'POST',
    path: '/auth/v1/token',
    summary: 'Sign in with a password, or exchange a refresh token',
    ...gotrue,
    query: z.object({ grant_type: z.string().optional() }).passthrough(),
    body: loose({ email: z.string(), password: z.string(), refresh_token: z.string() }),
    status: 200,
    response: gotrueSessionSchema,
    errors: ['validation_failed', 'rate_limited'],
  }),
  verify: endpoint({
    id: 'verify',
    method: 'POST',
    path: '/auth/v1/verify',
    summary: 'Confirm an e-mail address, or open a password recovery, with the token from the mail (supabase-js verifyOtp)',
    ...gotrue,
    body: loose({ type: z.string(), token_hash: z.string(), email: z.string(), token: z.string() }),
    status: 200,
    response: gotrueSessionSchema,
    errors: ['validation_failed', 'not_found', 'rate_limited'],
  }),
  verifyLink: endpoint({
    id: 'verifyLink',
    method: 'GET',
    path: '/auth/v1/verify',
    summary: 'The link in the confirmation mail: confirms, then redirects to the site with the session in the fragment',
    ...gotrue,
    query: z.object({ token: z.string().optional(), type: z.string().optional(), redirect_to: z.string().optional() }).passthrough(),
    status: 200,
    headers: { Location: 'The site, with the new session (or the error) in the URL fragment (303)' },
    errors: [],
  }),
  resend: endpoint({
    id: 'resend',
    method: 'POST',
    path: '/auth/v1/resend',
    summary: 'Send the confirmation mail again',
    ...gotrue,
    query: redirect,
    body: loose({ type: z.string(), email: z.string() }),
    status: 200,
    response: z.object({}).passthrough(),
    errors: ['validation_failed', 'rate_limited'],
  }),
  recover: endpoint({
    id: 'recover',
    method: 'POST',
    path: '/auth/v1/recover',
    summary: 'Mail a password recovery link and code (supabase-js resetPasswordForEmail)',
    description:
      'Answers 200 {} whether or not the address has an account, after the same work; limited per e-mail and per client address alike (429 with Retry-After). ' +
      'The link, or /verify with type recovery and the code, opens a session that may set a new password without the current one (PUT /auth/v1/user).',
    ...gotrue,
    query: redirect,
    body: loose({ email: z.string() }),
    status: 200,
    response: z.object({}).passthrough(),
    errors: ['validation_failed', 'rate_limited'],
  }),
  getUser: endpoint({
    id: 'getUser',
    method: 'GET',
    path: '/auth/v1/user',
    summary: 'The signed-in user',
    ...gotrue,
    status: 200,
    response: gotrueUserSchema,
    errors: ['unauthorized'],
  }),
  updateUser: endpoint({
    id: 'updateUser',
    method: 'PUT',
    path: '/auth/v1/user',
    summary:
      "Change the signed-in user's metadata, e-mail (confirmed on the new address first) or password (with the current one, or from a recovery's session); a new password ends every other session",
    ...gotrue,
    query: redirect,
    body: loose({ email: z.string(), password: z.string(), current_password: z.string(), data: userMetadataSchema }),
    status: 200,
    response: gotrueUserSchema,
    errors: ['validation_failed', 'unauthorized'],
  }),
  logout: endpoint({
    id: 'logout',
    method: 'POST',
    path: '/auth/v1/logout',
    summary: 'End this session, every session, or the others',
    ...gotrue,
    query: z.object({ scope: z.string().optional() }).passthrough(),
    status: 204,
    errors: ['unauthorized'],
  }),
  jwks: endpoint({
    id: 'jwks',
    method: 'GET',
    path: '/auth/v1/.well-known/jwks.json',
    summary: 'Public keys that verify access tokens',
    ...gotrue,
    status: 200,
    response: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
    errors: [],
  }),
  settings: endpoint({
    id: 'authSettings',
    method: 'GET',
    path: '/auth/v1/settings',
    summary: 'Enabled sign-in providers',
    ...gotrue,
    status: 200,
    response: z.object({ external: z.record(z.string(), z.boolean()) }).passthrough(),
    errors: [],
  }),
  health: endpoint({
    id: 'authHealth',
    method: 'GET',
    path: '/auth/v1/health',
    summary: 'GoTrue-style health answer',
    ...gotrue,
    status: 200,
    response: z.object({ name: z.string() }).passthrough(),
    errors: [],
  }),
  supabaseUserWebhook: endpoint({
    id: 'supabaseUserWebhook',
    method: 'POST',
    path: '/auth/v1/hooks/supabase-users',
    summary: "A real Supabase project's database webhook on auth.users: sign-ups and deletions become identity events",
    description:
      'Authenticated by the X-Webhook-Secret header (SUPABASE_WEBHOOK_SECRET, compared in constant time); 404 while that is unset. ' +
      'INSERT announces identity.user.registered, DELETE identity.user.deleted, each once per user however often it is retried; UPDATE is acknowledged and ignored.',
    auth: 'none',
    body: supabaseUserChangeSchema,
    status: 200,
    response: z.object({
      event: z.enum(['identity.user.registered', 'identity.user.deleted']).nullable(),
      /** True when this change was already announced (a retried delivery). */
      duplicate: z.boolean(),
    }),
    errors: ['validation_failed', 'unauthorized', 'not_found'],
  }),
  revocations: endpoint({
    id: 'revocations',
    method: 'GET',
    path: '/internal/revocations',
    summary: 'Sessions ended while their access tokens may live, polled by every token verifier',
    description: "Only for callers that prove GATEWAY_SECRET (X-Gateway-Proof, as every /internal/* call): the gateway's and each service's verifier.",
    auth: 'none',
    visibility: 'internal',
    query: z.object({
      since: z
        .string()
        .regex(/^\d{1,15}$/, { message: 'since must be a cursor from an earlier answer' })
        .optional(),
    }),
    status: 200,
    response: revocationListSchema,
    errors: ['validation_failed', 'unauthorized'],
  }),
  getEmailNotifications: endpoint({
    id: 'getEmailNotifications',
    method: 'GET',
    path: '/api/email-notifications',
    summary: "The caller's e-mail choices per kind (defaults until chosen), and whether their address is confirmed",
    description: 'Only a confirmed address is mailed anything but its confirmation and password recovery, whatever these say.',
    status: 200,
    response: emailNotificationSettingsSchema,
    errors: ['unauthorized'],
  }),
  setEmailNotification: endpoint({
    id: 'setEmailNotification',
    method: 'PUT',
    path: '/api/email-notifications',
    summary: 'Turn one kind of e-mail on or off; a mail of that kind not yet queued is not sent',
    body: setEmailNotificationSchema,
    status: 200,
    response: dataOf(emailNotificationSettingsSchema),
    errors: ['validation_failed', 'unauthorized'],
  }),
  openEmailUnsubscribe: endpoint({
    id: 'openEmailUnsubscribe',
    method: 'GET',
    path: '/api/email-notifications/unsubscribe',
    summary: "A person opening a mail's unsubscribe address: redirects to the page that names the kind of e-mail and asks before it turns it off",
    description:
      'Changes nothing (mail scanners fetch links). Redirects (303) to the web page /email-notifications/unsubscribe with the token and the kind it names, or, for an expired or forged token, with `invalid=1`, where the page says so.',
    auth: 'none',
    query: z.object({ token: z.string().optional() }),
    status: 200,
    headers: { Location: 'The web page that asks before it unsubscribes (303)' },
    errors: [],
  }),
  unsubscribeEmailNotification: endpoint({
    id: 'unsubscribeEmailNotification',
    method: 'POST',
    path: '/api/email-notifications/unsubscribe',
    summary: "Turn off the kind of e-mail a mail's unsubscribe address names, without a session (RFC 8058 one-click)",
    description:
      "Each bulk mail's List-Unsubscribe names this address with its token, and List-Unsubscribe-Post says a POST of `List-Unsubscribe=One-Click` (a form) unsubscribes; the page /email-notifications/unsubscribe asks first and posts JSON. A GET never unsubscribes. Repeating it is harmless.",
    auth: 'none',
    query: emailUnsubscribeQuerySchema,
    body: emailUnsubscribeBodySchema,
    formBody: true,
    notFound: emailNotificationMessages.invalidLink,
    status: 200,
    response: dataOf(emailUnsubscribedSchema),
    errors: ['validation_failed', 'not_found'],
  }),
};
