import { profileLimits } from '@app/contracts';

/**
 * The default username from an e-mail's local part: lower-case letters, digits, '.', '_' and '-',
 * 2–30 characters. `attempt` > 1 appends a number so a taken name gets a free variant.
 */
export function usernameCandidate(email: string, attempt = 1): string {
  const local = email.split('@')[0] ?? '';
  let base = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .replace(/^[._-]+|[._-]+$/g, '');
  if (base.length < profileLimits.usernameMin) base = `${base}user`.slice(0, profileLimits.usernameMax);
  if (attempt <= 1) return base.slice(0, profileLimits.usernameMax);
  const suffix = String(attempt);
  return `${base.slice(0, profileLimits.usernameMax - suffix.length)}${suffix}`;
}

/** True when the e-mail's domain is the website's domain or one of its subdomains. */
export function emailMatchesWebsite(email: string | null, websiteUrl: string | null): boolean {
  if (!email || !websiteUrl) return false;
  const domain = email.split('@')[1]?.toLowerCase().trim();
  let host: string;
  try {
    host = new URL(/^https?:\/\//i.test(websiteUrl) ? websiteUrl : `https://${websiteUrl}`).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return false;
  }
  if (!domain || !host.includes('.')) return false;
  return domain === host || domain.endsWith(`.${host}`);
}
