import { createHash } from 'node:crypto';
import { profileLimits } from '@app/contracts';

/**
 * Candidate number `attempt` for an account's default username: "member-" and eight hex digits of
 * a hash of its id, the same for the account every time, then with a number appended
 * ("member-1a2b3c4d", "member-1a2b3c4d2", ...) in the rare case another profile has it. Nothing
 * comes from the e-mail address: a username is shown to others when its owner chooses, and the
 * address's local part was readable there (issue 35).
 */
export function usernameCandidate(userId: string, attempt = 1): string {
  const base = `member-${createHash('sha256').update(userId).digest('hex').slice(0, 8)}`;
  if (attempt <= 1) return base;
  const suffix = String(Math.floor(attempt));
  return `${base.slice(0, profileLimits.usernameMax - suffix.length)}${suffix}`;
}
