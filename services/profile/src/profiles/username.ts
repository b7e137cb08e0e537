import { profileLimits } from '@app/contracts';

/** Characters a derived username keeps. (A username the user chooses only has to be 2–30 characters.) */
const disallowed = /[^a-z0-9._-]+/g;
const fallback = 'user';

/**
 * The default username's stem from an e-mail's local part: lower case, sub-address ("+tag") dropped,
 * only [a-z0-9._-], no separator at either end, 2–30 characters ("x" → "xuser", "" → "user").
 */
export function usernameBase(email: string): string {
  const at = email.lastIndexOf('@');
  const local = (at >= 0 ? email.slice(0, at) : email).split('+')[0];
  const cleaned = local
    .normalize('NFKD')
    .toLowerCase()
    .replace(disallowed, '')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, profileLimits.usernameMax)
    .replace(/[._-]+$/, '');
  if (cleaned.length === 0) return fallback;
  return cleaned.length < profileLimits.usernameMin ? `${cleaned}${fallback}` : cleaned;
}

/**
 * Candidate number `attempt` for an e-mail: the stem itself first, then the stem with a number
 * appended ("jane", "jane2", "jane3", ...), the stem cut so the whole stays within 30 characters.
 */
export function usernameCandidate(email: string, attempt = 1): string {
  const base = usernameBase(email);
  if (attempt <= 1) return base;
  const suffix = String(Math.floor(attempt));
  return `${base.slice(0, profileLimits.usernameMax - suffix.length)}${suffix}`;
}
