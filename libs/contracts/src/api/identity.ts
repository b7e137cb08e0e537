import { z } from 'zod';
import { endpoint } from '../http/endpoint';

/** GoTrue's user and session as @supabase/supabase-js reads them (docs/api-contract.md, identity). */
export const gotrueUserSchema = z.object({
  id: z.string().uuid(),
  aud: z.string(),
  role: z.string(),
  email: z.string(),
  email_confirmed_at: z.string().nullable(),
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

const credentials = z.object({ email: z.string(), password: z.string(), data: z.record(z.string(), z.unknown()).optional() });
const gotrue = { auth: 'none', errorShape: 'gotrue' } as const;

/** The part of Supabase Auth's REST API that supabase-js uses; identity checks tokens itself. */
export const identityApi = {
  signUp: endpoint({ id: 'signUp', method: 'POST', path: '/auth/v1/signup', summary: 'Create an account and sign in', ...gotrue, body: credentials, status: 200, response: gotrueSessionSchema, errors: ['validation_failed', 'rate_limited'] }),
  token: endpoint({
    id: 'token',
    method: 'POST',
    path: '/auth/v1/token',
    summary: 'Sign in with a password, or exchange a refresh token',
    ...gotrue,
    query: z.object({ grant_type: z.enum(['password', 'refresh_token']) }),
    body: z.union([z.object({ email: z.string(), password: z.string() }), z.object({ refresh_token: z.string() })]),
    status: 200,
    response: gotrueSessionSchema,
    errors: ['validation_failed', 'rate_limited'],
  }),
  getUser: endpoint({ id: 'getUser', method: 'GET', path: '/auth/v1/user', summary: 'The signed-in user', ...gotrue, status: 200, response: gotrueUserSchema, errors: ['unauthorized'] }),
  updateUser: endpoint({
    id: 'updateUser',
    method: 'PUT',
    path: '/auth/v1/user',
    summary: "Change the signed-in user's metadata, e-mail or password",
    ...gotrue,
    body: z.object({ email: z.string().optional(), password: z.string().optional(), data: z.record(z.string(), z.unknown()).optional() }),
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
    query: z.object({ scope: z.enum(['global', 'local', 'others']).optional() }),
    status: 204,
    errors: ['unauthorized'],
  }),
  jwks: endpoint({ id: 'jwks', method: 'GET', path: '/auth/v1/.well-known/jwks.json', summary: 'Public keys that verify access tokens', ...gotrue, status: 200, response: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }), errors: [] }),
  settings: endpoint({ id: 'authSettings', method: 'GET', path: '/auth/v1/settings', summary: 'Enabled sign-in providers', ...gotrue, status: 200, response: z.object({ external: z.record(z.string(), z.boolean()) }).passthrough(), errors: [] }),
  health: endpoint({ id: 'authHealth', method: 'GET', path: '/auth/v1/health', summary: 'GoTrue-style health answer', ...gotrue, status: 200, response: z.object({ name: z.string() }).passthrough(), errors: [] }),
};
