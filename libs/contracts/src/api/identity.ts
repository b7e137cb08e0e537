import { z } from 'zod';
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

/** What every token verifier polls: sessions ended while their access tokens may still be presented. */
export const revocationListSchema = z.object({
  /** Pass back as `since` to get only what is newer. */
  cursor: z.number().int(),
  revocations: z.array(z.object({ session_id: z.string(), expires_at: z.number().int() })),
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
    ...gotrue,
    query: redirect,
    body: loose({ email: z.string(), password: z.string(), data: z.record(z.string(), z.unknown()) }),
    status: 200,
    response: gotrueSessionSchema,
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
    summary: 'Confirm an e-mail address with the token from the mail (supabase-js verifyOtp)',
    ...gotrue,
    body: loose({ type: z.string(), token_hash: z.string(), email: z.string(), token: z.string() }),
    status: 200,
    response: gotrueSessionSchema,
    errors: ['validation_failed', 'not_found'],
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
    summary: "Change the signed-in user's metadata, e-mail (confirmed on the new address first) or password (with the current one)",
    ...gotrue,
    query: redirect,
    body: loose({ email: z.string(), password: z.string(), current_password: z.string(), data: z.record(z.string(), z.unknown()) }),
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
  revocations: endpoint({
    id: 'revocations',
    method: 'GET',
    path: '/internal/revocations',
    summary: 'Sessions ended while their access tokens may live, polled by every token verifier',
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
    errors: ['validation_failed'],
  }),
};
