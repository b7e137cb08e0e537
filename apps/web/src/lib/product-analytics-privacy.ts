/**
 * What product analytics may send (spec section 9): text cut to 255 characters, element text to
 * 1,024, links to 2,048; likely card numbers and social-security-like strings redacted; no e-mail
 * address or token ever. Every event passes through `sanitiseEvent` just before it leaves the
 * browser (posthog-js's `before_send`), whatever posthog collected.
 */

export const analyticsLimits = { text: 255, elementText: 1024, href: 2048 } as const;

/** The spec's rage click: 3 clicks within 1,000 ms and 30 px (posthog-js's `rageclick` option). */
export const rageClick = { click_count: 3, timeout_ms: 1000, threshold_px: 30 } as const;

export const redacted = { email: '[email]', token: '[token]', card: '[card]', ssn: '[ssn]' } as const;

// A token handed over in a URL (the auth redirect's #access_token=…, ?refresh_token=…, a reset link's token=…).
const tokenParameter = /\b((?:access_token|refresh_token|provider_token|provider_refresh_token|token_hash|token|code)=)[^&#\s"]*/gi;
// Three base64url segments starting with '{"' encoded: a JWT, wherever it appears.
const jwt = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
// '@' may arrive percent-encoded in a URL.
const email = /[\w.%+-]+(?:@|%40)[a-z0-9.-]+\.[a-z]{2,}/gi;
const ssn = /\b\d{3}-\d{2}-\d{4}\b/g;
// 13–19 digits, single spaces or dashes allowed between them; kept unless the Luhn check passes.
const cardCandidate = /\b\d(?:[ -]?\d){12,18}\b/g;

/** The Luhn checksum that every payment card number satisfies. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The text with e-mails, tokens, card numbers and social-security-like numbers replaced. */
export function scrub(text: string): string {
  return text
    .replace(tokenParameter, `$1${redacted.token}`)
    .replace(jwt, redacted.token)
    .replace(email, redacted.email)
    .replace(ssn, redacted.ssn)
    .replace(cardCandidate, (match) => {
      const digits = match.replace(/[ -]/g, '');
      return digits.length >= 13 && digits.length <= 19 && luhnValid(digits) ? redacted.card : match;
    });
}

const elementTextKeys = new Set(['$el_text', 'el_text', 'text']);
const hrefKeys = new Set(['attr__href', 'href', '$href', '$current_url', '$referrer', '$initial_referrer', '$initial_current_url', '$pathname']);

/** How long a property's text may be, by what it holds. */
export function limitFor(key: string): number {
  if (elementTextKeys.has(key)) return analyticsLimits.elementText;
  if (hrefKeys.has(key) || key.endsWith('_url') || key.endsWith('href')) return analyticsLimits.href;
  return analyticsLimits.text;
}

const cut = (text: string, limit: number) => (text.length > limit ? text.slice(0, limit) : text);

/**
 * `$elements_chain` is posthog's one-string form of the clicked element and its ancestors
 * (`button.primary:text="Save"href="/x"nth-child="1"…;div…`): each quoted value is scrubbed and cut
 * by its own limit, so the chain stays parseable.
 */
function sanitiseChain(chain: string): string {
  return chain.replace(/([\w:-]+)="((?:[^"\\]|\\.)*)"/g, (_all, key: string, value: string) => `${key}="${cut(scrub(value), limitFor(key))}"`);
}

// Ids posthog makes (session, window, device, event) and the user's own id: never personal data.
const uuidShaped = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sanitiseValue(key: string, value: unknown): unknown {
  if (typeof value === 'string') {
    if (uuidShaped.test(value)) return value;
    return key === '$elements_chain' ? sanitiseChain(value) : cut(scrub(value), limitFor(key));
  }
  if (Array.isArray(value)) return value.map((item) => sanitiseValue(key, item));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sanitiseValue(k, v)]));
  }
  return value;
}

/** The properties of an event (or of a person, `$set`/`$set_once`) as they may leave the browser. */
function sanitiseProperties<T extends Record<string, unknown>>(properties: T): T {
  return sanitiseValue('', properties) as T;
}

/** posthog's captured event, sanitised; the shape is posthog-js's `CaptureResult`. */
export function sanitiseEvent<E extends { properties?: Record<string, unknown>; $set?: Record<string, unknown>; $set_once?: Record<string, unknown> }>(
  event: E,
): E {
  return {
    ...event,
    ...(event.properties ? { properties: sanitiseProperties(event.properties) } : {}),
    ...(event.$set ? { $set: sanitiseProperties(event.$set) } : {}),
    ...(event.$set_once ? { $set_once: sanitiseProperties(event.$set_once) } : {}),
  };
}
