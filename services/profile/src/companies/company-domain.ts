/**
 * Company verification: an account belongs to a company when its e-mail domain is the company's
 * website domain or a subdomain of it (jane@eng.google.com for https://www.google.com).
 */

/** The website's host in lower case without a leading "www.", or null when there is none. */
export function websiteDomain(websiteUrl: string | null | undefined): string | null {
  if (!websiteUrl?.trim()) return null;
  const raw = websiteUrl.trim();
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`).hostname;
  } catch {
    return null;
  }
  host = host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  // A bare name ("localhost") or an IP address is no organisation's domain.
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[')) return null;
  return host;
}

/** The domain part of an e-mail address in lower case, or null. */
export function emailDomain(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  return domain.includes('.') ? domain : null;
}

export function emailMatchesWebsite(email: string | null | undefined, websiteUrl: string | null | undefined): boolean {
  return domainMatchesWebsite(emailDomain(email), websiteUrl);
}

/** An e-mail domain (as identity.user.confirmed names it) on the company's website domain or a subdomain of it. */
export function domainMatchesWebsite(domain: string | null | undefined, websiteUrl: string | null | undefined): boolean {
  const mail = domain?.trim().toLowerCase().replace(/\.$/, '');
  const site = websiteDomain(websiteUrl);
  if (!mail || !site) return false;
  return mail === site || mail.endsWith(`.${site}`);
}
