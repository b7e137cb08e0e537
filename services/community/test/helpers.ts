import { publishEvent, TestEnvironment, TestUser } from '@app/service-kit/testing';

export const moderator = (env: TestEnvironment): TestUser => ({ ...env.newUser(), app_metadata: { provider: 'email', role: 'moderator' } });

/** Announces the account's deletion as identity does, on this environment's stream. */
export const announceDeletion = (env: TestEnvironment, userId: string) => publishEvent(env, 'identity.user.deleted', { user_id: userId });
