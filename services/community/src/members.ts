import { AuthUser, communityMessages, isModerator } from '@app/contracts';
import { forbidden } from '@app/service-kit';

/** Review queues and status changes are for moderators (app_metadata.role, granted by npm run admin). */
export function requireModerator(user: AuthUser): void {
  if (!isModerator(user)) throw forbidden(communityMessages.moderatorsOnly);
}
