import { AuthUser, communityMessages, isModerator } from '@app/contracts';
import { forbidden } from '@app/service-kit';

/** Review queues and status changes are for moderators (app_metadata.role, granted by npm run admin). */
export function requireModerator(user: AuthUser): void {
  if (!isModerator(user)) throw forbidden(communityMessages.moderatorsOnly);
}

const nameMax = 100;

/** The full name the account gave, if any. */
export function fullNameOf(user: AuthUser): string | null {
  const fullName = user.user_metadata.full_name;
  return typeof fullName === 'string' && fullName.trim() ? fullName.trim().slice(0, nameMax) : null;
}

/** The name shown for an account (a comment's author, a moderator in the log): its full name, else its e-mail before the @. */
export function displayNameOf(user: AuthUser): string {
  return fullNameOf(user) ?? (user.email?.split('@')[0].slice(0, nameMax) || 'Member');
}
