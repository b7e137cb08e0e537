import type { AuthUser } from './auth';

/** Who moderates, apart from the auth schemas (auth.ts): the shell and the boards ask it with no zod loaded. */
export const moderatorRole = 'moderator';
export const isModerator = (user: Pick<AuthUser, 'app_metadata'>) => user.app_metadata?.role === moderatorRole;
