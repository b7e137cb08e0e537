import { createHash } from 'node:crypto';
import { AuthUser, communityMessages, isModerator, reservedWordIn } from '@app/contracts';
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

/**
 * The name others read for an account (a comment's author, the bell's "… commented", a moderator in
 * the log): its full name, unless it claims to speak for Thunderprep (identity refuses those now;
 * one given before is not shown), else "Member" and a short id that stays the same for the account.
 * Never anything from the e-mail address. Moderators are told apart by a badge from their role.
 */
export function displayNameOf(user: AuthUser): string {
  const fullName = fullNameOf(user);
  if (fullName && !reservedWordIn(fullName)) return fullName;
  return `Member ${createHash('sha256').update(user.id).digest('hex').slice(0, 6)}`;
}
