import { randomBytes } from 'node:crypto';
import type { RunningService } from '@app/service-kit';
import { publishEvent, TestEnvironment } from '@app/service-kit/testing';

export const tag = () => randomBytes(3).toString('hex');

/** identity.user.registered for `user`, as identity announces a sign-up. */
export const announceSignUp = (env: TestEnvironment, user: { id: string; email: string }, options: { id?: string; msgId?: string } = {}) =>
  publishEvent(env, 'identity.user.registered', { user_id: user.id, created_at: new Date().toISOString() }, options);

export const profileRow = async (profile: RunningService, userId: string) =>
  (await profile.db.query<{ username: string }>('SELECT username FROM user_profiles WHERE id = $1', [userId])).rows[0];

export const knownCompany = async (profile: RunningService, id: string) =>
  (await profile.db.query<{ id: string; name: string; website_url: string | null }>('SELECT id, name, website_url FROM companies WHERE id = $1', [id])).rows[0];

export const count = async (service: RunningService, sql: string, params: unknown[] = []) =>
  Number((await service.db.query<{ n: string }>(sql, params)).rows[0].n);
